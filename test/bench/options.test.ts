import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { benchOptions } from '../../bench/report/options.js';

describe('bench options', () => {
  it('measures each cell in 5 rounds of the 10 s by default', () => {
    const options = benchOptions({});
    assert.equal(options.rounds, 5);
    assert.equal(options.seconds, 10);
  });

  it('reads BENCH_ROUNDS as a whole number of at least 1', () => {
    assert.equal(benchOptions({ BENCH_ROUNDS: ' 3 ' }).rounds, 3);
    assert.equal(benchOptions({ BENCH_ROUNDS: '1' }).rounds, 1);
    assert.equal(benchOptions({ BENCH_ROUNDS: '' }).rounds, 5);
    for (const raw of ['0', '2.5', '-1', 'five']) {
      assert.throws(() => benchOptions({ BENCH_ROUNDS: raw }), new RegExp(`BENCH_ROUNDS must be a whole number ≥ 1, got "${raw}"`));
    }
  });
});
