import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { PostgresStore } from '../../src/store/postgres.js';
import { ADMIN_TOKEN } from '../support/admin.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/process.js';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../ratelimit/redis-support.js';
import { eventually } from '../support/wait.js';

/**
 * Instances on one PostgreSQL and one Redis, as in production: their counts add up; SIGTERM writes
 * what an instance counted; SIGKILL loses at most its last 10 s; and nothing a visitor sends (its
 * address, its User-Agent) nor the day's secret is found in the database or the logs.
 */

/** A browser's User-Agent, one per visitor: each is a different visitor from the same address. */
const agent = (name: string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Probe${name}`;
const ADDRESS = '198.51.100.77';
const TODAY = new Date().toISOString().slice(0, 10);

async function play(server: ServerProcess, visitor: string): Promise<void> {
  const response = await fetch(`${server.url}/api/play/${encodeURIComponent('🍒')}`, {
    redirect: 'manual',
    headers: { 'user-agent': agent(visitor), 'x-forwarded-for': ADDRESS },
  });
  assert.equal(response.status, 302);
}

async function search(server: ServerProcess, visitor: string, q: string): Promise<void> {
  const response = await fetch(`${server.url}/api/slots?q=${encodeURIComponent(q)}`, { headers: { 'user-agent': agent(visitor), 'x-forwarded-for': ADDRESS } });
  assert.equal(response.status, 200);
}

describe('insights across instances (decisions §21)', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  const keyPrefix = testKeyPrefix();
  const servers: ServerProcess[] = [];
  const logs: string[] = [];
  const start = async () => {
    const server = await startServer({ DATABASE_URL: database.url, REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, ADMIN_TOKEN, TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '10000' }, 60_000);
    servers.push(server);
    return server;
  };
  const playsCounted = async () => {
    const store = new PostgresStore(database.url);
    try {
      const day = Math.floor(Date.now() / 86_400_000);
      const totals = await store.insights.totals({ kinds: ['play'], fromDay: day - 1, toDay: day, notFoundOnly: false, minVisitorsOnOneDay: 0, limit: 10 });
      return totals.reduce((sum, { count }) => sum + count, 0);
    } finally {
      await store.close();
    }
  };

  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    for (const server of servers) await server.kill();
    await database.drop();
    await deleteKeys(keyPrefix);
  });

  it('adds both instances\' counts exactly, and an instance stopped by SIGTERM loses none', async () => {
    const [a, b] = [await start(), await start()];
    for (let i = 0; i < 4; i++) await play(a, `a${i}`);
    for (let i = 0; i < 5; i++) await play(b, `b${i}`);
    // A repeat within 30 minutes, on the same instance: not counted again.
    await play(a, 'a0');
    assert.equal(await a.stop(), 0);
    assert.equal(await b.stop(), 0);
    logs.push(a.output(), b.output());
    assert.equal(await playsCounted(), 9);
  });

  it('loses at most the last 10 s of an instance killed by SIGKILL', async () => {
    const before = await playsCounted();
    const c = await start();
    for (let i = 0; i < 3; i++) await play(c, `c${i}`);
    // Counted once flushed, within the 10 s (no fixed wait: the next flush may come at once).
    await eventually(async () => (await playsCounted()) === before + 3, 10_500, 'the plays to be written before the kill', 250);
    await c.kill();
    logs.push(c.output());
    assert.equal(await playsCounted(), before + 3);
  });

  it('orders sort=popular by the plays the instances counted, from a fresh instance\'s first read, and shows them on its home page', async () => {
    const e = await start();
    try {
      // A bot's play is not counted: it only says where the counted plays went.
      const played = await fetch(`${e.url}/api/play/${encodeURIComponent('🍒')}`, { redirect: 'manual', headers: { 'user-agent': 'curl/8.5.0' } });
      const slug = new URL(played.headers.get('location') ?? '').pathname.replace('/slots/', '');
      const first = (await (await fetch(`${e.url}/api/slots?sort=popular&limit=1`)).json()) as { slots: { slug: string }[] };
      assert.equal(first.slots[0]?.slug, slug);
      const home = await (await fetch(`${e.url}/`)).text();
      assert.match(home, /Popular this week/);
      assert.ok(home.includes(`href="/slots/${slug}"`));
    } finally {
      assert.equal(await e.stop(), 0);
      logs.push(e.output());
    }
  });

  it('writes no address, User-Agent or secret of the day to the database or the logs, and shows no search one visitor typed', async () => {
    const d = await start();
    for (let i = 0; i < 3; i++) await search(d, `d${i}`, 'cherry');
    await search(d, 'd0', 'jane.doe@example.com');
    assert.equal(await d.stop(), 0);
    logs.push(d.output());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows: secrets } = await client.query<{ secret: Buffer }>('SELECT secret FROM insight_secrets');
      assert.ok(secrets.length > 0);
      const { rows: tables } = await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
      let everything = '';
      for (const { table_name: table } of tables) {
        if (table === 'insight_secrets') continue;
        const { rows } = await client.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`);
        everything += rows.map(({ row }) => row).join('\n');
      }
      assert.match(everything, /cherry/, 'the dump holds what was counted');
      const secretTexts = secrets.flatMap(({ secret }) => [secret.toString('hex'), secret.toString('base64'), secret.toString('latin1')]);
      for (const needle of [ADDRESS, 'Probe', ...secretTexts]) {
        assert.ok(!everything.includes(needle), `the database holds ${needle}`);
        for (const log of logs) assert.ok(!log.includes(needle), `a log holds ${needle}`);
      }
    } finally {
      await client.end();
    }
    const report = await startAndReport();
    assert.deepEqual(report.map(({ key }) => key), ['cherry']);
  });

  /** A fresh instance's search report for today. */
  async function startAndReport(): Promise<{ key: string }[]> {
    const e = await start();
    try {
      const response = await fetch(`${e.url}/api/admin/insights?kind=searches&from=${TODAY}&to=${TODAY}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      return (await response.json() as { rows: { key: string }[] }).rows;
    } finally {
      await e.stop();
    }
  }
});
