import type { BenchOptions } from './options.js';
import { DISTURBED_CORES, type LoadResult } from './load.js';
import type { Machine, Placement } from './machine.js';
import type { ProfileSummary } from './profile.js';
import { P99_TARGET_MS, ratioTarget, SLUG_WORKLOAD } from './workloads.js';
import type { WriteStall } from './write-stall.js';

export interface Cell {
  readonly workload: string;
  readonly responseBytes: number;
  readonly slotmoji: LoadResult;
  readonly baseline: LoadResult;
}

export interface SizeReport {
  readonly size: number;
  readonly importMs: number;
  readonly readyMs: number;
  readonly rssReadyMb: number;
  readonly rssAfterLoadMb: number;
  /** VmHWM after the load: the most the process ever held resident, start-up included. */
  readonly peakRssMb: number;
  readonly cells: readonly Cell[];
  readonly write: WriteStall;
}

export interface WorkersReport {
  readonly size: number;
  readonly placement: Placement;
  readonly single: LoadResult;
  /** Undefined when `WORKERS=2` forked no worker: not implemented yet. */
  readonly workers: LoadResult | undefined;
}

export interface ProfileReport {
  readonly size: number;
  readonly workload: string;
  readonly summary: ProfileSummary;
}

export interface BenchReport {
  readonly command: string;
  readonly date: string;
  readonly machine: Machine;
  readonly loadBefore: string;
  readonly loadAfter: string;
  /** Which source the measured build came from. */
  readonly build: string;
  readonly wrk: string;
  readonly options: BenchOptions;
  readonly placement: Placement;
  /** What each workload asks for, for the record. */
  readonly workloadNotes: readonly string[];
  readonly sizes: readonly SizeReport[];
  readonly workers: WorkersReport | undefined;
  readonly profiles: readonly ProfileReport[];
}

/** Targets of the issue for what start-up, memory, writes and workers must reach at 100,000 slots. */
const TARGETS = {
  readyMs: 3000,
  rssMb: 400,
  writeMs: 200,
  stallMs: 50,
  workersRatio: 1.6,
  /** The size the start-up, memory and write targets apply at. */
  size: 100_000,
} as const;

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => value.toFixed(2);
const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');
const percent = (share: number) => `${Math.round(share * 100)}%`;
/** Who used the CPU during a measurement: the server, wrk, other jobs. */
const cpu = (result: LoadResult) => `${percent(result.cpu.server)}/${percent(result.cpu.load)}/${percent(result.cpu.others)}`;

/** wrk, not the server, set the pace: its threads were near saturation while the server had time to spare. */
const wrkBound = (result: LoadResult) => result.cpu.load >= 0.9 * result.loadThreads && result.cpu.server < 0.9;

const rpsRatio = (cell: Cell) => cell.slotmoji.rps / cell.baseline.rps;
/** Requests per CPU-second of slotmoji over the baseline's: the fair comparison when wrk, not the servers, set the pace. */
const cpuRatio = (cell: Cell) => cell.slotmoji.rps / cell.slotmoji.cpu.server / (cell.baseline.rps / cell.baseline.cpu.server);
const disturbance = (cell: Cell) => Math.max(cell.slotmoji.cpu.others, cell.baseline.cpu.others);
/**
 * The ratio a target is judged on: per CPU-second where wrk held the baseline back or other jobs took
 * CPU from either server (neither then had a whole core, so rps says little), else per second.
 */
const judgedRatio = (cell: Cell) => (wrkBound(cell.baseline) || disturbance(cell) > DISTURBED_CORES ? cpuRatio(cell) : rpsRatio(cell));

/** Caveats that change how a measurement reads. */
function caveats(cell: Cell): string[] {
  const notes: string[] = [];
  if (wrkBound(cell.baseline)) notes.push('baseline held back by wrk: ratio judged per CPU-second');
  if (cell.slotmoji.p99Ms >= P99_TARGET_MS && cell.baseline.p99Ms >= P99_TARGET_MS) notes.push(`baseline p99 also ≥ ${P99_TARGET_MS} ms`);
  if (disturbance(cell) > DISTURBED_CORES) notes.push(`disturbed: other jobs used ${percent(disturbance(cell))}, ratio judged per CPU-second`);
  return notes;
}

function cellVerdict(cell: Cell, size: number): string {
  const errors = cell.slotmoji.errors + cell.baseline.errors;
  if (errors > 0) return `**INVALID** (${int(errors)} errors)`;
  const target = ratioTarget(cell.workload, size);
  const failures: string[] = [];
  if (target !== undefined && judgedRatio(cell) < target) failures.push('ratio');
  if (cell.slotmoji.p99Ms >= P99_TARGET_MS) failures.push('p99');
  if (cell.slotmoji.timeouts > 0) failures.push(`${int(cell.slotmoji.timeouts)} timeouts`);
  const result = failures.length === 0 ? 'pass' : `**FAIL** (${failures.join(', ')})`;
  return [result, ...caveats(cell)].join('; ');
}

function throughputTable(report: BenchReport): string[] {
  const lines = [
    '| slots | workload | body B | slotmoji rps | p50 ms | p99 ms | CPU srv/wrk/other | baseline rps | baseline p99 ms | CPU srv/wrk/other | ratio | ratio per CPU-s | target | result |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const size of report.sizes) {
    for (const cell of size.cells) {
      const target = ratioTarget(cell.workload, size.size);
      const targetText = `${target === undefined ? '' : `≥ ${target.toFixed(2)}, `}p99 < ${P99_TARGET_MS}`;
      lines.push(
        `| ${int(size.size)} | \`${cell.workload}\` | ${int(cell.responseBytes)} | ${int(cell.slotmoji.rps)} | ${ms(cell.slotmoji.p50Ms)} | ` +
          `${ms(cell.slotmoji.p99Ms)} | ${cpu(cell.slotmoji)} | ${int(cell.baseline.rps)} | ${ms(cell.baseline.p99Ms)} | ${cpu(cell.baseline)} | ` +
          `${rpsRatio(cell).toFixed(2)} | ${cpuRatio(cell).toFixed(2)} | ${targetText} | ${cellVerdict(cell, size.size)} |`,
      );
    }
  }
  return lines;
}

function startupTable(report: BenchReport): string[] {
  const lines = [
    '| slots | import (admin PUT) ms | start-up to ready ms | RSS at ready MB | RSS after load MB | peak RSS MB | target |',
    '|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const size of report.sizes) {
    const judged = size.size >= TARGETS.size;
    const target = judged
      ? `ready < ${TARGETS.readyMs} ms ${verdict(size.readyMs < TARGETS.readyMs)}, peak RSS < ${TARGETS.rssMb} MB ${verdict(size.peakRssMb < TARGETS.rssMb)}`
      : '—';
    lines.push(
      `| ${int(size.size)} | ${int(size.importMs)} | ${int(size.readyMs)} | ${int(size.rssReadyMb)} | ${int(size.rssAfterLoadMb)} | ${int(size.peakRssMb)} | ${target} |`,
    );
  }
  return lines;
}

function writeTable(report: BenchReport): string[] {
  const lines = [
    '| slots | writes | write latency ms (each) | server X-Response-Time ms (max) | longest read during a write ms | longest read otherwise ms | reads | target |',
    '|---:|---:|---|---:|---:|---:|---:|---|',
  ];
  for (const size of report.sizes) {
    const write = size.write;
    const longestWrite = Math.max(...write.writeMs);
    const target =
      size.size >= TARGETS.size
        ? `write < ${TARGETS.writeMs} ms ${verdict(longestWrite < TARGETS.writeMs)}, stall < ${TARGETS.stallMs} ms ${verdict(write.maxReadDuringWriteMs < TARGETS.stallMs)}`
        : '—';
    lines.push(
      `| ${int(size.size)} | ${write.writes} | ${write.writeMs.map(ms).join(', ')} | ${ms(Math.max(...write.writeServerMs))} | ` +
        `${ms(write.maxReadDuringWriteMs)} | ${ms(write.maxReadQuietMs)} | ${int(write.reads)} | ${target} |`,
    );
  }
  return lines;
}

function workersSection(workers: WorkersReport | undefined): string[] {
  if (workers === undefined) return ['Not measured (no size in this run).'];
  const describe = (result: LoadResult) => `${int(result.rps)} rps (p99 ${ms(result.p99Ms)} ms, CPU srv/wrk/other ${cpu(result)})`;
  const single = describe(workers.single);
  const lines = [
    `\`${SLUG_WORKLOAD}\` at ${int(workers.size)} slots; placement: ${workers.placement.note}.`,
    '',
    '| WORKERS=1 | WORKERS=2 | ratio | target |',
    '|---:|---:|---:|---|',
  ];
  if (workers.workers === undefined) {
    lines.push(`| ${single} | not yet (WORKERS=2 forked no worker) | — | ≥ ${TARGETS.workersRatio} not yet |`);
  } else {
    const ratio = workers.workers.rps / workers.single.rps;
    const errors = workers.single.errors + workers.workers.errors;
    const result = errors > 0 ? `**INVALID** (${int(errors)} errors)` : verdict(ratio >= TARGETS.workersRatio);
    lines.push(`| ${single} | ${describe(workers.workers)} | ${ratio.toFixed(2)} | ≥ ${TARGETS.workersRatio} ${result} |`);
    const perRequestUs = (result: LoadResult) => ((result.cpu.server / result.rps) * 1e6).toFixed(0);
    lines.push(
      '',
      `Server CPU per request: ${perRequestUs(workers.single)} µs with one process, ${perRequestUs(workers.workers)} µs with two workers (their primary included).` +
        (workers.placement.shared
          ? ` wrk and other jobs used ${percent(workers.workers.cpu.load + workers.workers.cpu.others)} of the same two cores during the WORKERS=2 run, ` +
            `leaving the workers ${(2 - workers.workers.cpu.load - workers.workers.cpu.others).toFixed(2)} cores. ` +
            `On two cores of their own, at these CPU costs per request, two workers would answer ` +
            `${((2 * workers.single.cpu.server) / workers.single.rps / (workers.workers.cpu.server / workers.workers.rps)).toFixed(2)}× ` +
            'what one process answers on one core.'
          : ''),
    );
  }
  return lines;
}

function profileSection(report: BenchReport): string[] {
  if (report.profiles.length === 0) return ['Not profiled in this run (BENCH_PROFILE_SECONDS=0).'];
  const lines = [
    `\`node --cpu-prof\` of the server (one process, core ${report.placement.server}) under each workload alone, ` +
      `${report.options.connections} connections, ${report.options.profileSeconds} s after ${report.options.warmupSeconds} s of warm-up; ` +
      'only samples taken under load count. The write profile covers the whole write measurement above (5 one-slot writes with reads ' +
      'every 5 ms), so its busy time is mostly the writes. Self time: time in the function itself, not in what it calls; ' +
      'unnamed native code is named after its JavaScript caller. ' +
      'Locations in `src/` are mapped from `dist/` through the source maps.',
  ];
  for (const profile of report.profiles) {
    const { summary } = profile;
    lines.push(
      '',
      `### \`${profile.workload}\` at ${int(profile.size)} slots`,
      '',
      `Busy ${int(summary.busyMs)} ms of ${int(summary.windowMs)} ms. By area: ` +
        summary.byArea
          .filter((area) => area.share >= 0.005)
          .map((area) => `${area.area} ${(area.share * 100).toFixed(1)} %`)
          .join(', ') +
        '.',
      '',
      '| # | self ms | share | function | location |',
      '|---:|---:|---:|---|---|',
      ...summary.top.map(
        (hot, index) => `| ${index + 1} | ${int(hot.selfMs)} | ${(hot.share * 100).toFixed(1)} % | \`${hot.name}\` | ${hot.location === '' ? '—' : `\`${hot.location}\``} |`,
      ),
    );
  }
  return lines;
}

/** The whole report as Markdown: what `bench/RESULTS.md` holds and what the run prints. */
export function renderReport(report: BenchReport): string {
  const { machine, options } = report;
  return [
    '# Benchmark results',
    '',
    'Generated by `bench/run.ts`; rerun to refresh. Do not edit by hand.',
    '',
    `- Command: \`${report.command}\``,
    `- Date: ${report.date}`,
    `- Machine: ${machine.cpuCount} cores (\`nproc\`), ${machine.cpuModel}, ${machine.memoryGiB.toFixed(1)} GiB memory, ${machine.kernel}`,
    `- Node ${machine.node}, ${report.wrk}`,
    `- Build measured: ${report.build} (\`npm run build\`, then dist/ copied aside for the whole run)`,
    `- Load average before / after the run: ${report.loadBefore} / ${report.loadAfter} (other jobs share this machine)`,
    `- Placement: ${report.placement.note}; wrk with ${report.placement.loadThreads} thread(s) and ${options.connections} connections, ` +
      `${options.warmupSeconds} s warm-up (discarded) then ${options.seconds} s measured per cell and server, slotmoji then baseline back to back.`,
    '- slotmoji: `node dist/server.js`, one process, SQLite, rate limiting on with limits of 10^9 per window, `LOG_LEVEL=warn`. ' +
      'Catalogues from `bench/synthetic-catalogue.ts` (seed 42) with the bundled category map, loaded by `PUT /api/admin/catalogue`, then the server restarted.',
    '- Baseline: a bare `node:http` server on the same core answering each request with the status, headers and body bytes slotmoji answered it with ' +
      '(captured once per size; Date and X-Response-Time regenerated per request).',
    '',
    'Workloads:',
    '',
    ...report.workloadNotes.map((note) => `- ${note}`),
    '',
    '## Throughput and latency',
    '',
    'CPU srv/wrk/other: CPU used during the measurement by the server, by wrk, and by other jobs on the machine (100% = one core). ' +
      'A server well under 100% while wrk is near 100% per thread means wrk set the pace (for the baseline: the true ceiling is higher and ' +
      `the rps ratio flatters slotmoji). Each cell waits (up to 20 s) for other jobs to leave the machine quiet; one where they still used ` +
      `more than ${percent(DISTURBED_CORES)} is measured again (after waiting up to 60 s), up to 3 times, keeping the quietest attempt; ` +
      'one still over is marked disturbed. ' +
      'ratio = slotmoji rps / baseline rps; ratio per CPU-s = slotmoji requests per server CPU-second / the baseline\'s, which is ' +
      'what a target is judged on where wrk held the baseline back or other jobs disturbed the cell (a server then lacks part of its core, so rps says little). ' +
      `Targets: \`${SLUG_WORKLOAD}\` ≥ 0.80 at every size; every other workload ≥ 0.50 at 200 slots ` +
      `and ≥ 0.35 at 100,000 (none set in between); p99 < ${P99_TARGET_MS} ms everywhere.`,
    '',
    ...throughputTable(report),
    '',
    '## Start-up and memory',
    '',
    'Start-up: from spawning `node dist/server.js` on a database already holding the catalogue to its first answer. ' +
      'RSS from `/proc/<pid>/status` (VmRSS, VmHWM for the peak).',
    '',
    ...startupTable(report),
    '',
    '## One-slot write while reading',
    '',
    `\`PUT /api/admin/slots/{id}\` of one slot (its description changed), 5 times ${400} ms apart, while \`GET /api/slots/{slug}\` is sent every 5 ms. ` +
      'The write latency (client side) covers the store write, the snapshot rebuild and the answer. A read overlapping a write waits ' +
      'at most as long as the event loop is blocked, so the longest such read bounds the stall.',
    '',
    ...writeTable(report),
    '',
    '## WORKERS=2',
    '',
    ...workersSection(report.workers),
    '',
    '## Profile',
    '',
    ...profileSection(report),
    '',
  ].join('\n');
}
