import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PopularOrder } from '../../src/insights/popular-order.js';
import type { HourCount } from '../../src/store/insights.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { startAdminApp, type AdminApp } from '../support/admin.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { eventually } from '../support/wait.js';
import { RedisRateLimiter } from '../../src/ratelimit/redis-limiter.js';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../ratelimit/redis-support.js';

/**
 * Two instances on one PostgreSQL database and one Redis (their rate limits), each adding its own play
 * counts: both work out the popular order from the sum (decisions §21), so within a recompute interval
 * they answer the same. The interval is shortened here; in production it is a minute.
 */

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const INTERVAL_MS = 200;
const HOUR = Math.floor(NOW / 3_600_000);
const plays = (id: number, count: number): HourCount => ({ hour: HOUR, kind: 'play', key: String(id), found: true, count });

describe('the popular order on two instances (decisions §21)', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  const keyPrefix = testKeyPrefix();
  const instances: { app: AdminApp; store: PostgresStore; order: PopularOrder; limiter: RedisRateLimiter }[] = [];

  before(async () => {
    database = await createTestDatabase();
    for (let made = 0; made < 2; made++) {
      const store = new PostgresStore(database.url);
      const order = new PopularOrder({ store: store.insights, now: () => NOW, intervalMs: INTERVAL_MS, warn: (details) => assert.fail(String(details['err'])) });
      const limiter = await RedisRateLimiter.connect({ url: REDIS_URL, keyPrefix, limits: { perMinute: 1000, perHour: 10_000, perDay: 100_000, ipv6Prefix: 56 } });
      const app = await startAdminApp(store, { deps: { popular: order, rateLimiter: limiter } });
      await order.start();
      instances.push({ app, store, order, limiter });
    }
  });
  after(async () => {
    for (const { app, order, limiter } of instances) {
      order.stop();
      await app.close();
      await limiter.close();
    }
    await database.drop();
    await deleteKeys(keyPrefix);
  });

  const popularIds = async ({ app }: { app: AdminApp }) => {
    const response = await app.app.inject({ url: '/api/slots?sort=popular' });
    assert.equal(response.statusCode, 200);
    return response.json<{ slots: { id: string }[] }>().slots.map(({ id }) => Number(id));
  };

  it('answer the order of the plays both counted, on both, within the interval', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    assert.deepEqual(await popularIds(a), [1, 2, 3, 4, 5], 'no plays yet: id order');
    // Each instance's flush, as one statement each: alone, b's would put 5 first.
    await a.store.insights.addCounts([plays(3, 5)]);
    await b.store.insights.addCounts([plays(5, 4), plays(3, 2)]);
    const expected = [3, 5, 1, 2, 4];
    const agreed = async () => {
      const [fromA, fromB] = await Promise.all([popularIds(a), popularIds(b)]);
      return JSON.stringify(fromA) === JSON.stringify(expected) && JSON.stringify(fromB) === JSON.stringify(expected);
    };
    // Both read the store at every multiple of the interval: a few intervals is a bound that load cannot break.
    await eventually(agreed, 25 * INTERVAL_MS, 'both instances answer the summed order');
    await new Promise((resolve) => setTimeout(resolve, 2 * INTERVAL_MS));
    assert.ok(await agreed(), 'and keep answering it');
  });
});
