import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';

const TUNING_MODULE = pathToFileURL('src/v8-tuning.ts').href;
/**
 * The child's environment without coverage collection (a coverage run's instrumentation changes the
 * feedback read here): NODE_V8_COVERAGE propagates to subprocesses unless set to an empty string.
 */
const UNCOVERED_ENV = { ...process.env, NODE_V8_COVERAGE: '' };

/**
 * A child process that makes `process.nextTick` queue entries, collects the whole heap a few times
 * while none is alive, makes more, and prints V8's feedback for `nextTick` (natives syntax): one
 * state per property definition of the entry's object literal. V8 prints through C's buffered
 * stdout, which a pipe may cut short at exit; a file gets all of it.
 */
function literalFeedbackStates(tuned: boolean, directory: string): string[] {
  const script = `
    if (${tuned}) (await import(${JSON.stringify(TUNING_MODULE)})).tuneV8ForServing();
    const ticks = async (count) => { for (let i = 0; i < count; i++) await new Promise((resolve) => process.nextTick(resolve)); };
    await ticks(2000);
    for (let i = 0; i < 8; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      globalThis.gc();
      await ticks(10);
    }
    await ticks(2000);
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  const output = join(directory, `feedback-${tuned ? 'tuned' : 'untuned'}.txt`);
  const file = openSync(output, 'w');
  try {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', '--allow-natives-syntax', '--input-type=module', '-e', script], { stdio: ['ignore', file, 'pipe'], env: UNCOVERED_ENV });
    assert.equal(child.status, 0, String(child.stderr));
  } finally {
    closeSync(file);
  }
  const printed = readFileSync(output, 'utf8');
  return [...printed.matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] as string);
}

describe('V8 tuning for serving', () => {
  const directory = mkdtempSync(join(tmpdir(), 'slotmoji-v8-'));
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('without it, idle full collections leave nextTick building its entries in the runtime (megamorphic)', () => {
    // The control: the problem the tuning answers exists on this Node; if a Node fixes it, this fails first.
    assert.ok(literalFeedbackStates(false, directory).includes('MEGAMORPHIC'));
  });

  it('with it, every property definition of nextTick’s entry stays monomorphic', () => {
    const states = literalFeedbackStates(true, directory);
    assert.ok(states.length >= 4, `expected the entry's four property definitions, got ${states.join(', ')}`);
    assert.deepEqual(new Set(states), new Set(['MONOMORPHIC']));
  });
});
