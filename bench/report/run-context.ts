import type { BuildSnapshot } from '../servers/build-snapshot.js';
import type { BenchOptions } from './options.js';
import type { LoadSettings, Patience } from '../load/load.js';
import type { Placement } from '../measure/machine.js';
import { roundSeconds, type RoundPlan } from '../measure/rounds.js';

/** What every part of a run shares. */
export interface RunContext {
  readonly options: BenchOptions;
  /** The frozen build every server of the run starts from. */
  readonly build: BuildSnapshot;
  /** Where the single-process server and the load generator run. */
  readonly placement: Placement;
  readonly cpuCount: number;
  /** What is left of the run's time for waiting out other jobs and measuring again. */
  readonly patience: Patience;
  /** Progress, one line at a time (to stderr; stdout gets the results). */
  readonly log: (line: string) => void;
}

/** wrk settings for a placement, with its scripts in `directory`. */
export function loadSettings(context: RunContext, placement: Placement, directory: string): LoadSettings {
  return { connections: context.options.connections, cores: placement.load, threads: placement.loadThreads, directory };
}

export const timing = (context: RunContext) => ({ seconds: context.options.seconds, warmupSeconds: context.options.warmupSeconds });

/** How a cell's interleaved rounds run with the run's knobs. */
export const roundPlan = ({ options }: RunContext): RoundPlan => ({
  rounds: options.rounds,
  roundSeconds: roundSeconds(options.seconds, options.rounds),
  warmupSeconds: options.warmupSeconds,
});
