import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { PostgresStore } from '../../../src/store/postgres.js';
import { AUTH, startAdminApp, type AdminApp } from '../../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../../support/fixtures.js';
import { errorMessage, json } from '../../support/http.js';
import { exchange } from '../../support/raw-http.js';
import { createTestDatabase, POSTGRES_PORT, type TestDatabase } from '../../support/postgres.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { eventually } from '../../support/wait.js';

/** decisions §10: with a shared database, a write is on every instance within 2 seconds. */
const PROPAGATION_MS = 2_000;
/** After an outage the listener first has to reconnect, which it retries at most a second apart. */
const RECOVERY_MS = 5_000;
const ENV = { PUBLIC_BASE_URL: 'http://shared.test' };

interface Export {
  slots: Slot[];
  categories: Record<string, string[]>;
}

/**
 * Two instances of the service on one PostgreSQL database, as two servers behind a load balancer
 * would be. Instance `a` reaches the database through a proxy the tests can cut, standing in for
 * the network between a server and its database.
 */
describe('two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let a: AdminApp;
  let b: AdminApp;

  before(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(POSTGRES_PORT);
    a = await startAdminApp(new PostgresStore(database.urlVia(proxy.port)), { env: ENV });
    b = await startAdminApp(new PostgresStore(database.url), { env: ENV });
  });
  after(async () => {
    await a.close();
    await b.close();
    await proxy.close();
    await database.drop();
  });

  const write = (on: AdminApp, method: InjectOptions['method'], url: string, payload?: unknown) =>
    on.app.inject({ method, url, headers: AUTH, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  const get = (on: AdminApp, url: string) => on.app.inject({ url });
  const exported = async (on: AdminApp) => json<Export>(await on.app.inject({ url: '/api/admin/catalogue', headers: AUTH }));
  const sameOnBoth = async (url: string) => {
    const [fromA, fromB] = await Promise.all([get(a, url), get(b, url)]);
    return fromA.statusCode === fromB.statusCode && fromA.body === fromB.body;
  };

  it('start from one seeded catalogue', async () => {
    assert.deepEqual(await exported(a), await exported(b));
    assert.equal((await exported(b)).slots.length, SMALL_CATALOGUE.slots.length);
  });

  it('show a slot created on one instance on the other within 2 seconds', async () => {
    const created = await write(a, 'POST', '/api/admin/slots', slotFields({ name: 'Made On A', emojiTags: ['🦑'] }));
    assert.equal(created.statusCode, 201, created.body);
    const slot = json<Slot>(created);
    await eventually(async () => (await get(b, `/api/slots/${slot.id}`)).statusCode === 200, PROPAGATION_MS, 'slot on instance b');
    assert.deepEqual(json(await get(b, `/api/slots/${slot.id}`)), slot);
    assert.deepEqual(json<{ slots: { id: number }[] }>(await b.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: ['🦑'] } })).slots.map((s) => s.id), [Number(slot.id)]);
  });

  it('carry replacements, deletions, category maps and whole imports across within 2 seconds', async () => {
    const replaced = await write(b, 'PUT', '/api/admin/slots/1', slotFields({ name: 'Replaced On B', slug: 'replaced-on-b' }));
    assert.equal(replaced.statusCode, 200, replaced.body);
    await eventually(() => sameOnBoth('/api/slots/1'), PROPAGATION_MS, 'replacement on a');

    assert.equal((await write(a, 'DELETE', '/api/admin/slots/2')).statusCode, 204);
    await eventually(async () => (await get(b, '/api/slots/2')).statusCode === 404, PROPAGATION_MS, 'deletion on b');

    assert.equal((await write(b, 'PUT', '/api/admin/emojis/categories', { sea: ['🦑', '🐙'] })).statusCode, 200);
    await eventually(() => sameOnBoth('/api/emojis'), PROPAGATION_MS, 'categories on a');
    assert.deepEqual(json(await get(a, '/api/emojis/categories')), { categories: { sea: ['🦑', '🐙'] } });

    const imported = await write(a, 'PUT', '/api/admin/catalogue', { slots: [slotFields({ name: 'Only One' })], categories: {} });
    assert.equal(imported.statusCode, 200, imported.body);
    await eventually(() => sameOnBoth('/api/slots'), PROPAGATION_MS, 'import on b');
    assert.deepEqual(await exported(b), await exported(a));
  });

  it('lose nothing when both take 100 writes at once', async () => {
    const burst = (on: AdminApp, name: string) =>
      Array.from({ length: 50 }, (_, index) => write(on, 'POST', '/api/admin/slots', slotFields({ name: `${name} ${index}` })));
    const responses: LightMyRequestResponse[] = await Promise.all([...burst(a, 'Burst A'), ...burst(b, 'Burst B')]);
    assert.deepEqual([...new Set(responses.map((response) => response.statusCode))], [201]);
    const ids = responses.map((response) => json<Slot>(response).id);
    assert.equal(new Set(ids).size, 100, 'every id is distinct');
    await eventually(() => sameOnBoth('/api/slots?limit=1000'), PROPAGATION_MS, 'both instances agree');
    const listed = json<{ slots: Slot[] }>(await get(a, '/api/slots?limit=1000'));
    for (const id of ids) assert.ok(listed.slots.some((slot) => slot.id === id), `slot ${id} is listed`);
  });

  it('answer a write whose client ended its sending side with the request, once the database has it', async () => {
    const creating = await write(b, 'POST', '/api/admin/slots', slotFields({ name: 'Half Closed' }));
    assert.equal(creating.statusCode, 201, creating.body);
    const created = json<{ id: string }>(creating);
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.app.server.address() as AddressInfo;
    const request = `DELETE /api/admin/slots/${created.id} HTTP/1.1\r\nHost: shared.test\r\nAuthorization: ${AUTH.authorization}\r\nConnection: close\r\n\r\n`;
    const { responses } = await exchange(port, Buffer.from(request));
    assert.deepEqual(responses.map((response) => response.statusCode), [204]);
    assert.equal((await get(b, `/api/slots/${created.id}`)).statusCode, 404);
  });

  it('keep serving reads while the database is unreachable, refuse writes with 503, and recover', async () => {
    const before = await exported(a);
    proxy.cut();
    try {
      for (const url of ['/api/slots', `/api/slots/${before.slots[0]?.id}`, '/api/emojis', '/api/emojis/stats', '/api/emojis/categories']) {
        assert.equal((await get(a, url)).statusCode, 200, url);
      }
      assert.deepEqual(await exported(a), before);
      const refused = [
        await write(a, 'POST', '/api/admin/slots', slotFields({ name: 'During Outage' })),
        await write(a, 'PUT', '/api/admin/emojis/categories', { late: ['⏰'] }),
        await write(a, 'DELETE', '/api/admin/slots/1'),
        await write(a, 'PUT', '/api/admin/catalogue', { slots: [], categories: {} }),
      ];
      for (const response of refused) {
        assert.match(errorMessage(response, 503), /database: unavailable, so nothing was written/);
        assert.equal(response.headers['retry-after'], '5');
      }
      // Meanwhile the other instance, still connected, writes.
      assert.equal((await write(b, 'POST', '/api/admin/slots', slotFields({ name: 'Written During Outage' }))).statusCode, 201);
    } finally {
      proxy.restore();
    }
    assert.deepEqual(await exported(b).then((document) => document.slots.some((slot) => slot.name === 'During Outage')), false);
    await eventually(() => sameOnBoth('/api/slots?limit=1000'), RECOVERY_MS, 'instance a catches up after reconnecting');
    const afterOutage = await write(a, 'POST', '/api/admin/slots', slotFields({ name: 'After Outage' }));
    assert.equal(afterOutage.statusCode, 201, afterOutage.body);
    await eventually(() => sameOnBoth('/api/slots?limit=1000'), PROPAGATION_MS, 'b sees a again');
    const later = await write(b, 'POST', '/api/admin/slots', slotFields({ name: 'Later On B' }));
    await eventually(async () => (await get(a, `/api/slots/${json<Slot>(later).id}`)).statusCode === 200, PROPAGATION_MS, 'a hears b again');
  });

  it('write nothing when the connection drops in the middle of a transaction', async () => {
    const before = await exported(b);
    const slots = Array.from({ length: 5000 }, (_, index) => slotFields({ name: `Half Written ${index}` }));
    // The import deletes every slot, then inserts in batches of 2,000: the connection goes while the second is sent.
    proxy.cutOn('Half Written 2500"');
    const importing = await write(a, 'PUT', '/api/admin/catalogue', { slots, categories: {} });
    proxy.restore();
    assert.match(errorMessage(importing, 503), /nothing was written/);
    proxy.cutOn('COMMIT');
    const creating = await write(a, 'POST', '/api/admin/slots', slotFields({ name: 'Never Committed' }));
    proxy.restore();
    assert.equal(creating.statusCode, 503, creating.body);
    assert.deepEqual(await exported(b), before);
    const fresh = new PostgresStore(database.url);
    try {
      const stored = await fresh.load();
      assert.deepEqual(stored.slots.map((slot) => String(slot.id)), before.slots.map((slot) => slot.id));
    } finally {
      await fresh.close();
    }
  });
});
