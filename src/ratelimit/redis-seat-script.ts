import type { ChainableCommander, Redis, Result } from 'ioredis';

/*
 * Both scripts read the time from Redis (TIME), not from the instance calling them: every instance
 * then scores and expires seats on one clock, so an instance whose clock runs behind can neither
 * keep a dead instance's seats alive nor see live ones as lapsed. Redis 5+ replicates a script's
 * effects, not the script, so TIME is allowed before writes.
 */
const NOW_MS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * Takes a seat in one atomic step: drops the client's lapsed seats, refuses when `limit` remain,
 * else adds this one scored by its expiry. KEYS: the client's sorted set. ARGV: the seat's id, the
 * limit, the seat's lifetime in ms. Returns 1 when taken, 0 when refused. The set lives as long as
 * its newest seat (every score is at most now + lifetime on the one clock).
 */
const TAKE = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Moves the expiry of seats still open to now + lifetime, adding back any that lapsed while Redis
 * was away (they are open streams all the same). KEYS: the client's sorted set. ARGV: the lifetime
 * in ms, then the seats' ids.
 */
const RENEW = `${NOW_MS}
local expiry = now + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], expiry, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    slotmojiTakeSeat(key: string, seat: string, limit: number, lifetimeMs: number): Result<number, Context>;
    slotmojiRenewSeats(key: string, lifetimeMs: number, ...seats: string[]): Result<number, Context>;
  }
}

/** Registers both scripts on a client; ioredis sends each once and calls it by its hash afterwards. */
export function defineSeatCommands(redis: Redis): void {
  redis.defineCommand('slotmojiTakeSeat', { lua: TAKE, numberOfKeys: 1 });
  redis.defineCommand('slotmojiRenewSeats', { lua: RENEW, numberOfKeys: 1 });
}

/** Whether the seat `seat` of the client whose set is `key` was taken. */
export async function takeSeatInRedis(redis: Redis, key: string, seat: string, limit: number, lifetimeMs: number): Promise<boolean> {
  return (await redis.slotmojiTakeSeat(key, seat, limit, lifetimeMs)) === 1;
}

/** Queues the renewal of one client's seats on a pipeline. */
export function renewSeatsInRedis(pipeline: ChainableCommander, key: string, seats: readonly string[], lifetimeMs: number): void {
  pipeline.slotmojiRenewSeats(key, lifetimeMs, ...seats);
}
