import assert from 'node:assert/strict';
import { after, afterEach, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import type { StoreChange } from '../../src/ratelimit/limiter.js';
import { RedisStreamSeats, type RedisStreamSeatsOptions } from '../../src/ratelimit/redis-stream-seats.js';
import type { StreamSeat } from '../../src/ratelimit/stream-seats.js';
import { freePort } from '../support/process.js';
import { eventually, within } from '../support/wait.js';
import { deleteKeys, REDIS_URL, startRedisServer, testKeyPrefix } from './redis-support.js';

const prefix = testKeyPrefix();
const redis = new Redis(REDIS_URL);
after(async () => {
  await deleteKeys(prefix);
  await redis.quit();
});

const CLIENT = '203.0.113.7';
const KEY = `${prefix}:streams:${CLIENT}`;

describe('RedisStreamSeats', () => {
  const made: RedisStreamSeats[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((seats) => seats.close()));
    await redis.del(KEY);
  });
  const connect = async (options: Partial<RedisStreamSeatsOptions> = {}) => {
    const seats = await RedisStreamSeats.connect({ url: REDIS_URL, keyPrefix: prefix, ...options });
    made.push(seats);
    return seats;
  };
  const takeTimes = async (seats: RedisStreamSeats, times: number) => {
    const taken: (StreamSeat | undefined)[] = [];
    for (let i = 0; i < times; i += 1) taken.push(await seats.take(CLIENT));
    return taken;
  };

  it('counts the seats of every instance together: 3 on one and 2 on another are all five', async () => {
    const [one, two] = [await connect(), await connect()];
    const three = await takeTimes(one, 3);
    const pair = await takeTimes(two, 2);
    assert.ok([...three, ...pair].every((seat) => seat !== undefined));
    assert.equal(await one.take(CLIENT), undefined, 'a sixth on the first');
    assert.equal(await two.take(CLIENT), undefined, 'a sixth on the second');
    assert.notEqual(await two.take('203.0.113.8'), undefined, 'another client');

    const members = await redis.zrange(KEY, 0, -1, 'WITHSCORES');
    assert.equal(members.length, 10);
    const [seconds, micros] = await redis.time();
    const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    for (let i = 0; i < members.length; i += 2) {
      assert.match(members[i] ?? '', /^[0-9a-f-]{36}:\d+$/, 'an instance id and a counter');
      const expiry = Number(members[i + 1]);
      assert.ok(expiry > now && expiry <= now + 30_000, `scored by an expiry on Redis's clock: ${expiry - now} ms ahead`);
    }
    const ttl = await redis.pttl(KEY);
    assert.ok(ttl > 0 && ttl <= 30_000, `the set expires with its newest seat: ${ttl}`);

    three[0]?.release();
    await eventually(async () => (await redis.zcard(KEY)) === 4, 2000, 'the released seat removed');
    assert.notEqual(await two.take(CLIENT), undefined, 'the freed seat, taken on the other instance');
  });

  it('lets the seats of an instance that stopped renewing lapse, while renewed ones stay', async () => {
    const dead = await connect({ seatLifetimeMs: 300 });
    const live = await connect({ seatLifetimeMs: 300 });
    await takeTimes(live, 2);
    await takeTimes(dead, 3);
    const renewing = setInterval(() => live.renew(), 100);
    try {
      assert.equal(await live.take(CLIENT), undefined);
      await eventually(async () => (await live.take(CLIENT)) !== undefined, 5000, 'a dead seat lapsing', 50);
      await new Promise((resolve) => setTimeout(resolve, 900));
      // Three lifetimes later: the two renewed seats and the one just taken (renewed since) still hold,
      // so two more fit where the dead instance's three lapsed, and the set holds those five only. (Counted
      // before the takes, it also held dead seats that lapsed after the first: a take prunes them, and on a
      // busy machine the dead instance's three takes were spread over more than the polls.)
      assert.deepEqual((await takeTimes(live, 3)).map((seat) => seat !== undefined), [true, true, false]);
      assert.equal(await redis.zcard(KEY), 5);
    } finally {
      clearInterval(renewing);
    }
  });

  it('gives back only its own seats when it closes', async () => {
    const [one, two] = [await connect(), await connect()];
    await takeTimes(one, 2);
    await takeTimes(two, 1);
    await one.close();
    assert.equal(await redis.zcard(KEY), 1);
  });

  it('counts per instance while Redis is unreachable, reporting the loss once, and adds its seats to Redis once back', async () => {
    const port = await freePort();
    const lonely = await connect({ url: `redis://127.0.0.1:${port}`, reconnectDelayMs: 20 });
    const changes: StoreChange[] = [];
    lonely.onStoreChange((change) => changes.push(change));
    const five = await takeTimes(lonely, 5);
    assert.ok(five.every((seat) => seat !== undefined), 'never refuses everything');
    assert.equal(await lonely.take(CLIENT), undefined, 'the sixth on this instance');
    five[0]?.release();
    assert.notEqual(await lonely.take(CLIENT), undefined, 'a released seat is free again');
    assert.deepEqual(changes.map((change) => change.shared), [false]);

    const server = await startRedisServer(port);
    const own = new Redis(server.url);
    try {
      await within(new Promise<void>((resolve) => lonely.onStoreChange((change) => change.shared && resolve())), 10_000, 'Redis back');
      lonely.renew();
      await eventually(async () => (await own.zcard(KEY)) === 5, 2000, 'the open seats added to Redis');
      assert.equal(await lonely.take(CLIENT), undefined, 'counted in Redis again');
    } finally {
      await own.quit();
      await server.stop();
    }
  });
});
