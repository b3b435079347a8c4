import type { BenchOptions } from './options.js';
import { cpuPerRequestUs, DISTURBED_CORES, RUN_PATIENCE_MS, type LoadResult } from '../load/load.js';
import type { Machine, Placement } from '../measure/machine.js';
import type { ProfileSummary } from '../measure/profile.js';
import { roundSeconds } from '../measure/rounds.js';
import {
  cpuPerRequestTarget,
  growthRows,
  judgeCell,
  judgeWorkers,
  p99Target,
  ratioTarget,
  startupChecks,
  TARGETS,
  WORKERS_RATIO_TARGET,
  writeChecks,
  type Cell,
  type Check,
  type SizeReport,
  type Verdict,
} from './verdicts.js';
import { SLUG_WORKLOAD } from '../load/workloads.js';

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
  /** Time spent waiting for other jobs to calm down and measuring again (out of RUN_PATIENCE_MS). */
  readonly patienceSpentMs: number;
  /** What each workload asks for, for the record. */
  readonly workloadNotes: readonly string[];
  readonly sizes: readonly SizeReport[];
  readonly workers: WorkersReport | undefined;
  readonly profiles: readonly ProfileReport[];
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => value.toFixed(2);
const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');
const percent = (share: number) => `${Math.round(share * 100)}%`;
/** Who used the CPU during a measurement: the server, wrk, other jobs. */
const cpu = (result: LoadResult) => `${percent(result.cpu.server)}/${percent(result.cpu.load)}/${percent(result.cpu.others)}`;
const us = (result: LoadResult) => cpuPerRequestUs(result).toFixed(1);
/** How a cell's rounds ran, e.g. "5 rounds of 2 s per server, in pairs back to back: slotmoji, baseline, baseline, slotmoji, …". */
function roundsText(options: BenchOptions): string {
  const seconds = roundSeconds(options.seconds, options.rounds);
  const order = options.rounds === 1 ? 'slotmoji then baseline' : 'in pairs back to back, which goes first swapping from pair to pair: slotmoji, baseline, baseline, slotmoji, …';
  return `${options.rounds} round${options.rounds === 1 ? '' : 's'} of ${seconds} s per server, ${order}`;
}
const checks = (list: readonly Check[]) => (list.length === 0 ? '—' : list.map((check) => `${check.label} ${verdict(check.ok)}`).join(', '));

/** A verdict as the result column shows it. */
export function verdictText(judged: Verdict): string {
  const head = {
    pass: 'pass',
    fail: `**FAIL** (${judged.reasons.join(', ')})`,
    'not judged': `not judged: ${judged.reasons.join(', ')}`,
    invalid: `**INVALID** (${judged.reasons.join(', ')})`,
  }[judged.judgement];
  return [head, ...judged.notes].join('; ');
}

function targetText(cell: Cell, size: number): string {
  const ratio = ratioTarget(cell.workload, size);
  const perRequest = cpuPerRequestTarget(cell.workload);
  const p99 = p99Target(cell);
  return [
    ratio === undefined ? 'no ratio target' : `≥ ${ratio.toFixed(2)}`,
    ...(perRequest === undefined ? [] : [`CPU/req ≤ ${perRequest.toFixed(2)}×`]),
    p99 === undefined ? `no p99 target (baseline p99 ≥ ${TARGETS.p99Ms} ms)` : `p99 < ${p99}`,
  ].join(', ');
}

function throughputTable(report: BenchReport): string[] {
  const lines = [
    '| slots | workload | body B | slotmoji rps | p50 ms | p99 ms | CPU µs/req | CPU srv/wrk/other | baseline rps | baseline p99 ms | baseline CPU µs/req | CPU srv/wrk/other | ratio | ratio per CPU-s | CPU/req ratio | target | result |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const size of report.sizes) {
    for (const cell of size.cells) {
      lines.push(
        `| ${int(size.size)} | \`${cell.workload}\` | ${int(cell.responseBytes)} | ${int(cell.slotmoji.rps)} | ${ms(cell.slotmoji.p50Ms)} | ` +
          `${ms(cell.slotmoji.p99Ms)} | ${us(cell.slotmoji)} | ${cpu(cell.slotmoji)} | ${int(cell.baseline.rps)} | ${ms(cell.baseline.p99Ms)} | ` +
          `${us(cell.baseline)} | ${cpu(cell.baseline)} | ${cell.ratios.rps.toFixed(2)} | ${cell.ratios.perCpuSecond.toFixed(2)} | ${cell.ratios.cpuPerRequest.toFixed(2)} | ` +
          `${targetText(cell, size.size)} | ${verdictText(judgeCell(cell, size.size))} |`,
      );
    }
  }
  return lines;
}

function growthTable(report: BenchReport): string[] {
  const rows = growthRows(report.sizes);
  const sizes = report.sizes.map((size) => size.size).sort((a, b) => a - b);
  if (sizes.length < 2) return [`Only one size measured (${sizes.map(int).join('')} slots): no growth to show.`];
  const lines = [
    `| workload | body B | ${sizes.map((size) => `µs/req (× baseline) at ${int(size)}`).join(' | ')} | largest / smallest | target | result |`,
    `|---|---:|${sizes.map(() => '---:|').join('')}---:|---|---|`,
  ];
  for (const row of rows) {
    const perSize = sizes.map((size) => {
      const at = row.sizes.indexOf(size);
      return at < 0 ? '—' : `${(row.cpuUs[at] ?? 0).toFixed(1)} (${(row.cpuRatios[at] ?? 0).toFixed(2)}×)`;
    });
    const bodies = row.sameBody ? int(row.bodyBytes[0] ?? 0) : row.bodyBytes.map(int).join(' → ');
    const growth = row.growth === undefined ? '—' : `${row.growth.toFixed(2)}×`;
    const target = row.sameBody ? `≤ ${TARGETS.growth.toFixed(2)}×` : 'none (the body grows)';
    lines.push(`| \`${row.workload}\` | ${bodies} | ${perSize.join(' | ')} | ${growth} | ${target} | ${row.verdict === undefined ? '—' : verdictText(row.verdict)} |`);
  }
  return lines;
}

function startupTable(report: BenchReport): string[] {
  const lines = [
    '| slots | import (admin PUT) ms | import peak RSS MB | start-up to ready ms | RSS at ready MB | RSS after load MB | peak RSS MB | target |',
    '|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const size of report.sizes) {
    lines.push(
      `| ${int(size.size)} | ${int(size.importMs)} | ${int(size.importPeakRssMb)} | ${int(size.readyMs)} | ${int(size.rssReadyMb)} | ` +
        `${int(size.rssAfterLoadMb)} | ${int(size.peakRssMb)} | ${checks(startupChecks(size))} |`,
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
    lines.push(
      `| ${int(size.size)} | ${write.writes} | ${write.writeMs.map(ms).join(', ')} | ${ms(Math.max(...write.writeServerMs))} | ` +
        `${ms(write.maxReadDuringWriteMs)} | ${ms(write.maxReadQuietMs)} | ${int(write.reads)} | ${checks(writeChecks(size))} |`,
    );
  }
  return lines;
}

function workersSection(workers: WorkersReport | undefined, options: BenchOptions): string[] {
  if (workers === undefined) return ['Not measured (no size in this run).'];
  const describe = (result: LoadResult) => `${int(result.rps)} rps (p99 ${ms(result.p99Ms)} ms, CPU srv/wrk/other ${cpu(result)})`;
  const single = describe(workers.single);
  const lines = [
    `\`${SLUG_WORKLOAD}\` at ${int(workers.size)} slots; placement: ${workers.placement.note}. ` +
      `Not in rounds: each setting is measured once, ${options.warmupSeconds} s warm-up (discarded) then ${options.seconds} s, one after the other.`,
    '',
    '| WORKERS=1 | WORKERS=2 | ratio | target |',
    '|---:|---:|---:|---|',
  ];
  if (workers.workers === undefined) {
    lines.push(`| ${single} | not yet (WORKERS=2 forked no worker) | — | ≥ ${WORKERS_RATIO_TARGET} not yet |`);
  } else {
    const judged = judgeWorkers(workers.single, workers.workers, workers.placement.shared);
    const errors = workers.single.errors + workers.workers.errors;
    const result = errors > 0 ? `**INVALID** (${int(errors)} errors)` : verdict(judged.ok);
    const basis = judged.judged === 'projected' ? ` (judged: ${judged.projected.toFixed(2)} projected, see below)` : '';
    lines.push(`| ${single} | ${describe(workers.workers)} | ${judged.measured.toFixed(2)} | ≥ ${WORKERS_RATIO_TARGET}${basis} ${result} |`);
    const perRequestUs = (result: LoadResult) => cpuPerRequestUs(result).toFixed(0);
    lines.push(
      '',
      `Server CPU per request: ${perRequestUs(workers.single)} µs with one process, ${perRequestUs(workers.workers)} µs with two workers (their primary included).` +
        (judged.judged === 'projected'
          ? ` wrk and other jobs used ${percent(workers.workers.cpu.load + workers.workers.cpu.others)} of the same two cores during the WORKERS=2 run, ` +
            `leaving the workers ${(2 - workers.workers.cpu.load - workers.workers.cpu.others).toFixed(2)} cores: ` +
            `even two workers costing no more per request than one process could have measured at most ${judged.ceiling.toFixed(2)}×, ` +
            `so the ratio judged is the projection. On two cores of their own, at these CPU costs per request, two workers would answer ` +
            `${judged.projected.toFixed(2)}× what one process answers on one core.`
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

/**
 * The whole report as Markdown: what `bench/RESULTS.md` holds and what the run prints, with the kept
 * hand-written summary `speedToday` (a whole `## ` section) after its opening line.
 */
export function renderReport(report: BenchReport, speedToday: string): string {
  const { machine, options } = report;
  return [
    '# Benchmark results',
    '',
    'Generated by `bench/run.ts` and holding only its latest run; rerun to refresh. Do not edit by hand, except the ' +
      '`## What limits speed today` section, which every run keeps as it is; the history of findings is in `bench/history/`.',
    '',
    speedToday,
    '',
    '## This run',
    '',
    `- Command: \`${report.command}\``,
    `- Date: ${report.date}`,
    `- Machine: ${machine.cpuCount} cores (\`nproc\`), ${machine.cpuModel}, ${machine.memoryGiB.toFixed(1)} GiB memory, ${machine.kernel}`,
    `- Node ${machine.node}, ${report.wrk}`,
    `- Build measured: ${report.build} (\`npm run build\`, then dist/ copied aside for the whole run)`,
    `- Load average before / after the run: ${report.loadBefore} / ${report.loadAfter} (other jobs share this machine)`,
    `- Placement: ${report.placement.note}; wrk with ${report.placement.loadThreads} thread(s) and ${options.connections} connections. ` +
      `Per cell: ${options.warmupSeconds} s warm-up (discarded) of slotmoji, then of the baseline, then ${roundsText(options)} (see below).`,
    '- slotmoji: `node dist/server.js`, one process, SQLite, rate limiting on with limits of 10^9 per window, `LOG_LEVEL=warn`. ' +
      'Catalogues from `bench/load/synthetic-catalogue.ts` (seed 42) with the bundled category map, loaded by `PUT /api/admin/catalogue`, then the server restarted.',
    '- Baseline: a bare `node:http` server on the same core answering each request with the status, headers and body bytes slotmoji answered it with ' +
      '(captured once per size; Date and X-Response-Time regenerated per request).',
    '',
    'Workloads:',
    '',
    ...report.workloadNotes.map((note) => `- ${note}`),
    '',
    '## Throughput and latency',
    '',
    `Each cell is measured in ${roundsText(options)}: this machine's speed drifts by tens of percent over tens of seconds, ` +
      'and the two measurements of a round pair, taken back to back, see it alike. ' +
      'Each server\'s columns combine its rounds: rps, p50 and p99 are the medians of its rounds\' figures; ' +
      'CPU srv/wrk/other is the CPU used by the server, by wrk and by other jobs on the machine (100% = one core), ' +
      'the mean over its rounds (weighted by their length, all but equal); ' +
      'CPU µs/req is the server\'s CPU-seconds summed over its rounds / the requests it answered in them; ' +
      'errors and timeouts are summed. ' +
      'The three ratio columns are paired: each is taken within every round pair, and the median over the pairs is shown (and judged). ' +
      'ratio = slotmoji rps / baseline rps; ratio per CPU-s = slotmoji requests per server CPU-second / the baseline\'s; ' +
      'CPU/req ratio = slotmoji CPU µs/req / the baseline\'s. So a ratio need not equal the quotient of the combined columns beside it. ' +
      `Each cell waits (up to 20 s) for other jobs to leave the machine quiet; one where they still used more than ${percent(DISTURBED_CORES)}, ` +
      'on average over either server\'s rounds, is measured again, its whole series warm-ups included (after waiting up to 60 s), up to 3 times, ' +
      'keeping the quietest attempt. ' +
      `The run spends at most about ${int(RUN_PATIENCE_MS / 60_000)} minutes on these waits and measurements again; after that a cell is kept as first measured ` +
      `(this run: ${int(report.patienceSpentMs / 1000)} s).`,
    '',
    'Targets (issue 16), judged on `npm run bench` only:',
    '',
    `- \`${SLUG_WORKLOAD}\`: ratio ≥ ${TARGETS.slugRatio.toFixed(2)} at every size (200, 20,000 and 100,000 slots), ` +
      `and CPU/req ratio ≤ ${TARGETS.slugCpuPerRequest.toFixed(2)}.`,
    `- \`?limit=50\`, match, play, \`/api/emojis\` and the discovery cells (\`q\`, typo, theme sort, facets, similar): ` +
      `ratio ≥ ${TARGETS.ratio.toFixed(2)} at up to ${int(TARGETS.smallSize)} slots, ≥ ${TARGETS.largeRatio.toFixed(2)} at ${int(TARGETS.largeSize)} ` +
      '(none set in between). `?limit=1000` has no ratio target.',
    `- p99 < ${TARGETS.p99Ms} ms at 50 connections (this run: ${options.connections}) on every cell whose baseline p99 is under ${TARGETS.p99Ms} ms; ` +
      `a cell whose baseline p99 is ${TARGETS.p99Ms} ms or more has no p99 target.`,
    `- A cell where wrk used ${percent(TARGETS.wrkShare)} or more of its threads' CPU, on average over the slotmoji or the baseline rounds, measured the load generator ` +
      'rather than the server: it is "not judged: wrk was the limit" (never a pass), its figures and ratio per CPU-s shown all the same.',
    '- A cell other jobs still disturbed after the retries is judged on the (paired) ratio per CPU-s (a server then lacks part of its core, so rps says little) and marked disturbed.',
    '- Any connect, read or write error, or any answer with a status of 400 or more, makes a cell invalid (each workload\'s exact status is checked once before measuring).',
    '',
    ...throughputTable(report),
    '',
    '### Server CPU per request by catalogue size',
    '',
    'slotmoji\'s server CPU µs per request per workload and size, with its ratio to the baseline\'s (paired per round), and how that ratio ' +
      'changed from the smallest size to the largest: sizes are measured minutes apart while the machine\'s speed drifts, so the cost is ' +
      'measured against the baseline, which drifts with it. ' +
      `Cost must not grow with the catalogue where the answer does not: for a workload whose response body stays within ${percent(TARGETS.sameBodyShare)} ` +
      `across sizes, the ratio must be ≤ ${TARGETS.growth.toFixed(2)} (not judged where wrk was the limit at either end); ` +
      'for the others it is shown without a verdict.',
    '',
    ...growthTable(report),
    '',
    '## Start-up and memory',
    '',
    'Start-up: from spawning `node dist/server.js` on a database already holding the catalogue to its first answer. ' +
      'RSS from `/proc/<pid>/status` (VmRSS, VmHWM for the peak). The import is timed in a freshly started server that does nothing else, ' +
      'and its peak RSS is that server\'s VmHWM right after it. ' +
      `Targets at ${int(TARGETS.largeSize)} slots: ready within ${int(TARGETS.readyMs)} ms and at most ${TARGETS.rssReadyMb} MB resident at ready; ` +
      `the admin import within ${int(TARGETS.importMs)} ms with a peak RSS of at most ${TARGETS.importPeakRssMb} MB.`,
    '',
    ...startupTable(report),
    '',
    '## One-slot write while reading',
    '',
    `\`PUT /api/admin/slots/{id}\` of one slot (its description changed), 5 times ${400} ms apart, while \`GET /api/slots/{slug}\` is sent every 5 ms. ` +
      'The write latency (client side) covers the store write, the snapshot rebuild and the answer. A read overlapping a write waits ' +
      'at most as long as the event loop is blocked, so the longest such read bounds the stall. ' +
      `Target at ${int(TARGETS.largeSize)} slots: a stall under ${TARGETS.stallMs} ms (the write latency has none).`,
    '',
    ...writeTable(report),
    '',
    '## WORKERS=2',
    '',
    ...workersSection(report.workers, options),
    '',
    '## Profile',
    '',
    ...profileSection(report),
    '',
  ].join('\n');
}
