import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { keysUnder, startRedisServer, testKeyPrefix } from '../ratelimit/redis-support.js';
import { startServer, type ServerProcess } from '../support/process.js';
import { eventually } from '../support/wait.js';

/**
 * The count Redis holds for this client in the current hour, or 0 when it holds none. The hour, not
 * the minute: a read and the request after it then straddle a window's turn sixty times more rarely.
 */
async function hourCount(url: string, prefix: string): Promise<number> {
  const entries = Object.entries(await keysUnder(url, prefix)).filter(([key]) => key.includes(':hour:'));
  assert.ok(entries.length <= 1, `one client, one hour: ${JSON.stringify(entries)}`);
  return Number(entries[0]?.[1] ?? 0);
}

async function get(server: ServerProcess): Promise<Response> {
  const response = await fetch(`${server.url}/api/slots?limit=1`);
  await response.arrayBuffer();
  return response;
}

describe('a server process whose Redis dies mid-run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-redis-outage-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps answering from its own counters, warns once, and counts in Redis again once it is back', async () => {
    let redis = await startRedisServer();
    const prefix = testKeyPrefix();
    const server = await startServer({
      DATABASE_URL: `sqlite://${join(dir, 'catalogue.db')}`,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'info',
    });
    try {
      const before = await hourCount(redis.url, prefix);
      assert.equal((await get(server)).status, 200);
      assert.equal(await hourCount(redis.url, prefix), before + 1, 'counted in Redis');

      await redis.stop();
      for (let i = 0; i < 20; i += 1) {
        const response = await get(server);
        assert.equal(response.status, 200);
        assert.match(response.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/);
      }
      assert.equal(server.output().match(/rate limits: Redis unreachable/g)?.length, 1, server.output());

      redis = await startRedisServer(redis.port);
      // The limiter tries Redis again at most once a second, when a request comes. Its own words: the
      // stream seats hold a connection of their own, which may come back first.
      await eventually(
        async () => (await get(server)).status === 200 && /rate limits: Redis is back/.test(server.output()),
        10_000,
        'counting in Redis again',
      );
      const counted = await hourCount(redis.url, prefix);
      assert.equal((await get(server)).status, 200);
      assert.equal(await hourCount(redis.url, prefix), counted + 1, 'counted in the restarted Redis');
      assert.equal(server.output().match(/rate limits: Redis unreachable/g)?.length, 1, 'one warning for the whole outage');
      // The stream seats share the Redis URL and say so once too, in their own words.
      assert.equal(server.output().match(/change streams: Redis unreachable/g)?.length, 1, server.output());
    } finally {
      assert.equal(await server.stop(), 0);
      await redis.stop();
    }
  });
});
