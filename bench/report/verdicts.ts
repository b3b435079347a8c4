/**
 * Issue 16's targets and how each measurement is judged against them: pure functions of the
 * figures, so the report only renders what these decide (and tests can hand them figures).
 */
import { cpuPerRequestUs, DISTURBED_CORES, type LoadResult } from '../load/load.js';
import type { RoundsSummary } from '../measure/rounds.js';
import { LIST_1000_WORKLOAD, SLUG_WORKLOAD } from '../load/workloads.js';
import type { WriteStall } from '../measure/write-stall.js';

/** One workload at one size: slotmoji and the baseline measured in alternating rounds (bench/measure/rounds.ts). */
export interface Cell extends RoundsSummary {
  readonly workload: string;
  readonly responseBytes: number;
}

export interface SizeReport {
  readonly size: number;
  /** The admin import of the catalogue into a freshly started server (client side). */
  readonly importMs: number;
  /** VmHWM of that server right after the import: the most it held resident, start-up and import included. */
  readonly importPeakRssMb: number;
  readonly readyMs: number;
  readonly rssReadyMb: number;
  readonly rssAfterLoadMb: number;
  /** VmHWM after the load: the most the measured process ever held resident, start-up included. */
  readonly peakRssMb: number;
  readonly cells: readonly Cell[];
  readonly write: WriteStall;
}

export const TARGETS = {
  /** `GET /api/slots/{slug}`: rps over the baseline's at every size... */
  slugRatio: 0.9,
  /** ...and server CPU per request over the baseline's. */
  slugCpuPerRequest: 1.15,
  /** Every other workload but `?limit=1000`, up to `smallSize` slots... */
  ratio: 0.8,
  smallSize: 20_000,
  /** ...and from `largeSize` slots (none set in between). */
  largeRatio: 0.6,
  largeSize: 100_000,
  /** p99 at 50 connections, on cells whose baseline p99 is under it. */
  p99Ms: 10,
  /** Server CPU per request at the largest size over the smallest, where the answer does not grow... */
  growth: 1.2,
  /** ...which it does not when its body varies by at most this share across sizes. */
  sameBodyShare: 0.1,
  /** At `largeSize` slots: start-up, memory, the import and the one-slot write. */
  readyMs: 2000,
  rssReadyMb: 300,
  importMs: 5000,
  importPeakRssMb: 600,
  stallMs: 50,
  /** wrk at this share of its threads' CPU measured itself, not the server. */
  wrkShare: 0.9,
} as const;

/** The throughput target of a workload at a catalogue size, as a fraction of the baseline's rps. */
export function ratioTarget(workload: string, size: number): number | undefined {
  if (workload === SLUG_WORKLOAD) return TARGETS.slugRatio;
  if (workload === LIST_1000_WORKLOAD) return undefined;
  if (size <= TARGETS.smallSize) return TARGETS.ratio;
  if (size >= TARGETS.largeSize) return TARGETS.largeRatio;
  return undefined;
}

/** The most slotmoji's server CPU per request may be, as a multiple of the baseline's. */
export function cpuPerRequestTarget(workload: string): number | undefined {
  return workload === SLUG_WORKLOAD ? TARGETS.slugCpuPerRequest : undefined;
}

/** The p99 target of a cell: only where the baseline itself stays under it. */
export function p99Target(cell: Cell): number | undefined {
  return cell.baseline.p99Ms < TARGETS.p99Ms ? TARGETS.p99Ms : undefined;
}

/** wrk, not the server, set the pace: its threads were near saturation (on average over the rounds). */
export const wrkLimited = (result: LoadResult): boolean => result.cpu.load >= TARGETS.wrkShare * result.loadThreads;

/** The most other jobs used, in cores, on average over either server's rounds. */
export const disturbance = (cell: Pick<Cell, 'slotmoji' | 'baseline'>): number => Math.max(cell.slotmoji.cpu.others, cell.baseline.cpu.others);
const disturbed = (cell: Cell): boolean => disturbance(cell) > DISTURBED_CORES;

/**
 * The paired ratio a throughput target is judged on: per CPU-second where other jobs took CPU from
 * either server (neither then had a whole core, so rps says little), else per second.
 */
const judgedRatio = (cell: Cell): number => (disturbed(cell) ? cell.ratios.perCpuSecond : cell.ratios.rps);

export type Judgement = 'pass' | 'fail' | 'not judged' | 'invalid';

export interface Verdict {
  readonly judgement: Judgement;
  /** What failed (for `fail`), why not judged or what made it invalid. */
  readonly reasons: readonly string[];
  /** Caveats that change how the figures read. */
  readonly notes: readonly string[];
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A cell against its targets. */
export function judgeCell(cell: Cell, size: number): Verdict {
  const notes: string[] = [];
  if (disturbed(cell)) notes.push(`disturbed: other jobs used ${percent(disturbance(cell))}, ratio judged per CPU-second`);
  const errors = cell.slotmoji.errors + cell.baseline.errors;
  if (errors > 0) return { judgement: 'invalid', reasons: [`${errors} errors`], notes };
  const limited = [wrkLimited(cell.slotmoji) ? 'slotmoji' : '', wrkLimited(cell.baseline) ? 'baseline' : ''].filter((name) => name !== '');
  if (limited.length > 0) return { judgement: 'not judged', reasons: [`wrk was the limit (${limited.join(' and ')})`], notes };
  const reasons: string[] = [];
  const ratio = ratioTarget(cell.workload, size);
  if (ratio !== undefined && judgedRatio(cell) < ratio) reasons.push('ratio');
  const cpu = cpuPerRequestTarget(cell.workload);
  if (cpu !== undefined && cell.ratios.cpuPerRequest > cpu) reasons.push('CPU per request');
  const p99 = p99Target(cell);
  if (p99 !== undefined && cell.slotmoji.p99Ms >= p99) reasons.push('p99');
  if (cell.slotmoji.timeouts > 0) reasons.push(`${cell.slotmoji.timeouts} timeouts`);
  return { judgement: reasons.length === 0 ? 'pass' : 'fail', reasons, notes };
}

export interface GrowthRow {
  readonly workload: string;
  /** The sizes measured, smallest first. */
  readonly sizes: readonly number[];
  /** slotmoji's server CPU per request at each of `sizes`, in µs. */
  readonly cpuUs: readonly number[];
  /** The same over the baseline's, paired per round (`Cell.ratios.cpuPerRequest`), at each of `sizes`. */
  readonly cpuRatios: readonly number[];
  /** Response body bytes at each of `sizes`. */
  readonly bodyBytes: readonly number[];
  /**
   * The CPU-per-request ratio to the baseline at the largest size over that at the smallest; undefined
   * with fewer than two sizes. Sizes are measured minutes apart, while the machine's speed drifts:
   * the baseline, measured in the same rounds, is the yardstick that moves with it.
   */
  readonly growth: number | undefined;
  /** Whether the body stays within `TARGETS.sameBodyShare` across sizes: only then is growth judged. */
  readonly sameBody: boolean;
  /** Undefined where there is nothing to judge (one size, or a body that grows with the catalogue). */
  readonly verdict: Verdict | undefined;
}

function judgeGrowth(growth: number, smallest: Cell, largest: Cell): Verdict {
  const errors = [smallest, largest].reduce((sum, cell) => sum + cell.slotmoji.errors, 0);
  if (errors > 0) return { judgement: 'invalid', reasons: [`${errors} errors`], notes: [] };
  if (wrkLimited(smallest.slotmoji) || wrkLimited(largest.slotmoji)) return { judgement: 'not judged', reasons: ['wrk was the limit'], notes: [] };
  return growth <= TARGETS.growth ? { judgement: 'pass', reasons: [], notes: [] } : { judgement: 'fail', reasons: ['growth'], notes: [] };
}

/** Per workload, how slotmoji's server CPU per request, against the baseline's, changes with the catalogue size. */
export function growthRows(sizes: readonly Pick<SizeReport, 'size' | 'cells'>[]): GrowthRow[] {
  const ordered = [...sizes].sort((a, b) => a.size - b.size);
  const workloads = [...new Set(ordered.flatMap((size) => size.cells.map((cell) => cell.workload)))];
  return workloads.map((workload) => {
    const measured = ordered.flatMap((size) => {
      const cell = size.cells.find((candidate) => candidate.workload === workload);
      return cell === undefined ? [] : [{ size: size.size, cell }];
    });
    const cpuUs = measured.map(({ cell }) => cpuPerRequestUs(cell.slotmoji));
    const cpuRatios = measured.map(({ cell }) => cell.ratios.cpuPerRequest);
    const bodyBytes = measured.map(({ cell }) => cell.responseBytes);
    const sameBody = Math.max(...bodyBytes) <= (1 + TARGETS.sameBodyShare) * Math.min(...bodyBytes);
    const first = measured[0];
    const last = measured.at(-1);
    const growth = first !== undefined && last !== undefined && measured.length >= 2 ? last.cell.ratios.cpuPerRequest / first.cell.ratios.cpuPerRequest : undefined;
    const verdict = growth !== undefined && sameBody && first !== undefined && last !== undefined ? judgeGrowth(growth, first.cell, last.cell) : undefined;
    return { workload, sizes: measured.map(({ size }) => size), cpuUs, cpuRatios, bodyBytes, growth, sameBody, verdict };
  });
}

export interface Check {
  readonly label: string;
  readonly ok: boolean;
}

/** Start-up, memory and import targets of a size: none below `TARGETS.largeSize`. */
export function startupChecks(size: SizeReport): Check[] {
  if (size.size < TARGETS.largeSize) return [];
  return [
    { label: `ready ≤ ${TARGETS.readyMs} ms`, ok: size.readyMs <= TARGETS.readyMs },
    { label: `RSS at ready ≤ ${TARGETS.rssReadyMb} MB`, ok: size.rssReadyMb <= TARGETS.rssReadyMb },
    { label: `import ≤ ${TARGETS.importMs} ms`, ok: size.importMs <= TARGETS.importMs },
    { label: `import peak RSS ≤ ${TARGETS.importPeakRssMb} MB`, ok: size.importPeakRssMb <= TARGETS.importPeakRssMb },
  ];
}

/** The one-slot write's target of a size: none below `TARGETS.largeSize`. */
export function writeChecks(size: SizeReport): Check[] {
  if (size.size < TARGETS.largeSize) return [];
  return [{ label: `stall < ${TARGETS.stallMs} ms`, ok: size.write.maxReadDuringWriteMs < TARGETS.stallMs }];
}

/** `WORKERS=2` over one process (issue 7), slug lookups. */
export const WORKERS_RATIO_TARGET = 1.6;

/** `WORKERS=2` against one process, `ok` for the ratio judged. */
export type WorkersVerdict = {
  /** WORKERS=2's rps over one process's, as measured. */
  readonly measured: number;
  /** Two workers on two cores of their own over one process on one, at the CPU per request each measured. */
  readonly projected: number;
  readonly ok: boolean;
} & (
  | { readonly judged: 'measured' }
  | {
      /** With wrk on the same two cores the projection is judged, as the measured ratio then says as much about wrk. */
      readonly judged: 'projected';
      /**
       * The most the measured ratio could have been were two workers to cost nothing more per request
       * than one process, as wrk's own CPU per request takes its share of the two cores.
       */
      readonly ceiling: number;
    }
);

/**
 * On two cores shared with wrk the measured ratio says as much about wrk as about the server: one
 * process has a core to itself while wrk uses part of the other, two workers split what wrk leaves of
 * both, which can hold the ratio under the target however cheap the workers are. There the
 * projection is judged; on cores of their own, the measurement.
 */
export function judgeWorkers(single: LoadResult, workers: LoadResult, sharedCores: boolean): WorkersVerdict {
  const measured = workers.rps / single.rps;
  const projected = (2 * cpuPerRequestUs(single)) / cpuPerRequestUs(workers);
  if (!sharedCores) return { measured, projected, judged: 'measured', ok: measured >= WORKERS_RATIO_TARGET };
  const ceiling = (2 * cpuPerRequestUs(single)) / (cpuPerRequestUs(single) + cpuPerRequestUs(workers, 'load'));
  return { measured, projected, judged: 'projected', ceiling, ok: projected >= WORKERS_RATIO_TARGET };
}
