import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { ChangeFeed } from '../../../src/http/follow/change-feed.js';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields } from '../../support/fixtures.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

interface Snapshot {
  sequence: number;
  history: string;
  slots: { id: string; slug: string; url: string }[];
  categories: Record<string, string[]>;
}
interface ChangePage {
  changes: { sequence: number; time: string; type: string; slot?: { id: string; name: string }; id?: string; slug?: string | null; categories?: unknown }[];
  next: number;
  latest: number;
  history: string;
}

describe('GET /api/catalogue and GET /api/changes', () => {
  let test: TestApp;
  before(async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN, CHANGES_RETENTION: '5' } });
  });
  after(() => test.close());

  it('answers the snapshot with its sequence, every slot as GET /api/slots shows it, the categories, and the rate-limit headers', async () => {
    const answer = await test.app.inject({ url: '/api/catalogue', headers: { host: 'mirror.test' } });
    const snapshot = json<Snapshot>(answer);
    assert.equal(snapshot.sequence, test.catalogue.position);
    const list = json<{ slots: unknown[] }>(await test.app.inject({ url: '/api/slots?limit=1000', headers: { host: 'mirror.test' } }));
    assert.deepEqual(snapshot.slots, list.slots);
    assert.deepEqual(snapshot.categories, test.catalogue.current.categories);
    assert.ok(answer.headers['x-ratelimit-remaining'] !== undefined, 'counted like every /api route');
    assertCors(answer);
  });

  it('tags the snapshot strongly per encoding, answers 304 to its tag, and compresses with br or gzip when accepted', async () => {
    const plain = await test.app.inject({ url: '/api/catalogue' });
    const etag = String(plain.headers.etag);
    assert.match(etag, /^"[^"]+"$/, 'a strong tag');
    assert.equal(plain.headers['content-encoding'], undefined);
    const again = await test.app.inject({ url: '/api/catalogue', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const br = await test.app.inject({ url: '/api/catalogue', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.notEqual(br.headers.etag, etag, 'other bytes, another strong tag');
    const gzip = await test.app.inject({ url: '/api/catalogue', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString(), plain.body);
    assert.match(String(gzip.headers.vary), /accept-encoding/i);
  });

  it('pages the changes after a sequence, each with its time and type, and says where to go on', async () => {
    const start = test.catalogue.position;
    const created = json<{ id: string }>(await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Fed Slot' }) }));
    assert.equal((await test.app.inject({ method: 'DELETE', url: `/api/admin/slots/${created.id}`, headers: AUTH })).statusCode, 204);
    assert.equal((await test.app.inject({ method: 'PUT', url: '/api/admin/emojis/categories', headers: AUTH, payload: { luck: ['🍀'] } })).statusCode, 200);

    const page = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${start}&limit=2` }));
    assert.deepEqual(page.changes.map((change) => [change.sequence, change.type]), [[start + 1, 'slot.upserted'], [start + 2, 'slot.deleted']]);
    assert.equal(page.changes[0]?.slot?.name, 'Fed Slot');
    assert.deepEqual({ id: page.changes[1]?.id, slug: page.changes[1]?.slug }, { id: created.id, slug: 'fed-slot' });
    for (const change of page.changes) assert.ok(!Number.isNaN(Date.parse(change.time)), change.time);
    assert.deepEqual([page.next, page.latest], [start + 2, start + 3]);
    const rest = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${page.next}` }));
    assert.deepEqual(rest.changes.map((change) => [change.type, change.categories]), [['categories.replaced', { luck: ['🍀'] }]]);
    const none = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${rest.latest}` }));
    assert.deepEqual(none, { changes: [], next: rest.latest, latest: rest.latest, history: test.catalogue.view.history });
  });

  it('answers the database\'s history id with the snapshot and every page, and 410 to another history as to a lost cursor', async () => {
    const snapshot = json<Snapshot>(await test.app.inject({ url: '/api/catalogue' }));
    assert.match(snapshot.history, /^[A-Za-z0-9_-]{22}$/);
    const stored = await test.catalogue.store.readChanges(snapshot.sequence, 1);
    assert.equal(snapshot.history, stored.history, 'the store\'s, not made up per answer');
    assert.equal((await test.catalogue.store.load()).history, snapshot.history);
    const same = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${snapshot.sequence}&history=${snapshot.history}` }));
    assert.equal(same.history, snapshot.history);
    // A full page is kept: a kept page is refused to another history too.
    assert.equal((await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'History Kept' }) })).statusCode, 201);
    const full = `/api/changes?after=${snapshot.sequence}&limit=1`;
    assert.equal(json<ChangePage>(await test.app.inject({ url: `${full}&history=${snapshot.history}` })).changes.length, 1);
    for (const other of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-even-an-id', '']) {
      for (const url of [`/api/changes?after=${snapshot.sequence}&history=${other}`, `${full}&history=${other}`]) {
        const answer = await test.app.inject({ url });
        assert.equal(answer.statusCode, 410, `${url}: ${answer.body}`);
        const body = json<{ message: string; snapshot: string }>(answer);
        assert.equal(body.snapshot, '/api/catalogue');
        assert.match(body.message, /^history: /);
        assertCors(answer);
      }
    }
    assert.match(errorMessage(await test.app.inject({ url: `/api/changes?history=${snapshot.history}&history=x` }), 400), /^history: /);
  });

  it('refuses a bad after or limit with a 400 naming it, changing nothing', async () => {
    for (const [query, name] of [
      ['after=-1', 'after'],
      ['after=abc', 'after'],
      ['after=1.5', 'after'],
      ['after=', 'after'],
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['after=1&after=2', 'after'],
    ] as const) {
      const answer = await test.app.inject({ url: `/api/changes?${query}` });
      assert.match(errorMessage(answer, 400), new RegExp(`^${name}: `), query);
      assertCors(answer);
    }
  });

  it('answers 410 with the snapshot link to a cursor older than the changes kept, or beyond the latest', async () => {
    const start = test.catalogue.position;
    assert.equal((await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'First Kept' }) })).statusCode, 201);
    // A full page is remembered; its latest still moves, and it is gone once the log no longer holds it.
    const full = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${start}&limit=1` }));
    assert.equal((await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Second Kept' }) })).statusCode, 201);
    const again = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${start}&limit=1` }));
    assert.deepEqual(again.changes, full.changes);
    assert.deepEqual([full.latest, again.latest], [start + 1, start + 2]);
    for (let i = 0; i < 6; i++) {
      assert.equal((await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: `Pruned ${i}` }) })).statusCode, 201);
    }
    for (const query of ['after=0', `after=${start}`, `after=${start}&limit=1`, `after=${start + 8 + 1}`]) {
      const answer = await test.app.inject({ url: `/api/changes?${query}` });
      assert.equal(answer.statusCode, 410, answer.body);
      const body = json<{ statusCode: number; error: string; message: string; snapshot: string }>(answer);
      assert.deepEqual({ statusCode: body.statusCode, error: body.error, snapshot: body.snapshot }, { statusCode: 410, error: 'Gone', snapshot: '/api/catalogue' });
      assert.match(body.message, /^after: /);
    }
    // CHANGES_RETENTION=5: the last five are still there.
    const kept = json<ChangePage>(await test.app.inject({ url: `/api/changes?after=${start + 3}` }));
    assert.equal(kept.changes.length, 5);
  });

  it('reads the store for a page asked again once per position of the catalogue, and not at all in between', async () => {
    const store = test.catalogue.store;
    const reads: number[] = [];
    const counting = Object.assign(Object.create(store) as typeof store, {
      readChanges: (after: number, limit: number) => {
        reads.push(limit);
        return store.readChanges(after, limit);
      },
    });
    const feed = new ChangeFeed(counting);
    test.catalogue.onAdvance(() => feed.advanced());
    const start = test.catalogue.position;
    for (let i = 0; i < 2; i++) {
      assert.equal((await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: `Counted ${i}` }) })).statusCode, 201);
    }
    const page = async () => JSON.parse((await feed.page(start, 2, 'http://feed.test')).toString()) as ChangePage;
    const first = await page();
    assert.deepEqual([await page(), await page()], [first, first]);
    assert.deepEqual(reads, [2], 'the whole page once, then nothing while the catalogue stands');
    assert.equal((await test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Counted after' }) })).statusCode, 201);
    const moved = await page();
    assert.deepEqual(moved.changes, first.changes);
    assert.equal(moved.latest, first.latest + 1, 'the latest number of the new position');
    await page();
    assert.deepEqual(reads, [2, 1], 'one row read for the new position');
  });
});
