import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { RedisRateLimiter, type RedisRateLimiterOptions } from '../../src/ratelimit/redis-limiter.js';
import { freePort } from '../support/process.js';
import { deleteKeys, keysUnder, recordStoreChanges, REDIS_URL, startRedisServer, testKeyPrefix } from './redis-support.js';

const START = Date.UTC(2030, 0, 1, 12, 0, 10);
const prefix = testKeyPrefix();
after(() => deleteKeys(prefix));

function clock() {
  const state = { now: START };
  return { state, now: () => state.now };
}

async function connect(options: Partial<RedisRateLimiterOptions> & { now: () => number }): Promise<RedisRateLimiter> {
  return RedisRateLimiter.connect({
    url: REDIS_URL,
    keyPrefix: prefix,
    limits: { perMinute: 7, perHour: 100, perDay: 1000, ipv6Prefix: 56 },
    reconnectDelayMs: 20,
    ...options,
  });
}

describe('RedisRateLimiter on the shared Redis', () => {
  it('shares every counter between instances: 7 per minute means 7 in total', async () => {
    const time = clock();
    const [one, two] = [await connect({ now: time.now }), await connect({ now: time.now })];
    const decisions = [];
    for (let i = 0; i < 10; i += 1) decisions.push(await (i % 2 === 0 ? one : two).consume('192.0.2.1'));
    assert.deepEqual(
      decisions.map((d) => (d.allowed ? d.remaining : 'rejected')),
      [6, 5, 4, 3, 2, 1, 0, 'rejected', 'rejected', 'rejected'],
    );
    assert.ok(decisions.every((d) => d.window === 'minute' && d.limit === 7 && d.reset === Date.UTC(2030, 0, 1, 12, 1) / 1000));
    await Promise.all([one.close(), two.close()]);
  });

  it('counts all three windows atomically, so concurrent rejections from both instances count nowhere', async () => {
    const time = clock();
    const [one, two] = [await connect({ now: time.now }), await connect({ now: time.now })];
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? one : two).consume('192.0.2.2')));
    assert.equal(decisions.filter((d) => d.allowed).length, 7);
    const stored = Object.entries(await keysUnder(REDIS_URL, prefix)).filter(([key]) => key.includes('{192.0.2.2}'));
    assert.deepEqual(stored.map(([key, value]) => [key.replace(/^.*\}:/, ''), value]).sort(), [
      [`day:${Math.floor(START / 86_400_000)}`, '7'],
      [`hour:${Math.floor(START / 3_600_000)}`, '7'],
      [`minute:${Math.floor(START / 60_000)}`, '7'],
    ]);
    await Promise.all([one.close(), two.close()]);
  });

  it('lets each key lapse just after its window ends', async () => {
    const time = clock();
    const limiter = await connect({ now: time.now });
    await limiter.consume('192.0.2.3');
    const redis = new Redis(REDIS_URL);
    const ttl = (window: string, generation: number) => redis.ttl(`${prefix}:ratelimit:{192.0.2.3}:${window}:${generation}`);
    // START is 10 s into its minute, hour and day.
    assert.equal(await ttl('minute', Math.floor(START / 60_000)), 51);
    assert.equal(await ttl('hour', Math.floor(START / 3_600_000)), 3591);
    assert.equal(await ttl('day', Math.floor(START / 86_400_000)), 12 * 3600 - 10 + 1);
    await redis.quit();
    await limiter.close();
  });

  it('moves to a fresh minute when the clock passes the boundary, and the hour keeps counting', async () => {
    const time = clock();
    const limiter = await connect({ now: time.now, limits: { perMinute: 2, perHour: 3, perDay: 1000, ipv6Prefix: 56 } });
    const first = [await limiter.consume('192.0.2.4'), await limiter.consume('192.0.2.4'), await limiter.consume('192.0.2.4')];
    assert.deepEqual(first.map((d) => d.allowed), [true, true, false]);
    time.state.now += 60_000;
    const next = await limiter.consume('192.0.2.4');
    assert.deepEqual([next.allowed, next.window, next.remaining], [true, 'hour', 0]);
    assert.equal((await limiter.consume('192.0.2.4')).allowed, false);
    await limiter.close();
  });

  it('clears one client on every instance with reset', async () => {
    const time = clock();
    const [one, two] = [await connect({ now: time.now }), await connect({ now: time.now })];
    for (let i = 0; i < 7; i += 1) await one.consume('192.0.2.5');
    await one.consume('192.0.2.6');
    await two.reset('192.0.2.5');
    assert.equal((await one.consume('192.0.2.5')).remaining, 6);
    assert.equal((await one.consume('192.0.2.6')).remaining, 5, 'other clients keep their counts');
    await Promise.all([one.close(), two.close()]);
  });
});

describe('RedisRateLimiter: who is one client, and when a refused one may come back', () => {
  const HOUR_END = Date.UTC(2030, 0, 1, 13) / 1000;
  const DAY_END = Date.UTC(2030, 0, 2) / 1000;

  it('counts an IPv6 network of the configured prefix under one key, and IPv4 with its mapped form', async () => {
    const time = clock();
    const limits = { perMinute: 3, perHour: 100, perDay: 1000 };
    const [by56, by128] = [
      await connect({ now: time.now, limits: { ...limits, ipv6Prefix: 56 } }),
      await connect({ now: time.now, limits: { ...limits, ipv6Prefix: 128 } }),
    ];
    const remaining = async (limiter: RedisRateLimiter, client: string) => (await limiter.consume(client)).remaining;
    assert.deepEqual(
      [await remaining(by56, '2001:db8:5:ff01::1'), await remaining(by56, '2001:db8:5:ffee::2'), await remaining(by56, '2001:db8:5:fe00::1')],
      [2, 1, 2],
    );
    assert.deepEqual([await remaining(by128, '2001:db8:6::1'), await remaining(by128, '2001:db8:6::2')], [2, 2]);
    assert.deepEqual([await remaining(by56, '192.0.2.40'), await remaining(by56, '::ffff:192.0.2.40')], [2, 1]);
    const stored = Object.keys(await keysUnder(REDIS_URL, prefix));
    assert.ok(stored.some((key) => key.includes('{2001:db8:5:ff00::/56}:minute:')), stored.join(' '));
    assert.ok(stored.some((key) => key.includes('{2001:db8:6::2/128}:minute:')), stored.join(' '));
    await Promise.all([by56.close(), by128.close()]);
  });

  it('names the full window that resets last when two or three are full', async () => {
    const time = clock();
    const two = await connect({ now: time.now, limits: { perMinute: 2, perHour: 2, perDay: 1000, ipv6Prefix: 56 } });
    await two.consume('192.0.2.41');
    await two.consume('192.0.2.41');
    assert.deepEqual(await two.consume('192.0.2.41'), { allowed: false, limit: 2, remaining: 0, reset: HOUR_END, window: 'hour' });
    const three = await connect({ now: time.now, limits: { perMinute: 2, perHour: 2, perDay: 2, ipv6Prefix: 56 } });
    await three.consume('192.0.2.42');
    await three.consume('192.0.2.42');
    assert.deepEqual(await three.consume('192.0.2.42'), { allowed: false, limit: 2, remaining: 0, reset: DAY_END, window: 'day' });
    await Promise.all([two.close(), three.close()]);
  });
});

describe('RedisRateLimiter when Redis is unreachable', () => {
  it('starts counting per instance, reports the loss once, and keeps answering', async () => {
    const time = clock();
    const limiter = await connect({ now: time.now, url: `redis://127.0.0.1:${await freePort()}`, limits: { perMinute: 2, perHour: 10, perDay: 10, ipv6Prefix: 56 } });
    const log = recordStoreChanges(limiter);
    const decisions = [];
    for (let i = 0; i < 20; i += 1) decisions.push(await limiter.consume('192.0.2.7'));
    assert.deepEqual(decisions.slice(0, 3).map((d) => d.allowed), [true, true, false]);
    assert.equal(log.changes.length, 1);
    assert.equal(log.changes[0]?.shared, false);
    assert.match(String(log.changes[0]?.error?.message), /ECONNREFUSED|closed|connect/);
    await assert.rejects(limiter.reset('192.0.2.7'), 'the shared counters could not be cleared');
    assert.equal((await limiter.consume('192.0.2.7')).allowed, true, 'the per-instance ones were');
    await limiter.close();
  });

  it('returns to Redis when it comes back, and falls back again when it goes down', async () => {
    const time = clock();
    const port = await freePort();
    const limiter = await connect({ now: time.now, url: `redis://127.0.0.1:${port}`, limits: { perMinute: 5, perHour: 100, perDay: 1000, ipv6Prefix: 56 } });
    const log = recordStoreChanges(limiter);
    await limiter.consume('192.0.2.8');

    const server = await startRedisServer(port);
    try {
      await log.until(true, 1);
      assert.equal((await limiter.consume('192.0.2.8')).remaining, 4, 'Redis starts from its own count');
      await limiter.consume('192.0.2.8');
      const stored = await keysUnder(server.url, prefix);
      assert.equal(stored[`${prefix}:ratelimit:{192.0.2.8}:minute:${Math.floor(START / 60_000)}`], '2');

      await server.stop();
      await log.until(false, 2);
      for (let i = 0; i < 10; i += 1) await limiter.consume('192.0.2.9');
      assert.deepEqual(log.changes.map((change) => change.shared), [false, true, false], 'one report per change, none per request');
    } finally {
      await server.stop();
      await limiter.close();
    }
  });

  it('counts in memory while Redis stalls, and tries Redis again a second later', async () => {
    const time = clock();
    const server = await startRedisServer();
    const admin = new Redis(server.url);
    const limiter = await connect({ now: time.now, url: server.url, commandTimeoutMs: 200 });
    const log = recordStoreChanges(limiter);
    try {
      // WRITE pauses every script call, while this connection can still unpause.
      await admin.call('CLIENT', 'PAUSE', '60000', 'WRITE');
      assert.equal((await limiter.consume('192.0.2.10')).allowed, true, 'answered from memory when the call timed out');
      assert.equal(log.changes.length, 1);
      assert.match(String(log.changes[0]?.error?.message), /timed out/i);
      await admin.call('CLIENT', 'UNPAUSE');
      await limiter.consume('192.0.2.10');
      assert.deepEqual(log.changes.map((change) => change.shared), [false], 'no retry within the second');
      time.state.now += 1000;
      await limiter.consume('192.0.2.10');
      assert.deepEqual(log.changes.map((change) => change.shared), [false, true]);
      // The stalled call ran once Redis resumed, then the retry: both count.
      const stored = await keysUnder(server.url, prefix);
      assert.equal(stored[`${prefix}:ratelimit:{192.0.2.10}:minute:${Math.floor(time.state.now / 60_000)}`], '2');
    } finally {
      await limiter.close();
      await admin.quit();
      await server.stop();
    }
  });
});
