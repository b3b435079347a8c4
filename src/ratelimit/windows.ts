import type { RateLimitConfig } from '../config.js';
import type { RateLimitDecision, RateWindow } from './limiter.js';

/** One fixed window: its allowance and length. Windows are aligned to the Unix epoch (UTC). */
export interface WindowSpec {
  readonly window: RateWindow;
  readonly seconds: number;
  readonly limit: number;
}

/** A client's count in one window before the request at hand, and when that window ends. */
export interface WindowCount {
  readonly spec: WindowSpec;
  readonly used: number;
  /** Unix seconds at which this window ends and its count starts again from zero. */
  readonly resetAt: number;
}

/** The three windows, shortest first: the order ties are broken in. */
export function windowSpecs(limits: RateLimitConfig): readonly WindowSpec[] {
  return [
    { window: 'minute', seconds: 60, limit: limits.perMinute },
    { window: 'hour', seconds: 3600, limit: limits.perHour },
    { window: 'day', seconds: 86400, limit: limits.perDay },
  ];
}

/** Which occurrence of a window `nowMs` falls in, counted from the epoch. */
export function generationOf(spec: WindowSpec, nowMs: number): number {
  return Math.floor(nowMs / (spec.seconds * 1000));
}

/** Unix seconds at which the given occurrence of a window starts. */
export function startOf(spec: WindowSpec, generation: number): number {
  return generation * spec.seconds;
}

/** Unix seconds at which the given occurrence of a window ends. */
export function endOf(spec: WindowSpec, generation: number): number {
  return (generation + 1) * spec.seconds;
}

/** The window a decision describes: the fewest requests left after this one, ties to the shorter. */
function fewestLeft(counts: readonly WindowCount[]): WindowCount | undefined {
  let binding: WindowCount | undefined;
  for (const count of counts) {
    if (binding === undefined || count.spec.limit - count.used < binding.spec.limit - binding.used) binding = count;
  }
  return binding;
}

/** The window a refusal describes: of the full ones, the one that resets last, when a request can succeed again. */
function resetsLast(counts: readonly WindowCount[]): WindowCount | undefined {
  let binding: WindowCount | undefined;
  for (const count of counts) {
    if (count.used >= count.spec.limit && (binding === undefined || count.resetAt > binding.resetAt)) binding = count;
  }
  return binding;
}

/**
 * Decides one request from the counts of all windows (shortest first). It is allowed when every
 * window has room, and then counts once in each; a rejected request counts in none. An allowed
 * request is described by the window with the fewest requests left after it (ties to the
 * shorter); a refused one by the full window that resets last, so its reset never sends the
 * client back while another window still refuses it.
 */
export function decide(counts: readonly WindowCount[]): RateLimitDecision {
  const allowed = counts.every((count) => count.used < count.spec.limit);
  const binding = allowed ? fewestLeft(counts) : resetsLast(counts);
  if (binding === undefined) throw new Error('decide needs at least one window');
  return {
    allowed,
    limit: binding.spec.limit,
    remaining: Math.max(0, binding.spec.limit - binding.used - (allowed ? 1 : 0)),
    reset: binding.resetAt,
    window: binding.spec.window,
  };
}
