import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { programArguments } from '../support/programs.js';

/**
 * The child's environment without coverage collection (a coverage run's instrumentation changes the
 * feedback read here): NODE_V8_COVERAGE propagates to subprocesses unless set to an empty string.
 */
const UNCOVERED_ENV = { ...process.env, NODE_V8_COVERAGE: '' };

/**
 * V8's feedback for `nextTick` after idle full collections (test/support/next-tick-feedback.ts), with
 * the tuning or without: one state per property definition of the entry's object literal. V8 prints
 * through C's buffered stdout, which a pipe may cut short at exit; a file gets all of it.
 */
function literalFeedbackStates(tuned: boolean, directory: string): string[] {
  const output = join(directory, `feedback-${tuned ? 'tuned' : 'untuned'}.txt`);
  const file = openSync(output, 'w');
  try {
    const child = spawnSync(process.execPath, ['--expose-gc', '--allow-natives-syntax', ...programArguments('nextTickFeedback'), tuned ? 'tuned' : 'untuned'], { stdio: ['ignore', file, 'pipe'], env: UNCOVERED_ENV });
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
