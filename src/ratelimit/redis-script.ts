import type { Redis, Result } from 'ioredis';

/**
 * Counts one request in every window of a client at once, or in none when any window is full, in
 * one atomic round trip, so a rejected request counts nowhere even with many instances sharing the
 * counters. KEYS: the client's counter of each window. ARGV: each window's limit, then each key's
 * lifetime in seconds. Returns the counts before this request, one per window.
 */
const SCRIPT = `
local windows = #KEYS
local used = {}
local allowed = true
for i = 1, windows do
  used[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used[i] >= tonumber(ARGV[i]) then allowed = false end
end
if allowed then
  for i = 1, windows do
    if redis.call('INCR', KEYS[i]) == 1 then redis.call('EXPIRE', KEYS[i], ARGV[windows + i]) end
  end
end
return used
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    slotmojiRateLimit(...numberOfKeysThenKeysThenArgs: (string | number)[]): Result<number[], Context>;
  }
}

/** Registers the script on a client; ioredis sends it once and calls it by its hash afterwards. */
export function defineRateLimitCommand(redis: Redis): void {
  redis.defineCommand('slotmojiRateLimit', { lua: SCRIPT });
}

/** Runs the script for the given counter keys (one per window), limits and lifetimes. */
export function countInRedis(
  redis: Redis,
  keys: readonly string[],
  limits: readonly number[],
  lifetimes: readonly number[],
): Promise<number[]> {
  return redis.slotmojiRateLimit(keys.length, ...keys, ...limits, ...lifetimes);
}
