import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cpuPerRequestUs, type LoadResult } from '../../bench/load/load.js';
import { otherSections, speedTodaySection } from '../../bench/report/results-sections.js';
import { renderReport, verdictText } from '../../bench/report/results.js';
import { summariseRounds } from '../../bench/measure/rounds.js';
import {
  disturbance,
  growthRows,
  judgeCell,
  judgeWorkers,
  p99Target,
  ratioTarget,
  startupChecks,
  wrkLimited,
  writeChecks,
  type Cell,
  type SizeReport,
} from '../../bench/report/verdicts.js';
import { LIST_1000_WORKLOAD, LIST_50_WORKLOAD, MATCH_WORKLOAD, SLUG_WORKLOAD } from '../../bench/load/workloads.js';

interface Figures {
  readonly rps?: number;
  readonly p99Ms?: number;
  /** Server CPU in cores. */
  readonly server?: number;
  /** wrk CPU in cores (one thread). */
  readonly wrk?: number;
  readonly others?: number;
  readonly errors?: number;
  readonly timeouts?: number;
}

/** A measurement of 10 s by one wrk thread: by default a saturated server, wrk at half its core, a quiet machine. */
function load({ rps = 20_000, p99Ms = 5, server = 1, wrk = 0.5, others = 0, errors = 0, timeouts = 0 }: Figures = {}): LoadResult {
  return {
    requests: rps * 10,
    rps,
    p50Ms: p99Ms / 2,
    p99Ms,
    maxMs: p99Ms * 2,
    errors,
    timeouts,
    cpu: { server, load: wrk, others },
    cpuSeconds: 10,
    loadThreads: 1,
  };
}

/** A cell of one round pair per given figures, combined as the bench combines them. */
function roundsCell(workload: string, slotmoji: readonly Figures[], baseline: readonly Figures[], responseBytes = 1000): Cell {
  return { workload, responseBytes, ...summariseRounds({ slotmoji: slotmoji.map(load), baseline: baseline.map(load) }) };
}

function cell(workload: string, slotmoji: Figures, baseline: Figures = {}, responseBytes = 1000): Cell {
  return roundsCell(workload, [slotmoji], [baseline], responseBytes);
}

describe('bench targets by workload and size', () => {
  it('asks 0.90 of the slug lookup at every size', () => {
    for (const size of [200, 20_000, 100_000]) assert.equal(ratioTarget(SLUG_WORKLOAD, size), 0.9);
  });

  it('asks 0.80 of the other workloads up to 20,000 slots and 0.60 at 100,000, none in between', () => {
    for (const workload of [LIST_50_WORKLOAD, MATCH_WORKLOAD, 'GET /api/emojis', 'GET /api/slots/{slug}/similar']) {
      assert.equal(ratioTarget(workload, 200), 0.8);
      assert.equal(ratioTarget(workload, 20_000), 0.8);
      assert.equal(ratioTarget(workload, 50_000), undefined);
      assert.equal(ratioTarget(workload, 100_000), 0.6);
    }
  });

  it('sets no ratio target for ?limit=1000', () => {
    for (const size of [200, 20_000, 100_000]) assert.equal(ratioTarget(LIST_1000_WORKLOAD, size), undefined);
  });

  it('judges the ratio paired per round, so a round pair the drift split does not sink it', () => {
    // The baseline's third round ran in a fast spell: the medians' quotient is 14,500 / 21,000 = 0.69,
    // the pairs 0.95, 0.93 and 0.66, their median 0.93.
    const drifted = roundsCell(SLUG_WORKLOAD, [{ rps: 20_000 }, { rps: 14_000 }, { rps: 14_500 }], [{ rps: 21_000 }, { rps: 15_000 }, { rps: 22_000 }]);
    assert.ok(Math.abs(drifted.ratios.rps - 14 / 15) < 1e-9);
    assert.ok(drifted.slotmoji.rps / drifted.baseline.rps < 0.7);
    assert.equal(judgeCell(drifted, 200).judgement, 'pass');
  });

  it('judges a ratio against the target of its size', () => {
    const at = (size: number) => judgeCell(cell(LIST_50_WORKLOAD, { rps: 14_000 }), size);
    assert.deepEqual(at(20_000), { judgement: 'fail', reasons: ['ratio'], notes: [] });
    assert.deepEqual(at(100_000), { judgement: 'pass', reasons: [], notes: [] });
    assert.equal(judgeCell(cell(LIST_1000_WORKLOAD, { rps: 2_000 }), 200).judgement, 'pass');
  });
});

describe('bench CPU per request', () => {
  it('is the server CPU-seconds over the requests, in µs', () => {
    assert.equal(cpuPerRequestUs(load({ rps: 20_000, server: 1 })), 50);
    assert.equal(cpuPerRequestUs(load({ rps: 10_000, server: 0.5 })), 50);
    // 0.8 core for 2 s over 32,000 requests.
    assert.equal(cpuPerRequestUs({ ...load(), requests: 32_000, cpu: { server: 0.8, load: 0.5, others: 0 }, cpuSeconds: 2 }), 50);
  });

  it('judges the CPU-per-request ratio paired per round', () => {
    // Pairs at 1.0, 1.25 and 1.1 times the baseline's 50 µs: median 1.1, under 1.15, though the second pair alone is over.
    const judged = judgeCell(roundsCell(SLUG_WORKLOAD, [{ server: 1 }, { server: 1 }, { server: 1 }], [{ server: 1 }, { server: 0.8 }, { server: 1 / 1.1 }]), 200);
    assert.equal(judged.judgement, 'pass');
    const costly = roundsCell(SLUG_WORKLOAD, [{ server: 1 }, { server: 1 }, { server: 1 }], [{ server: 0.8 }, { server: 0.8 }, { server: 1 }]);
    assert.ok(Math.abs(costly.ratios.cpuPerRequest - 1.25) < 1e-9);
    assert.deepEqual(judgeCell(costly, 200), { judgement: 'fail', reasons: ['CPU per request'], notes: [] });
  });

  it('fails the slug lookup above 1.15 times the baseline even when its rps ratio passes', () => {
    // 19,000 rps on 1.0 core (52.6 µs) against 20,000 on 0.8 core (40 µs): ratio 0.95, CPU 1.32×.
    const costly = judgeCell(cell(SLUG_WORKLOAD, { rps: 19_000 }, { server: 0.8 }), 20_000);
    assert.deepEqual(costly, { judgement: 'fail', reasons: ['CPU per request'], notes: [] });
    // 19,000 on 1.0 against 20,000 on 0.95 (47.5 µs): 1.108×.
    assert.equal(judgeCell(cell(SLUG_WORKLOAD, { rps: 19_000 }, { server: 0.95 }), 20_000).judgement, 'pass');
  });

  it('sets no CPU-per-request target on the other workloads', () => {
    assert.equal(judgeCell(cell(MATCH_WORKLOAD, { rps: 19_000 }, { server: 0.5 }), 20_000).judgement, 'pass');
  });
});

describe('bench p99 target', () => {
  it('applies only where the baseline p99 is under 10 ms', () => {
    assert.equal(p99Target(cell(SLUG_WORKLOAD, {}, { p99Ms: 9.9 })), 10);
    assert.equal(p99Target(cell(SLUG_WORKLOAD, {}, { p99Ms: 10 })), undefined);
  });

  it('fails a slotmoji p99 of 10 ms or more against a baseline under 10 ms', () => {
    const judged = judgeCell(cell(LIST_50_WORKLOAD, { p99Ms: 10 }, { p99Ms: 9 }), 200);
    assert.deepEqual(judged, { judgement: 'fail', reasons: ['p99'], notes: [] });
  });

  it('does not hold a cell to it when the baseline p99 is 10 ms or more', () => {
    const judged = judgeCell(cell(LIST_50_WORKLOAD, { p99Ms: 40 }, { p99Ms: 12 }), 200);
    assert.deepEqual(judged, { judgement: 'pass', reasons: [], notes: [] });
  });
});

describe('bench cells that measured wrk', () => {
  it('calls wrk the limit at 90 % of its threads', () => {
    assert.equal(wrkLimited(load({ wrk: 0.9 })), true);
    assert.equal(wrkLimited(load({ wrk: 0.89 })), false);
    assert.equal(wrkLimited({ ...load({ wrk: 1.7 }), loadThreads: 2 }), false);
  });

  it('does not judge a cell where wrk was the limit for the baseline, even one that would pass', () => {
    const judged = judgeCell(cell(SLUG_WORKLOAD, { rps: 20_000 }, { rps: 20_000, wrk: 0.98, server: 0.8 }), 200);
    assert.equal(judged.judgement, 'not judged');
    assert.deepEqual(judged.reasons, ['wrk was the limit (baseline)']);
    assert.equal(verdictText(judged), 'not judged: wrk was the limit (baseline)');
  });

  it('does not judge a cell where wrk was the limit for slotmoji, even one that would fail', () => {
    const judged = judgeCell(cell(LIST_50_WORKLOAD, { rps: 5_000, p99Ms: 30, wrk: 0.95 }, { wrk: 0.95 }), 200);
    assert.equal(judged.judgement, 'not judged');
    assert.deepEqual(judged.reasons, ['wrk was the limit (slotmoji and baseline)']);
    assert.doesNotMatch(verdictText(judged), /pass|FAIL/);
  });

  it('finds a cell with errors invalid before anything else', () => {
    const judged = judgeCell(cell(SLUG_WORKLOAD, { errors: 3, wrk: 0.99 }), 200);
    assert.deepEqual(judged, { judgement: 'invalid', reasons: ['3 errors'], notes: [] });
    assert.equal(verdictText(judged), '**INVALID** (3 errors)');
  });
});

describe('bench disturbed cells', () => {
  it('judges them per CPU-second and says they were disturbed', () => {
    // Other jobs took 40 % of slotmoji's core: 12,000 rps on 0.6 core is 50 µs/req, the baseline's own cost.
    const judged = judgeCell(cell(SLUG_WORKLOAD, { rps: 12_000, server: 0.6, others: 0.4 }), 20_000);
    assert.equal(judged.judgement, 'pass');
    assert.deepEqual(judged.notes, ['disturbed: other jobs used 40%, ratio judged per CPU-second']);
    assert.equal(verdictText(judged), 'pass; disturbed: other jobs used 40%, ratio judged per CPU-second');
  });

  it('judges an undisturbed cell per second', () => {
    assert.equal(judgeCell(cell(SLUG_WORKLOAD, { rps: 12_000, server: 0.6, others: 0.1 }), 20_000).judgement, 'fail');
  });

  it('judges disturbance on the mean of other jobs over either server\'s rounds', () => {
    // One burst of 0.6 core in one of three slotmoji rounds averages 0.2; the baseline's rounds average 0.1.
    const bursty = roundsCell(SLUG_WORKLOAD, [{ others: 0 }, { others: 0.6 }, { others: 0 }], [{ others: 0.1 }, { others: 0.1 }, { others: 0.1 }]);
    assert.ok(Math.abs(disturbance(bursty) - 0.2) < 1e-9);
    assert.deepEqual(judgeCell(bursty, 200).notes, ['disturbed: other jobs used 20%, ratio judged per CPU-second']);
    const quiet = roundsCell(SLUG_WORKLOAD, [{ others: 0 }, { others: 0.3 }, { others: 0 }], [{}, {}, {}]);
    assert.deepEqual(judgeCell(quiet, 200).notes, []);
  });
});

function size(slots: number, cells: readonly Cell[]): Pick<SizeReport, 'size' | 'cells'> {
  return { size: slots, cells };
}

describe('bench cost growth with the catalogue', () => {
  it('judges the largest size over the smallest where the body stays within 10 %', () => {
    const rows = growthRows([
      size(100_000, [cell(SLUG_WORKLOAD, { rps: 15_000 }, {}, 1040)]), // 66.7 µs
      size(200, [cell(SLUG_WORKLOAD, { rps: 20_000 }, {}, 1000)]), // 50 µs
      size(20_000, [cell(SLUG_WORKLOAD, { rps: 19_000 }, {}, 1099)]),
    ]);
    assert.equal(rows.length, 1);
    const [row] = rows;
    assert.deepEqual(row?.sizes, [200, 20_000, 100_000]);
    assert.equal(row?.sameBody, true);
    assert.ok(Math.abs((row?.growth ?? 0) - 4 / 3) < 1e-9);
    assert.deepEqual(row?.verdict, { judgement: 'fail', reasons: ['growth'], notes: [] });
  });

  it('measures growth against the baseline, so a machine slower at one size than at another does not count', () => {
    // At 100,000 slots both servers ran in a slow spell: slotmoji's CPU per request doubled, and so did the baseline's.
    const [row] = growthRows([
      size(200, [cell(SLUG_WORKLOAD, { rps: 20_000 }, { rps: 22_000 })]),
      size(100_000, [cell(SLUG_WORKLOAD, { rps: 10_000 }, { rps: 11_000 })]),
    ]);
    assert.deepEqual(
      row?.cpuUs.map((us) => Math.round(us)),
      [50, 100],
    );
    assert.ok(Math.abs((row?.growth ?? 0) - 1) < 1e-9, `growth ${row?.growth}`);
    assert.equal(row?.verdict?.judgement, 'pass');
    const [grew] = growthRows([
      size(200, [cell(SLUG_WORKLOAD, { rps: 20_000 }, { rps: 22_000 })]),
      size(100_000, [cell(SLUG_WORKLOAD, { rps: 10_000 }, { rps: 15_000 })]),
    ]);
    assert.ok(Math.abs((grew?.growth ?? 0) - 15 / 11) < 1e-9, `growth ${grew?.growth}`);
    assert.equal(grew?.verdict?.judgement, 'fail');
  });

  it('passes growth of at most 1.20', () => {
    const [row] = growthRows([size(200, [cell('GET /api/emojis', { rps: 20_000 })]), size(100_000, [cell('GET /api/emojis', { rps: 16_800 })])]);
    assert.equal(row?.verdict?.judgement, 'pass');
  });

  it('shows growth without a verdict where the body grows by more than 10 %', () => {
    const [row] = growthRows([size(200, [cell(MATCH_WORKLOAD, { rps: 20_000 }, {}, 1000)]), size(20_000, [cell(MATCH_WORKLOAD, { rps: 5_000 }, {}, 1101)])]);
    assert.equal(row?.sameBody, false);
    assert.ok(Math.abs((row?.growth ?? 0) - 4) < 1e-9);
    assert.equal(row?.verdict, undefined);
  });

  it('does not judge growth where wrk was the limit at either end', () => {
    const [row] = growthRows([size(200, [cell('GET /api/emojis', { rps: 20_000, wrk: 0.95 })]), size(100_000, [cell('GET /api/emojis', { rps: 10_000 })])]);
    assert.equal(row?.verdict?.judgement, 'not judged');
  });

  it('has no growth with one size', () => {
    const [row] = growthRows([size(200, [cell('GET /api/emojis', {})])]);
    assert.equal(row?.growth, undefined);
    assert.equal(row?.verdict, undefined);
  });
});

const quietWrite = { writes: 5, writeMs: [300, 12, 12, 12, 12], writeServerMs: [290, 10, 10, 10, 10], maxReadDuringWriteMs: 20, maxReadQuietMs: 5, reads: 400 };

function sizeReport(slots: number, overrides: Partial<SizeReport> = {}): SizeReport {
  return {
    size: slots,
    importMs: 4000,
    importPeakRssMb: 550,
    readyMs: 1500,
    rssReadyMb: 250,
    rssAfterLoadMb: 280,
    peakRssMb: 290,
    cells: [],
    write: quietWrite,
    ...overrides,
  };
}

describe('bench start-up, memory, import and write targets', () => {
  it('apply at 100,000 slots only', () => {
    assert.deepEqual(startupChecks(sizeReport(20_000, { readyMs: 9000 })), []);
    assert.deepEqual(writeChecks(sizeReport(20_000, { write: { ...quietWrite, maxReadDuringWriteMs: 90 } })), []);
  });

  it('pass within their limits, with no target on the write latency itself', () => {
    assert.ok(startupChecks(sizeReport(100_000)).every((check) => check.ok));
    assert.deepEqual(writeChecks(sizeReport(100_000)), [{ label: 'stall < 50 ms', ok: true }]);
  });

  it('fail each limit on its own', () => {
    const failing = (overrides: Partial<SizeReport>) =>
      startupChecks(sizeReport(100_000, overrides))
        .filter((check) => !check.ok)
        .map((check) => check.label);
    assert.deepEqual(failing({ readyMs: 2001 }), ['ready ≤ 2000 ms']);
    assert.deepEqual(failing({ rssReadyMb: 301 }), ['RSS at ready ≤ 300 MB']);
    assert.deepEqual(failing({ importMs: 5001 }), ['import ≤ 5000 ms']);
    assert.deepEqual(failing({ importPeakRssMb: 601 }), ['import peak RSS ≤ 600 MB']);
    assert.deepEqual(writeChecks(sizeReport(100_000, { write: { ...quietWrite, maxReadDuringWriteMs: 50 } })), [{ label: 'stall < 50 ms', ok: false }]);
  });
});

describe('bench report', () => {
  const sizes = [
    sizeReport(200, { cells: [cell(SLUG_WORKLOAD, { rps: 20_000 }), cell(LIST_1000_WORKLOAD, { rps: 200, server: 0.15, wrk: 0.99 }, { rps: 220, server: 0.16, wrk: 0.99, p99Ms: 900 })] }),
    sizeReport(20_000, {
      cells: [roundsCell(SLUG_WORKLOAD, [{ rps: 20_000 }, { rps: 14_000 }, { rps: 14_500 }], [{ rps: 21_000 }, { rps: 15_000 }, { rps: 22_000 }])],
    }),
    sizeReport(100_000, { readyMs: 2500, cells: [cell(SLUG_WORKLOAD, { rps: 19_000 }), cell(LIST_1000_WORKLOAD, { rps: 240, server: 0.13, wrk: 0.99 }, { p99Ms: 800 })] }),
  ];
  const report: Parameters<typeof renderReport>[0] = {
    command: 'npm run bench',
    date: '2026-11-25T00:00:00.000Z',
    machine: { cpuCount: 2, cpuModel: 'test CPU', memoryGiB: 8, node: 'v20.0.0', kernel: 'linux x64' },
    loadBefore: '0.10, 0.10, 0.10',
    loadAfter: '0.20, 0.20, 0.20',
    build: 'commit abc1234',
    wrk: 'wrk 4.1.0',
    options: { sizes: [200, 100_000], seconds: 10, rounds: 5, warmupSeconds: 3, connections: 50, profileSeconds: 0 },
    placement: { server: '0', load: '1', loadThreads: 1, shared: false, note: 'server on core 0, wrk on the others' },
    patienceSpentMs: 12_000,
    workloadNotes: [],
    sizes,
    workers: undefined,
    profiles: [],
  };
  const text = renderReport(report, '## What limits speed today\n\nthe summary.');
  const row = (slots: string, workload: string) => text.split('\n').find((line) => line.startsWith(`| ${slots} | \`${workload}\``)) ?? '';

  it('puts the summary at the top of the report, after its opening line', () => {
    const lines = text.split('\n');
    assert.equal(lines.indexOf('## What limits speed today'), 4);
    assert.ok(lines.indexOf('## What limits speed today') < lines.indexOf('## Throughput and latency'));
  });

  it('shows the judged projection beside the measured ratio in the report', () => {
    const placement = { server: '0-1', load: '0-1', loadThreads: 1, shared: true, note: 'shared' };
    const workers = { size: 200, placement, single: load({ rps: 38_000, server: 1, wrk: 0.55 }), workers: load({ rps: 40_000, server: 1.4, wrk: 0.55 }) };
    const withWorkers = renderReport({ ...report, workers }, '## What limits speed today\n\nthe summary.');
    assert.match(withWorkers, /\| 1\.05 \| ≥ 1\.6 \(judged: 1\.50 projected, see below\) \*\*FAIL\*\* \|/);
    assert.match(withWorkers, /could have measured at most 1\.31×, so the ratio judged is the projection/);
  });

  it('shows CPU per request of both servers and their ratio in the throughput table', () => {
    // slotmoji 19,000 rps on one core: 52.6 µs; baseline 50.0 µs; 1.05×.
    assert.match(row('100,000', SLUG_WORKLOAD), /\| 52\.6 \|.*\| 50\.0 \|.*\| 0\.95 \| 0\.95 \| 1\.05 \| ≥ 0\.90, CPU\/req ≤ 1\.15×, p99 < 10 \| pass \|$/);
  });

  it('shows the paired ratios, not the quotients of the combined columns', () => {
    // slotmoji's median 14,500 rps and the baseline's 21,000 beside a paired ratio of 0.93.
    assert.match(row('20,000', SLUG_WORKLOAD), /^\| 20,000 \| `[^`]+` \| 1,000 \| 14,500 \|.*\| 21,000 \|.*\| 0\.93 \| 0\.93 \| 1\.07 \| ≥ 0\.90, CPU\/req ≤ 1\.15×, p99 < 10 \| pass \|$/);
  });

  it('says how the cells were measured: rounds, medians, paired ratios', () => {
    assert.match(text, /Per cell: 3 s warm-up \(discarded\) of slotmoji, then of the baseline, then 5 rounds of 2 s per server, in pairs back to back, which goes first swapping from pair to pair: slotmoji, baseline, baseline, slotmoji, …/);
    assert.match(text, /rps, p50 and p99 are the medians of its rounds' figures/);
    assert.match(text, /CPU µs\/req is the server's CPU-seconds summed over its rounds \/ the requests it answered in them/);
    assert.match(text, /The three ratio columns are paired: each is taken within every round pair, and the median over the pairs is shown \(and judged\)/);
  });

  it('marks wrk-limited cells not judged and says when there is no p99 target', () => {
    assert.match(row('200', LIST_1000_WORKLOAD), /\| no ratio target, no p99 target \(baseline p99 ≥ 10 ms\) \| not judged: wrk was the limit \(slotmoji and baseline\) \|$/);
  });

  it('has the growth table with a verdict only where the body does not grow', () => {
    const growth = text.split('\n').find((line) => line.startsWith(`| \`${SLUG_WORKLOAD}\` | 1,000 |`)) ?? '';
    // At 20,000 slots, 30 server CPU-seconds over 485,000 requests: 61.9 µs.
    assert.match(growth, /\| 50\.0 \(1\.00×\) \| 61\.9 \(1\.07×\) \| 52\.6 \(1\.05×\) \| 1\.05× \| ≤ 1\.20× \| pass \|$/);
    assert.match(text, /\| `GET \/api\/slots\?limit=1000` \| 1,000 \| 750\.0 \(1\.03×\) \| — \| 541\.7 \(10\.83×\) \| 10\.51× \| ≤ 1\.20× \| not judged: wrk was the limit \|/);
  });

  it('judges start-up at 100,000 slots against the new targets', () => {
    const startup = text.split('\n').find((line) => line.startsWith('| 100,000 | 4,000 | 550 |')) ?? '';
    assert.match(startup, /ready ≤ 2000 ms \*\*FAIL\*\*, RSS at ready ≤ 300 MB pass, import ≤ 5000 ms pass, import peak RSS ≤ 600 MB pass \|$/);
    assert.doesNotMatch(text, /write < 200|ready < 3000|< 400 MB/);
  });
});

describe('bench RESULTS.md kept sections', () => {
  it('keeps the summary of what limits speed, and the follow section, and adds a summary placeholder where there is none', () => {
    const directory = mkdtempSync(join(tmpdir(), 'slotmoji-bench-sections-'));
    try {
      const path = join(directory, 'RESULTS.md');
      const follow = '## Two instances following each other (PostgreSQL + Redis)\n\nfollowed.\n';
      const summary = '## What limits speed today\n\nslug is slow.\n\n### Detail\n\nmore.';
      writeFileSync(path, `# Benchmark results\n\nintro\n\n${summary}\n\n## This run\n\nold tables\n\n## Profile\n\nold\n\n${follow}`);
      assert.equal(speedTodaySection(path), summary);
      assert.equal(otherSections(path), `\n${follow}`);
      writeFileSync(path, `# Benchmark results\n\n${follow}`);
      assert.equal(speedTodaySection(path), '## What limits speed today\n\n(the lead fills this in)');
      assert.equal(otherSections(path), `\n${follow}`);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('WORKERS=2 against one process', () => {
  // One process saturates its core at 38,000 rps: 26.3 µs a request.
  const single = load({ rps: 38_000, server: 1, wrk: 0.55 });

  it('judges the projection when wrk shares the two cores, and says how far the measurement could go', () => {
    // Two workers: 1.4 cores for 40,000 rps, 35 µs a request; wrk 13.75 µs a request.
    const verdict = judgeWorkers(single, load({ rps: 40_000, server: 1.4, wrk: 0.55 }), true);
    assert.equal(verdict.judged, 'projected');
    assert.equal(verdict.measured.toFixed(3), '1.053');
    assert.equal(verdict.projected.toFixed(3), '1.504');
    assert.equal(verdict.ceiling.toFixed(3), '1.314');
    assert.equal(verdict.ok, false);
  });

  it('passes workers whose CPU per request scales, however little the shared cores let them answer', () => {
    // 1.2 cores for 46,000 rps: 26.1 µs a request, as one process.
    const verdict = judgeWorkers(single, load({ rps: 46_000, server: 1.2, wrk: 0.6 }), true);
    assert.equal(verdict.projected.toFixed(2), '2.02');
    assert.ok(verdict.measured < 1.6);
    assert.equal(verdict.ok, true);
  });

  it('judges the measurement on cores of their own', () => {
    const scaling = judgeWorkers(single, load({ rps: 64_600, server: 2 }), false);
    assert.deepEqual([scaling.judged, scaling.measured.toFixed(2), 'ceiling' in scaling, scaling.ok], ['measured', '1.70', false, true]);
    // Cheap per request, yet answering only 1.5 times as much: a fail.
    assert.equal(judgeWorkers(single, load({ rps: 57_000, server: 1.2 }), false).ok, false);
  });
});
