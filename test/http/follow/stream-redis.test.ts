import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, afterEach, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { RedisStreamSeats } from '../../../src/ratelimit/redis-stream-seats.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { freePort } from '../../support/process.js';
import { openStream, type SseConnection } from '../../support/sse.js';
import { eventually } from '../../support/wait.js';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../../ratelimit/redis-support.js';

const prefix = testKeyPrefix();
const redis = new Redis(REDIS_URL);
after(async () => {
  await deleteKeys(prefix);
  await redis.quit();
});

const STREAM = '/api/changes/stream';

interface Refusal {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, string>;
}

const refused = (promise: Promise<SseConnection>) => promise.then(
  () => assert.fail('the stream opened'),
  (error: Refusal) => error,
);

describe('GET /api/changes/stream with the stream seats in Redis', () => {
  const closers: (() => Promise<void>)[] = [];
  const streams: SseConnection[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.cut();
    for (const close of closers.splice(0)) await close();
  });

  /** One instance on a real socket, its stream seats in the Redis at `url`, its log captured. */
  const instance = async (url = REDIS_URL, timing: { seatLifetimeMs?: number; heartbeatMs?: number } = {}) => {
    const seats = await RedisStreamSeats.connect({ url, keyPrefix: prefix, reconnectDelayMs: 20, ...(timing.seatLifetimeMs === undefined ? {} : { seatLifetimeMs: timing.seatLifetimeMs }) });
    const logged: string[] = [];
    const test: TestApp = await startTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '1000' },
      deps: {
        streamSeats: seats,
        logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
        ...(timing.heartbeatMs === undefined ? {} : { heartbeatMs: timing.heartbeatMs }),
      },
    });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await test.close();
      await seats.close();
    };
    closers.push(close);
    return { port: (test.app.server.address() as AddressInfo).port, logged, close };
  };
  const open = async (port: number) => {
    const stream = await openStream(port, STREAM);
    streams.push(stream);
    return stream;
  };
  const opensSoon = (port: number, what: string) => eventually(() => open(port).then(() => true, () => false), 5000, what, 50);

  it('holds five streams per client across instances: 3 on one and 2 on the other, a sixth on either is the same 429', async () => {
    const [one, two] = [await instance(), await instance()];
    const three = await Promise.all([open(one.port), open(one.port), open(one.port)]);
    await Promise.all([open(two.port), open(two.port)]);
    for (const port of [one.port, two.port]) {
      const refusal = await refused(openStream(port, STREAM));
      assert.equal(refusal.status, 429);
      assert.deepEqual(JSON.parse(refusal.body), { statusCode: 429, error: 'Too Many Requests', message: 'streams: at most 5 open at once per client; close one first' });
      assert.equal(refusal.headers['retry-after'], '10');
    }
    three[0]?.cut();
    await opensSoon(two.port, 'a stream on the other instance once one closed');
    assert.equal((await refused(openStream(one.port, STREAM))).status, 429, 'full again');
  });

  it('keeps the seats of open streams on the heartbeat past their lifetime, and gives them back at shutdown', async () => {
    const holder = await instance(REDIS_URL, { seatLifetimeMs: 300, heartbeatMs: 50 });
    const other = await instance();
    await Promise.all(Array.from({ length: 5 }, () => open(holder.port)));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal((await refused(openStream(other.port, STREAM))).status, 429, 'three lifetimes later, still held');
    await holder.close();
    assert.equal(await redis.zcard(`${prefix}:streams:127.0.0.1`), 0, 'no seat left behind');
    await open(other.port);
  });

  it('frees the seats of an instance that died without closing its streams within their lifetime', async () => {
    // The instance first: started after the seats were taken, a slow start (a busy machine) outlived them.
    const { port } = await instance();
    const dead = await RedisStreamSeats.connect({ url: REDIS_URL, keyPrefix: prefix, seatLifetimeMs: 500 });
    for (let i = 0; i < 5; i += 1) assert.notEqual(await dead.take('127.0.0.1'), undefined);
    try {
      assert.equal((await refused(openStream(port, STREAM))).status, 429);
      // Never renewed nor released: the seats lapse, and the client has all five again. Each lapses half a
      // second after it was taken, and on a busy machine the five takes were spread over more than the polls.
      for (let seat = 1; seat <= 5; seat += 1) await opensSoon(port, `stream ${seat} once the dead seats lapsed`);
      assert.equal((await refused(openStream(port, STREAM))).status, 429);
    } finally {
      dead.renew();
      await dead.close();
    }
  });

  it('counts per instance while Redis is unreachable, warning once', async () => {
    const { port, logged } = await instance(`redis://127.0.0.1:${await freePort()}`);
    const five = await Promise.all(Array.from({ length: 5 }, () => open(port)));
    assert.equal((await refused(openStream(port, STREAM))).status, 429);
    five[0]?.cut();
    await opensSoon(port, 'a stream once one closed');
    const warnings = logged.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((entry) => entry.msg.startsWith('change streams:'));
    assert.deepEqual(warnings.map((entry) => entry.level), [40], logged.join(''));
  });
});
