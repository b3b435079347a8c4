import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

export interface Machine {
  readonly cpuCount: number;
  readonly cpuModel: string;
  readonly memoryGiB: number;
  readonly node: string;
  readonly kernel: string;
}

export function describeMachine(): Machine {
  return {
    cpuCount: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: totalmem() / 1024 ** 3,
    node: process.version,
    kernel: `${process.platform} ${process.arch}`,
  };
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** Which cores the server and the load generator get. */
export interface Placement {
  readonly server: string;
  readonly load: string;
  /** wrk threads: one per load core. */
  readonly loadThreads: number;
  /** Whether the load generator runs on the server's cores too. */
  readonly shared: boolean;
  /** How to read the figures this placement gives. */
  readonly note: string;
}

const range = (from: number, to: number) => (from === to ? String(from) : `${from}-${to}`);

/** One core for a single-process server, the rest for the load generator (and this harness). */
export function singlePlacement(cpuCount: number): Placement {
  if (cpuCount < 2) throw new Error('the benchmark needs at least 2 cores: one for the server, one for the load generator');
  return { server: '0', load: range(1, cpuCount - 1), loadThreads: cpuCount - 1, shared: false, note: 'server on core 0, wrk on the others' };
}

/**
 * Two cores for the server when `WORKERS=2` is compared with one process. With three or more cores
 * the load generator keeps its own; with two it must share them with the server, for both runs alike.
 */
export function workersPlacement(cpuCount: number): Placement {
  if (cpuCount >= 3) {
    return { server: '0-1', load: range(2, cpuCount - 1), loadThreads: cpuCount - 2, shared: false, note: 'server on cores 0-1, wrk on the others' };
  }
  return {
    server: '0-1',
    load: '0-1',
    loadThreads: 1,
    shared: true,
    // Pinning wrk to one of the two cores left the worker on that core half a core while the other had a whole one.
    note: 'only 2 cores: the server and wrk share both, unpinned, so the scheduler balances them (same placement for 1 and 2 workers)',
  };
}
