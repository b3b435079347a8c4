/**
 * A cell measured in interleaved rounds. The shared VM's speed drifts by tens of percent over tens of
 * seconds, so one long measurement per server can catch one in a slow spell and the other in a fast
 * one. Alternating short rounds, one on each server, puts each round pair's two measurements in
 * the same spell; a ratio taken within each round pair, then the median over the pairs, cancels the
 * drift (and the median shrugs off a pair a burst of other jobs split). Which server goes first swaps
 * from pair to pair (slotmoji, baseline, baseline, slotmoji, …), so that whatever favours the first or
 * the second place of a pair (a server's first requests after rest, the machine's spell turning within a
 * pair) falls on both sides alike instead of on one.
 */
import type { CpuUse } from './cpu.js';
import { cpuPerRequestUs, type LoadResult, type LoadTarget, type RunLoad } from '../load/load.js';

const SERVERS = ['slotmoji', 'baseline'] as const;
type Server = (typeof SERVERS)[number];

export interface RoundPlan {
  readonly rounds: number;
  /** Measured seconds per round and server. */
  readonly roundSeconds: number;
  /** Seconds of load on each server before the first round, not counted. */
  readonly warmupSeconds: number;
}

/** Each server's rounds in order: the i-th of each ran back to back, slotmoji first in even pairs (from 0), the baseline first in odd ones. */
export type Rounds = Readonly<Record<Server, readonly LoadResult[]>>;

/** Medians over the round pairs of slotmoji's figure over the baseline's in the same pair. */
export interface PairedRatios {
  /** slotmoji rps / baseline rps. */
  readonly rps: number;
  /** slotmoji requests per server CPU-second / the baseline's. */
  readonly perCpuSecond: number;
  /** slotmoji server CPU per request / the baseline's. */
  readonly cpuPerRequest: number;
}

/** A cell's figures: each server's rounds combined, and the ratios paired per round. */
export interface RoundsSummary {
  readonly slotmoji: LoadResult;
  readonly baseline: LoadResult;
  readonly ratios: PairedRatios;
}

/** `seconds` split into `rounds`, in whole seconds (wrk's `-d` takes no fractions), at least 1. */
export const roundSeconds = (seconds: number, rounds: number): number => Math.max(1, Math.round(seconds / rounds));

/**
 * Warms each server up once, then runs `plan.rounds` round pairs, slotmoji first in the first pair and
 * the baseline first in the next, and so on. Both warm up before the first round so that no warm-up
 * sits between the two halves of a pair.
 */
export async function measureRounds(run: RunLoad, targets: Readonly<Record<Server, LoadTarget>>, plan: RoundPlan): Promise<Rounds> {
  if (plan.warmupSeconds > 0) for (const server of SERVERS) await run(targets[server], plan.warmupSeconds);
  const rounds: Record<Server, LoadResult[]> = { slotmoji: [], baseline: [] };
  for (let round = 0; round < plan.rounds; round += 1) {
    const order = round % 2 === 0 ? SERVERS : [...SERVERS].reverse();
    for (const server of order) rounds[server].push(await run(targets[server], plan.roundSeconds));
  }
  return rounds;
}

/** The middle value; the mean of the two middle values of an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/**
 * One server's rounds as one result: medians of rps, p50 and p99, the longest latency, sums of
 * requests, errors and timeouts, and the mean CPU use over the rounds' whole time (weighted by their
 * length, all but equal), so that `cpuPerRequestUs` is all rounds' server CPU-seconds over all their requests.
 */
export function combineRounds(rounds: readonly LoadResult[]): LoadResult {
  const first = rounds[0];
  if (first === undefined) throw new Error('no rounds to combine');
  const sum = (figure: (round: LoadResult) => number) => rounds.reduce((total, round) => total + figure(round), 0);
  const cpuSeconds = sum((round) => round.cpuSeconds);
  const meanCores = (user: keyof CpuUse) => sum((round) => round.cpu[user] * round.cpuSeconds) / cpuSeconds;
  return {
    requests: sum((round) => round.requests),
    rps: median(rounds.map((round) => round.rps)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    p99Ms: median(rounds.map((round) => round.p99Ms)),
    maxMs: Math.max(...rounds.map((round) => round.maxMs)),
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
    cpu: { server: meanCores('server'), load: meanCores('load'), others: meanCores('others') },
    cpuSeconds,
    loadThreads: first.loadThreads,
  };
}

/** The median over the round pairs of `ratio` of slotmoji's round to the baseline's. */
function pairedMedian(rounds: Rounds, ratio: (slotmoji: LoadResult, baseline: LoadResult) => number): number {
  if (rounds.slotmoji.length !== rounds.baseline.length) throw new Error(`unpaired rounds: ${rounds.slotmoji.length} and ${rounds.baseline.length}`);
  return median(rounds.slotmoji.map((slotmoji, index) => ratio(slotmoji, rounds.baseline[index] as LoadResult)));
}

export function pairedRatios(rounds: Rounds): PairedRatios {
  return {
    rps: pairedMedian(rounds, (slotmoji, baseline) => slotmoji.rps / baseline.rps),
    perCpuSecond: pairedMedian(rounds, (slotmoji, baseline) => cpuPerRequestUs(baseline) / cpuPerRequestUs(slotmoji)),
    cpuPerRequest: pairedMedian(rounds, (slotmoji, baseline) => cpuPerRequestUs(slotmoji) / cpuPerRequestUs(baseline)),
  };
}

export function summariseRounds(rounds: Rounds): RoundsSummary {
  return { slotmoji: combineRounds(rounds.slotmoji), baseline: combineRounds(rounds.baseline), ratios: pairedRatios(rounds) };
}
