import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cpuPerRequestUs, type LoadResult, type LoadTarget } from '../../bench/load/load.js';
import { combineRounds, measureRounds, median, pairedRatios, roundSeconds, summariseRounds } from '../../bench/measure/rounds.js';

interface Figures {
  readonly rps?: number;
  readonly p50Ms?: number;
  readonly p99Ms?: number;
  readonly maxMs?: number;
  readonly errors?: number;
  readonly timeouts?: number;
  /** Server, wrk and other jobs' CPU, in cores. */
  readonly server?: number;
  readonly wrk?: number;
  readonly others?: number;
  /** How long the round lasted. */
  readonly seconds?: number;
}

/** One round: by default 2 s at 20,000 rps on a whole core. */
function round({ rps = 20_000, p50Ms = 1, p99Ms = 3, maxMs = 6, errors = 0, timeouts = 0, server = 1, wrk = 0.5, others = 0, seconds = 2 }: Figures = {}): LoadResult {
  return { requests: rps * seconds, rps, p50Ms, p99Ms, maxMs, errors, timeouts, cpu: { server, load: wrk, others }, cpuSeconds: seconds, loadThreads: 1 };
}

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

describe('bench median', () => {
  it('is the middle value of an odd count, in any order', () => {
    assert.equal(median([7]), 7);
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([0.9, 0.5, 1.2, 0.95, 40]), 0.95);
  });

  it('is the mean of the two middle values of an even count', () => {
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(median([10, 20]), 15);
  });

  it('leaves its input as it is and refuses nothing', () => {
    const values = [3, 1, 2];
    median(values);
    assert.deepEqual(values, [3, 1, 2]);
    assert.throws(() => median([]), /no values/);
  });
});

describe('bench round length', () => {
  it('splits the measured seconds into whole-second rounds', () => {
    assert.equal(roundSeconds(10, 5), 2);
    assert.equal(roundSeconds(10, 1), 10);
    assert.equal(roundSeconds(10, 3), 3);
    assert.equal(roundSeconds(10, 4), 3);
  });

  it('never goes under one second', () => {
    assert.equal(roundSeconds(3, 5), 1);
    assert.equal(roundSeconds(1, 10), 1);
  });
});

describe('bench rounds of one server combined', () => {
  const rounds = [
    round({ rps: 30_000, p50Ms: 0.5, p99Ms: 2, maxMs: 9, errors: 1, server: 1, wrk: 0.4, others: 0 }),
    round({ rps: 10_000, p50Ms: 2, p99Ms: 8, maxMs: 30, timeouts: 2, server: 0.7, wrk: 0.2, others: 0.3 }),
    round({ rps: 20_000, p50Ms: 1, p99Ms: 4, maxMs: 12, errors: 3, server: 0.4, wrk: 0.3, others: 0.6 }),
  ];
  const combined = combineRounds(rounds);

  it('takes the medians of rps, p50 and p99, and the longest latency', () => {
    assert.equal(combined.rps, 20_000);
    assert.equal(combined.p50Ms, 1);
    assert.equal(combined.p99Ms, 4);
    assert.equal(combined.maxMs, 30);
  });

  it('sums requests, errors, timeouts and time', () => {
    assert.equal(combined.requests, 120_000);
    assert.equal(combined.errors, 4);
    assert.equal(combined.timeouts, 2);
    assert.equal(combined.cpuSeconds, 6);
    assert.equal(combined.loadThreads, 1);
  });

  it('takes the mean CPU use of the server, wrk and other jobs', () => {
    close(combined.cpu.server, 0.7);
    close(combined.cpu.load, 0.3);
    close(combined.cpu.others, 0.3);
  });

  it('weighs each round\'s CPU by its length, so CPU per request stays all CPU-seconds over all requests', () => {
    // 1 core for 1 s and 0.4 core for 3 s: 2.2 CPU-seconds over 4 s, for 10,000 + 30,000 requests.
    const uneven = combineRounds([round({ rps: 10_000, server: 1, seconds: 1 }), round({ rps: 10_000, server: 0.4, seconds: 3 })]);
    close(uneven.cpu.server, 0.55);
    close(cpuPerRequestUs(uneven), (2.2 / 40_000) * 1e6);
    // With equal rounds: (2 + 1.4 + 0.8) CPU-seconds over 120,000 requests.
    close(cpuPerRequestUs(combined), (4.2 / 120_000) * 1e6);
  });

  it('is the round itself for one round', () => {
    assert.deepEqual(combineRounds([rounds[1] as LoadResult]), rounds[1]);
  });

  it('refuses no rounds', () => {
    assert.throws(() => combineRounds([]), /no rounds/);
  });
});

describe('bench ratios paired per round', () => {
  it('takes the median of slotmoji\'s rps over the baseline\'s within each pair, not the quotient of their medians', () => {
    // Pairs 20/21, 14/15 and 14.5/22 (the baseline's last round in a fast spell): median 14/15; the medians' quotient 14,500 / 21,000.
    const rounds = {
      slotmoji: [round({ rps: 20_000 }), round({ rps: 14_000 }), round({ rps: 14_500 })],
      baseline: [round({ rps: 21_000 }), round({ rps: 15_000 }), round({ rps: 22_000 })],
    };
    close(pairedRatios(rounds).rps, 14 / 15);
    const { slotmoji, baseline } = summariseRounds(rounds);
    close(slotmoji.rps / baseline.rps, 14_500 / 21_000);
  });

  it('takes the mean of the two middle pairs of an even count', () => {
    const rounds = {
      slotmoji: [round({ rps: 9_000 }), round({ rps: 8_000 }), round({ rps: 10_000 }), round({ rps: 5_000 })],
      baseline: [round({ rps: 10_000 }), round({ rps: 10_000 }), round({ rps: 10_000 }), round({ rps: 10_000 })],
    };
    close(pairedRatios(rounds).rps, 0.85);
  });

  it('pairs CPU per request the same way, both ways round', () => {
    // slotmoji 50 µs/req throughout; the baseline 50, 40 and 25 µs/req: CPU/req ratios 1, 1.25, 2; per CPU-s 1, 0.8, 0.5.
    const rounds = {
      slotmoji: [round({ server: 1 }), round({ server: 1 }), round({ server: 1 })],
      baseline: [round({ server: 1 }), round({ server: 0.8 }), round({ server: 0.5 })],
    };
    const ratios = pairedRatios(rounds);
    close(ratios.cpuPerRequest, 1.25);
    close(ratios.perCpuSecond, 0.8);
  });

  it('refuses rounds that do not pair up', () => {
    assert.throws(() => pairedRatios({ slotmoji: [round(), round()], baseline: [round()] }), /unpaired rounds: 2 and 1/);
  });

  it('are part of the summary, beside each server\'s combined rounds', () => {
    const rounds = { slotmoji: [round({ rps: 10_000 }), round({ rps: 30_000 })], baseline: [round({ rps: 20_000 }), round({ rps: 20_000 })] };
    const summary = summariseRounds(rounds);
    assert.deepEqual(summary, { slotmoji: combineRounds(rounds.slotmoji), baseline: combineRounds(rounds.baseline), ratios: pairedRatios(rounds) });
    close(summary.ratios.rps, 1);
  });
});

describe('bench interleaved rounds', () => {
  const targets = { slotmoji: { url: 'http://127.0.0.1:1', pid: 1 }, baseline: { url: 'http://127.0.0.1:2', pid: 2 } };

  /** A stand-in for wrk that notes each run and answers with its sequence number as rps. */
  function recorder() {
    const runs: string[] = [];
    const run = async (target: LoadTarget, seconds: number) => {
      runs.push(`${target.pid === 1 ? 'slotmoji' : 'baseline'} ${seconds} s`);
      return round({ rps: runs.length });
    };
    return { runs, run };
  }

  it('warms each server up once, then runs round pairs back to back, swapping which server goes first', async () => {
    const { runs, run } = recorder();
    const rounds = await measureRounds(run, targets, { rounds: 3, roundSeconds: 2, warmupSeconds: 3 });
    assert.deepEqual(runs, ['slotmoji 3 s', 'baseline 3 s', 'slotmoji 2 s', 'baseline 2 s', 'baseline 2 s', 'slotmoji 2 s', 'slotmoji 2 s', 'baseline 2 s']);
    // The warm-ups (runs 1 and 2) are not kept; each server's rounds are in order, paired by pair.
    assert.deepEqual(rounds.slotmoji.map((result) => result.rps), [3, 6, 7]);
    assert.deepEqual(rounds.baseline.map((result) => result.rps), [4, 5, 8]);
  });

  it('skips the warm-up when it is 0 s', async () => {
    const { runs, run } = recorder();
    await measureRounds(run, targets, { rounds: 1, roundSeconds: 10, warmupSeconds: 0 });
    assert.deepEqual(runs, ['slotmoji 10 s', 'baseline 10 s']);
  });
});
