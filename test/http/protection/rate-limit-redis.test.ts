import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { RedisRateLimiter } from '../../../src/ratelimit/redis-limiter.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { freePort, startServer } from '../../support/process.js';
import { deleteKeys, keysUnder, REDIS_URL, startRedisServer, testKeyPrefix } from '../../ratelimit/redis-support.js';
import { startTcpProxy } from '../../support/tcp-proxy.js';
import { within } from '../../support/wait.js';

const START = Date.UTC(2030, 0, 1, 12, 0, 10);
const prefix = testKeyPrefix();
after(() => deleteKeys(prefix));

interface Instance {
  readonly t: TestApp;
  readonly limiter: RedisRateLimiter;
  readonly logged: string[];
  close(): Promise<void>;
}

/** One instance of the service counting in the Redis at `url`, with its warnings captured. */
async function instance(url: string, perMinute: number): Promise<Instance> {
  const limits = { perMinute, perHour: 1000, perDay: 10000, ipv6Prefix: 56 };
  const limiter = await RedisRateLimiter.connect({ url, keyPrefix: prefix, limits, now: () => START, reconnectDelayMs: 20 });
  const logged: string[] = [];
  const t = await startTestApp({
    env: { RATE_LIMIT_PER_MINUTE: String(perMinute) },
    deps: { rateLimiter: limiter, now: () => START, logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } } },
  });
  return {
    t,
    limiter,
    logged,
    async close() {
      await t.close();
      await limiter.close();
    },
  };
}

const rateLimitLogs = (logged: readonly string[]) =>
  logged.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.msg.startsWith('rate limits:'));

const summary = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${String(response.headers['x-ratelimit-window'])}:${String(response.headers['x-ratelimit-remaining'])}`;

describe('rate limits in Redis, shared by instances', () => {
  it('counts every instance together: 7 a minute means 7 in total', async () => {
    const [one, two] = [await instance(REDIS_URL, 7), await instance(REDIS_URL, 7)];
    try {
      const responses = [];
      for (let i = 0; i < 10; i += 1) responses.push(await (i % 2 === 0 ? one : two).t.app.inject('/api/slots'));
      assert.deepEqual(responses.map(summary), [
        '200 minute:6', '200 minute:5', '200 minute:4', '200 minute:3', '200 minute:2', '200 minute:1', '200 minute:0',
        '429 minute:0', '429 minute:0', '429 minute:0',
      ]);
      assert.match(responses[9]?.json<{ message: string }>().message ?? '', /the limit is 7 requests per minute/);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('keeps answering from per-instance counters while Redis is down, logging one warning, and returns to Redis', async () => {
    const port = await freePort();
    const lonely = await instance(`redis://127.0.0.1:${port}`, 3);
    try {
      const statuses = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await lonely.t.app.inject('/api/slots')).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, ...Array<number>(17).fill(429)]);
      assert.deepEqual(rateLimitLogs(lonely.logged).map((entry) => entry.level), [40], lonely.logged.join(''));

      const server = await startRedisServer(port);
      try {
        const back = new Promise<void>((resolve) => lonely.limiter.onStoreChange((change) => change.shared && resolve()));
        await within(back, 10_000, 'the limiter returning to Redis');
        const response = await lonely.t.app.inject('/api/slots');
        assert.equal(summary(response), '200 minute:2', 'counted in Redis, which starts from nothing');
        assert.deepEqual(rateLimitLogs(lonely.logged).map((entry) => entry.level), [40, 30]);
      } finally {
        await server.stop();
      }
    } finally {
      await lonely.close();
    }
  });
});

describe('rate limits in Redis across server processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-ratelimit-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  // The day window binds (7 a day), so the test cannot straddle a window boundary in practice.
  const env = (database: string, redisUrl: string) => ({
    DATABASE_URL: `sqlite://${join(dir, database)}`,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_PER_DAY: '7',
  });

  it('shares the counters of two processes on different ports', async () => {
    const one = await startServer(env('one.db', REDIS_URL));
    const two = await startServer(env('two.db', REDIS_URL));
    try {
      // Start-up waits on /healthz, which counts nowhere; the client is 127.0.0.1 on both.
      const statuses = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await fetch(`${(i % 2 === 0 ? one : two).url}/api/slots?limit=1`)).status);
      // A server that counted in memory says why in its log.
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 429, 429, 429], `first: ${one.output()}\nsecond: ${two.output()}`);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('waits on a Redis slower than a second as long as REDIS_TIMEOUT_MS says, counting there', async () => {
    // Each answer of Redis 1.2 s late: past the 1 s default, within the 10 s set here.
    const slow = await startTcpProxy(Number(new URL(REDIS_URL).port));
    slow.delayAnswers(1200);
    const slowPrefix = `${prefix}:slow`;
    const server = await startServer({ ...env('slow.db', `redis://127.0.0.1:${slow.port}`), REDIS_KEY_PREFIX: slowPrefix, REDIS_TIMEOUT_MS: '10000' });
    try {
      const response = await fetch(`${server.url}/api/slots?limit=1`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-ratelimit-remaining'), '6');
      assert.ok(Object.keys(await keysUnder(REDIS_URL, slowPrefix)).length > 0, 'counted in Redis');
    } finally {
      assert.equal(await server.stop(), 0);
      await slow.close();
    }
    assert.doesNotMatch(server.output(), /Redis unreachable/, server.output());
  });

  it('starts and answers without Redis, with one warning in its log for each thing counted there', async () => {
    const server = await startServer(env('alone.db', `redis://127.0.0.1:${await freePort()}`));
    try {
      const statuses = [];
      for (let i = 0; i < 10; i += 1) statuses.push((await fetch(`${server.url}/api/slots?limit=1`)).status);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 429, 429, 429]);
    } finally {
      assert.equal(await server.stop(), 0);
    }
    assert.equal(server.output().match(/rate limits: Redis unreachable/g)?.length, 1, server.output());
    assert.equal(server.output().match(/change streams: Redis unreachable/g)?.length, 1, server.output());
  });
});
