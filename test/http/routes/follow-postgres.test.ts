import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { RedisRateLimiter } from '../../../src/ratelimit/redis-limiter.js';
import { UnreadableChangeError, type SnapshotCause } from '../../../src/service/catalogue-service.js';
import { PostgresStore, type PostgresStoreOptions } from '../../../src/store/postgres.js';
import { AUTH, startAdminApp, type AdminApp } from '../../support/admin.js';
import { slotFields } from '../../support/fixtures.js';
import { json } from '../../support/http.js';
import { createTestDatabase, POSTGRES_PORT, type TestDatabase } from '../../support/postgres.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { eventually } from '../../support/wait.js';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../../ratelimit/redis-support.js';

/** decisions §10: with a shared database, a write is on every instance within 2 seconds. */
const PROPAGATION_MS = 2_000;
/** After the database was out of reach the listener first reconnects, retrying at most a second apart. */
const RECOVERY_MS = 5_000;
const ENV = { PUBLIC_BASE_URL: 'http://shared.test' };

/** One instance of the service, with what it did to its snapshot and what trouble it reported. */
interface Instance extends AdminApp {
  readonly name: string;
  /** Why each snapshot since start-up was made, in order. */
  readonly causes: SnapshotCause[];
  readonly troubles: unknown[];
  readonly connectionLosses: Error[];
}

async function startInstance(name: string, url: string, options: PostgresStoreOptions = {}, env: Record<string, string> = {}, deps = {}): Promise<Instance> {
  const causes: SnapshotCause[] = [];
  const troubles: unknown[] = [];
  const connectionLosses: Error[] = [];
  const store = new PostgresStore(url, { applicationName: `slotmoji-${name}`, onError: (error) => connectionLosses.push(error), ...options });
  const app = await startAdminApp(store, { env: { ...ENV, ...env }, onTrouble: (error) => troubles.push(error), deps });
  app.catalogue.onRebuild((_seconds, _slots, cause) => causes.push(cause));
  return { ...app, name, causes, troubles, connectionLosses };
}

const write = (on: Instance, method: InjectOptions['method'], url: string, payload?: unknown) =>
  on.app.inject({ method, url, headers: AUTH, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });

async function created(on: Instance, name: string, emojiTags = ['🍒']): Promise<Slot> {
  const response = await write(on, 'POST', '/api/admin/slots', slotFields({ name, emojiTags }));
  assert.equal(response.statusCode, 201, response.body);
  return json<Slot>(response);
}

/** Everything a reader can see that a write changes, from one instance. */
async function view(on: Instance): Promise<string> {
  const answers = await Promise.all(
    ['/api/admin/catalogue', '/api/emojis', '/api/emojis/stats', '/api/emojis/categories', '/api/slots?limit=1000'].map((url) =>
      on.app.inject({ url, headers: AUTH }),
    ),
  );
  return answers.map((answer) => `${answer.statusCode} ${answer.body}`).join('\n');
}

const alike = async (a: Instance, b: Instance) => (await view(a)) === (await view(b));

/** Runs SQL on the database directly, as an operator (or an intruder) would. */
async function sql(database: TestDatabase, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A stream of one-slot writes on `on`, one after another, until `stop` is called; resolves with the slots written. */
function writeStream(on: Instance, prefix: string): { stop(): Promise<Slot[]> } {
  let running = true;
  const written: Slot[] = [];
  const done = (async () => {
    for (let i = 0; running; i++) written.push(await created(on, `${prefix} ${i}`, [i % 2 === 0 ? '🍋' : '🐙']));
  })();
  return {
    async stop() {
      running = false;
      await done;
      return written;
    },
  };
}

describe('instances on one PostgreSQL database following each other change by change', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  const instances: Instance[] = [];
  const start = async (...args: Parameters<typeof startInstance>) => {
    const instance = await startInstance(...args);
    instances.push(instance);
    return instance;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(POSTGRES_PORT);
  });
  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.close();
    await proxy.close();
    await database.drop();
  });

  it('apply each other\u2019s writes in both directions without loading the catalogue again', async () => {
    const a = await start('a', database.url);
    const b = await start('b', database.url);
    const onA = await created(a, 'Made On A', ['🦑']);
    assert.equal((await write(b, 'PUT', '/api/admin/slots/1', slotFields({ name: 'Replaced On B', emojiTags: ['🦑', '🍒'] }))).statusCode, 200);
    assert.equal((await write(a, 'DELETE', '/api/admin/slots/2')).statusCode, 204);
    assert.equal((await write(b, 'PUT', '/api/admin/emojis/categories', { sea: ['🦑', '🐙'] })).statusCode, 200);
    const onB = await created(b, 'Made On B', ['🐙']);
    await eventually(() => alike(a, b), PROPAGATION_MS, 'both alike');
    assert.equal(json<Slot>(await a.app.inject({ url: `/api/slots/${onB.id}` })).name, 'Made On B');
    assert.equal(json<Slot>(await b.app.inject({ url: `/api/slots/${onA.id}` })).name, 'Made On A');
    assert.deepEqual(json(await a.app.inject({ url: '/api/emojis/categories' })), { categories: { sea: ['🦑', '🐙'] } });
    assert.equal(a.catalogue.position, b.catalogue.position);
    for (const instance of [a, b]) {
      assert.deepEqual(instance.causes.filter((cause) => cause === 'reload'), [], `${instance.name} never loaded the catalogue after its start`);
      assert.ok(instance.causes.includes('change'), `${instance.name} followed the other's changes`);
    }

    const imported = await write(a, 'PUT', '/api/admin/catalogue', { slots: [slotFields({ name: 'Only One' })], categories: {} });
    assert.equal(imported.statusCode, 200, imported.body);
    await eventually(() => alike(a, b), PROPAGATION_MS, 'the import on b');
    assert.equal(b.causes.at(-1), 'reload', 'an import is followed by loading the catalogue');
  });

  it('catch up by sequence number when the listening connection is cut while writes happen', async () => {
    const a = await start('a', database.url);
    const b = await start('b', database.url);
    const stream = writeStream(a, 'Streamed');
    await eventually(async () => (await b.app.inject({ url: '/api/slots/streamed-2' })).statusCode === 200, PROPAGATION_MS, 'b following');
    const ended = await sql(
      database,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'slotmoji-b-listener'",
      [database.name],
    );
    assert.equal(ended.rowCount, 1, "b's listening connection was there to cut");
    await eventually(() => b.connectionLosses.length > 0, RECOVERY_MS, 'b noticing its listener is gone');
    const writtenWhileCut = a.catalogue.position;
    // Let the writes go on until b has listened again, then some more.
    await eventually(async () => (await sql(database, "SELECT 1 FROM pg_stat_activity WHERE application_name = 'slotmoji-b-listener'")).rowCount === 1, RECOVERY_MS, 'b listening again');
    await eventually(() => a.catalogue.position > writtenWhileCut + 3, RECOVERY_MS, 'more writes on a');
    const written = await stream.stop();
    await eventually(() => alike(a, b), PROPAGATION_MS, 'b caught up');
    for (const slot of written) assert.equal((await b.app.inject({ url: `/api/slots/${slot.id}` })).statusCode, 200, slot.name);
    assert.deepEqual(b.causes.filter((cause) => cause === 'reload'), [], 'b never loaded the catalogue again');
    assert.deepEqual(b.troubles, []);
  });

  it('keep serving reads while the database is out of reach, and catch up by sequence when it is back', async () => {
    const a = await start('a', database.url);
    const b = await start('b', database.urlVia(proxy.port));
    const before = await created(a, 'Before Outage');
    await eventually(async () => (await b.app.inject({ url: `/api/slots/${before.id}` })).statusCode === 200, PROPAGATION_MS, 'b following');
    proxy.cut();
    const during: Slot[] = [];
    for (let i = 0; i < 5; i++) {
      during.push(await created(a, `During Outage ${i}`));
      for (const url of ['/api/slots', `/api/slots/${before.id}`, '/api/emojis/stats']) assert.equal((await b.app.inject({ url })).statusCode, 200, url);
    }
    assert.equal((await b.app.inject({ url: `/api/slots/${during[0]?.id}` })).statusCode, 404, 'b cannot have heard of it yet');
    proxy.restore();
    await eventually(() => alike(a, b), RECOVERY_MS, 'b caught up once the database is back');
    assert.deepEqual(b.causes.filter((cause) => cause === 'reload'), [], 'by sequence, not by loading everything');
  });

  it('load the catalogue afresh when they fell behind what the log keeps', async () => {
    const a = await start('a', database.url, { changeRetention: { kind: 'count', changes: 3 } });
    const b = await start('b', database.urlVia(proxy.port));
    proxy.cut();
    for (let i = 0; i < 6; i++) await created(a, `Pruned Away ${i}`);
    proxy.restore();
    await eventually(() => alike(a, b), RECOVERY_MS, 'b caught up');
    assert.deepEqual(b.causes, ['reload']);
    assert.equal(b.catalogue.position, a.catalogue.position);
  });

  it('converge when a follower restarts in the middle of a stream of writes', async () => {
    const a = await start('a', database.url);
    let b = await start('b', database.url);
    const stream = writeStream(a, 'Restart Stream');
    await eventually(async () => (await b.app.inject({ url: '/api/slots/restart-stream-2' })).statusCode === 200, PROPAGATION_MS, 'b following');
    await b.close();
    instances.splice(instances.indexOf(b), 1);
    const stopped = a.catalogue.position;
    await eventually(() => a.catalogue.position > stopped + 2, RECOVERY_MS, 'writes while b is down');
    b = await start('b', database.url);
    const restarted = b.catalogue.position;
    await eventually(() => a.catalogue.position > restarted + 2, RECOVERY_MS, 'writes after b is back');
    const written = await stream.stop();
    await eventually(() => alike(a, b), PROPAGATION_MS, 'b caught up after its restart');
    for (const slot of written) assert.equal((await b.app.inject({ url: `/api/slots/${slot.id}` })).statusCode, 200, slot.name);
    assert.ok(b.causes.includes('change'), 'the restarted b followed changes after its first load');
  });

  it('report a change-log row that cannot be applied, and load the catalogue afresh instead', async () => {
    const a = await start('a', database.url);
    const b = await start('b', database.url);
    await created(a, 'Before Bad Rows');
    await eventually(() => alike(a, b), PROPAGATION_MS, 'both alike');
    // By hand, in one transaction: slot 3 goes without a proper change, and three rows no writer would log.
    await sql(
      database,
      `WITH gone AS (DELETE FROM slots WHERE id = 3),
            bad (n, change) AS (VALUES (1, '{"kind":"slot","record":{"id":"x"}}'::json), (2, '{"kind":"renamed"}'::json), (3, '42'::json)),
            next AS (UPDATE meta SET value = value + 3 WHERE key = 'change_seq' RETURNING value)
       INSERT INTO changes (seq, change) SELECT next.value - 3 + bad.n, bad.change FROM next, bad`,
    );
    await sql(database, "SELECT pg_notify('slotmoji_catalogue', 'by hand')");
    for (const instance of [a, b]) {
      await eventually(async () => (await instance.app.inject({ url: '/api/slots/3' })).statusCode === 404, PROPAGATION_MS, `${instance.name} reloaded`);
      assert.equal(instance.troubles.length, 1, `${instance.name} reported the first bad row once, then loaded past the others`);
      assert.ok(instance.troubles[0] instanceof UnreadableChangeError);
      assert.match(String(instance.troubles[0]), /change \d+ cannot be applied: .*change\.record\.id: must be integer/);
      assert.equal(instance.causes.at(-1), 'reload');
    }
    assert.equal(a.catalogue.position, b.catalogue.position);
    // Following goes on as before.
    const later = await created(b, 'After Bad Rows');
    await eventually(async () => (await a.app.inject({ url: `/api/slots/${later.id}` })).statusCode === 200, PROPAGATION_MS, 'a following b again');
    assert.equal(a.causes.at(-1), 'change');
    assert.ok(await alike(a, b));
  });
});

describe('rate limits across two instances on PostgreSQL and Redis', () => {
  const prefix = testKeyPrefix();
  after(() => deleteKeys(prefix));

  it('let exactly 60 of 120 concurrent requests from one client through, against 60 a minute', async () => {
    const database = await createTestDatabase();
    const limits = { perMinute: 60, perHour: 1000, perDay: 10000, ipv6Prefix: 56 };
    // A clock that stands still, so the minute cannot roll over in the middle.
    const now = () => Date.UTC(2030, 0, 1, 12, 0, 10);
    // Redis's answers may be slow on a loaded machine; past the link's usual second, each instance would count
    // in memory for a while, by design, and this test is of the shared count.
    const link = { url: REDIS_URL, keyPrefix: prefix, limits, now, commandTimeoutMs: 30_000 };
    const limiters = [await RedisRateLimiter.connect(link), await RedisRateLimiter.connect(link)];
    const env = { RATE_LIMIT_PER_MINUTE: '60' };
    const a = await startInstance('a', database.url, {}, env, { rateLimiter: limiters[0], now });
    const b = await startInstance('b', database.url, {}, env, { rateLimiter: limiters[1], now });
    try {
      const responses = await Promise.all(
        Array.from({ length: 120 }, (_, index) => (index % 2 === 0 ? a : b).app.inject({ url: index % 3 === 0 ? '/api/slots' : '/api/emojis/stats' })),
      );
      const statuses = responses.map((response) => response.statusCode);
      assert.equal(statuses.filter((status) => status === 200).length, 60);
      assert.equal(statuses.filter((status) => status === 429).length, 60);
      const remaining = responses.filter((response) => response.statusCode === 200).map((response) => Number(response.headers['x-ratelimit-remaining']));
      assert.deepEqual(remaining.sort((x, y) => x - y), Array.from({ length: 60 }, (_, index) => index), 'each allowed request took its own place');
    } finally {
      await a.close();
      await b.close();
      for (const limiter of limiters) await limiter.close();
      await database.drop();
    }
  });
});
