import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { dumpCounts, dumpFileThread, instructionsIn } from '../../bench/measure/callgrind.js';

/** The head of a dump as callgrind 3.19 writes it, with the figures given. */
const dump = (totals: number) => `# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 0\n\nfl=(1) ???\nfn=(1) x\n0 5\ntotals: ${totals}\n`;

describe('callgrind dumps', () => {
  it('reads the totals line, not the summary before it', () => {
    assert.equal(instructionsIn(dump(79_144_255)), 79_144_255);
    assert.throws(() => instructionsIn('events: Ir\nsummary: 12\n'), /without a totals line/);
  });

  it('tells the thread of each file of one dump, and nothing of the others', () => {
    assert.equal(dumpFileThread('callgrind.out.2-01', 2), 1);
    assert.equal(dumpFileThread('callgrind.out.2-12', 2), 12);
    for (const name of ['callgrind.out.12-01', 'callgrind.out.1-01', 'callgrind.out-01', 'callgrind.out', 'callgrindXout.2-01']) {
      assert.equal(dumpFileThread(name, 2), undefined, name);
    }
  });

  it('adds up the threads of one dump and keeps the main thread apart', () => {
    const directory = mkdtempSync(join(tmpdir(), 'callgrind-test-'));
    try {
      const files: Record<string, number> = { 'callgrind.out-01': 7, 'callgrind.out.1-01': 100, 'callgrind.out.1-03': 20, 'callgrind.out.1-10': 3, 'callgrind.out.2-01': 50 };
      for (const [name, totals] of Object.entries(files)) writeFileSync(join(directory, name), dump(totals));
      assert.deepEqual(dumpCounts(directory, 1), { mainThread: 100, allThreads: 123 });
      assert.deepEqual(dumpCounts(directory, 2), { mainThread: 50, allThreads: 50 });
      assert.throws(() => dumpCounts(directory, 3), /no dump 3 of the main thread/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
