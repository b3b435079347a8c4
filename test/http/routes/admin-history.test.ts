import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { AUTH, startSqliteAdminApp, type AdminApp } from '../../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../../support/fixtures.js';
import { errorMessage, json } from '../../support/http.js';

interface AuditPage {
  entries: { id: number; time: string; actor: { type: string; name: string }; action: string; target: { type: string; id: string }; before?: Slot | null; after?: Slot | null }[];
  next: string | null;
}
interface History {
  versions: { version: number; time: string; actor: { type: string; name: string }; record: Slot | null }[];
}

describe('admin slot reads, If-Match, history, restore and the audit over HTTP', () => {
  let t: AdminApp;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-history-'));
    t = await startSqliteAdminApp(join(dir, 'test.db'));
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...AUTH, ...headers }, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  const etag = (response: LightMyRequestResponse) => String(response.headers.etag);
  const audit = async (query = '') => json<AuditPage>(await send('GET', `/api/admin/audit${query}`));
  const publicSlot = async (id: string) => (await t.app.inject({ url: `/api/slots/${id}` })).json<Slot>();

  it('reads a slot with its version as ETag, and If-Match guards PUT and DELETE', async () => {
    const read = await send('GET', '/api/admin/slots/2');
    assert.equal(read.statusCode, 200);
    assert.match(etag(read), /^"v\d+"$/);
    assert.equal(json<Slot>(read).id, '2');
    const fields = slotFields({ name: 'Guarded Edit', slug: json<Slot>(read).slug });
    const written = await send('PUT', '/api/admin/slots/2', fields, { 'if-match': etag(read) });
    assert.equal(written.statusCode, 200, written.body);
    const now = await send('GET', '/api/admin/slots/2');
    assert.notEqual(etag(now), etag(read));

    const stale = await send('PUT', '/api/admin/slots/2', slotFields({ name: 'Overwrite' }), { 'if-match': etag(read) });
    assert.equal(stale.statusCode, 412);
    const body = json<{ statusCode: number; error: string; message: string; current: Slot }>(stale);
    assert.equal(body.error, 'Precondition Failed');
    assert.match(body.message, /^If-Match: slot 2 is at version \d+; nothing was changed/);
    assert.equal(body.current.name, 'Guarded Edit');
    assert.equal(etag(stale), etag(now));
    const staleDelete = await send('DELETE', '/api/admin/slots/2', undefined, { 'if-match': etag(read) });
    assert.equal(staleDelete.statusCode, 412);
    assert.equal(json<{ current: Slot }>(staleDelete).current.name, 'Guarded Edit');
    assert.equal((await publicSlot('2')).name, 'Guarded Edit', 'nothing changed');

    for (const malformed of ['v1', 'W/"v1"', '"v1", "v2"', '"abc"', '"v-1"']) {
      assert.match(errorMessage(await send('PUT', '/api/admin/slots/2', fields, { 'if-match': malformed }), 400), /^If-Match:/, malformed);
      assert.match(errorMessage(await send('DELETE', '/api/admin/slots/2', undefined, { 'if-match': malformed }), 400), /^If-Match:/, malformed);
    }
    assert.equal((await send('DELETE', '/api/admin/slots/2', undefined, { 'if-match': etag(now) })).statusCode, 204);
    errorMessage(await send('GET', '/api/admin/slots/2'), 404);
  });

  it('lists a slot\'s versions and restores one, a deleted slot coming back under its id', async () => {
    const history = json<History>(await send('GET', '/api/admin/slots/2/history'));
    assert.deepEqual(
      history.versions.map((version) => version.record?.name ?? null),
      [null, 'Guarded Edit'],
    );
    const kept = history.versions[1];
    assert.ok(kept !== undefined);
    const restored = await send('POST', '/api/admin/slots/2/restore', { version: kept.version });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(json<Slot>(restored).name, 'Guarded Edit');
    assert.equal((await publicSlot('2')).name, 'Guarded Edit', 'public at once');
    assert.equal(etag(restored), etag(await send('GET', '/api/admin/slots/2')));
    const entry = (await audit('?limit=1')).entries[0];
    assert.equal(entry?.action, 'slot.restore');
    assert.equal(entry?.before, null);
    assert.equal(entry?.after?.name, 'Guarded Edit');
  });

  it('refuses restores of versions that do not exist, of another slot, of a deletion, or whose slug is taken', async () => {
    const deletion = json<History>(await send('GET', '/api/admin/slots/2/history')).versions.find((version) => version.record === null);
    const entries = (await audit('?limit=200')).entries.length;
    assert.match(errorMessage(await send('POST', '/api/admin/slots/2/restore', { version: 999_999 }), 404), /no version 999999/);
    const created = json<Slot>(await send('POST', '/api/admin/slots', slotFields({ name: 'Elsewhere' })));
    const elsewhere = json<History>(await send('GET', `/api/admin/slots/${created.id}/history`)).versions[0]?.version;
    assert.match(errorMessage(await send('POST', '/api/admin/slots/2/restore', { version: elsewhere }), 404), /slot 2 has no version/);
    assert.match(errorMessage(await send('POST', '/api/admin/slots/2/restore', { version: deletion?.version }), 400), /is the deletion/);
    for (const body of [{}, { version: 'one' }, { version: -1 }, { version: 1.5 }, { version: 1, extra: true }, [1]]) {
      assert.match(errorMessage(await send('POST', '/api/admin/slots/2/restore', body), 400), /^(version|extra|0):/, JSON.stringify(body));
    }
    errorMessage(await send('GET', '/api/admin/slots/abc/history'), 404);
    errorMessage(await send('GET', '/api/admin/slots/4242/history'), 404);
    assert.deepEqual(json<History>(await send('GET', '/api/admin/slots/4/history')), { versions: [] }, 'a slot not written since its import');
    // Slot 3 edited, deleted, then its slug taken by a new slot: it cannot come back.
    const slug = SMALL_CATALOGUE.slots[2]?.slug ?? '';
    const edit = await send('PUT', '/api/admin/slots/3', slotFields({ name: 'Will Be Gone', slug }));
    assert.equal(edit.statusCode, 200);
    assert.equal((await send('DELETE', '/api/admin/slots/3')).statusCode, 204);
    assert.equal((await send('POST', '/api/admin/slots', slotFields({ name: 'Squatter', slug }))).statusCode, 201);
    const version = json<History>(await send('GET', '/api/admin/slots/3/history')).versions[1]?.version;
    assert.match(errorMessage(await send('POST', '/api/admin/slots/3/restore', { version }), 409), /already taken/);
    // Entries: the one create of 'Elsewhere', then the edit, delete and the squatter: the refusals wrote none.
    assert.equal((await audit('?limit=200')).entries.length, entries + 4);
  });

  it('pages the audit newest first with an opaque cursor, and filters it', async () => {
    const all = (await audit('?limit=200')).entries;
    assert.ok(all.length >= 7);
    const seen: number[] = [];
    for (let query = '?limit=3'; ; ) {
      const page = await audit(query);
      seen.push(...page.entries.map((entry) => entry.id));
      if (page.next === null) break;
      assert.match(page.next, /^[A-Za-z0-9_-]+$/);
      query = `?limit=3&cursor=${page.next}`;
    }
    assert.deepEqual(seen, all.map((entry) => entry.id));
    const times = all.map((entry) => entry.time);
    assert.deepEqual([...times].sort().reverse(), times, 'newest first');
    assert.ok((await audit('?action=slot.restore')).entries.every((entry) => entry.action === 'slot.restore'));
    assert.ok((await audit('?slot=3')).entries.every((entry) => entry.target.id === '3'));
    assert.equal((await audit('?actor=admin-token')).entries.length, Math.min(all.length, 50));
    assert.equal((await audit('?actor=nobody')).entries.length, 0);
    assert.equal((await audit('?since=2999-01-01T00:00:00Z')).entries.length, 0);
    assert.equal((await audit('?until=2000-01-01T00:00:00%2B02:00')).entries.length, 0);
  });

  it('refuses bad audit filters, cursors and limits with a 400 naming them', async () => {
    const forged = Buffer.from(JSON.stringify(['not a time', 1])).toString('base64url');
    const cases: [string, RegExp][] = [
      ['since=yesterday', /^since: must be an RFC 3339 time/],
      ['until=2026-13-01T00:00:00Z', /^until:/],
      ['since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z', /^since: must be before until/],
      ['cursor=%%%', /^cursor:/],
      ['cursor=abc', /^cursor:/],
      [`cursor=${forged}`, /^cursor:/],
      ['limit=0', /^limit:/],
      ['limit=201', /^limit:/],
      ['limit=ten', /^limit:/],
      ['action=slot.explode', /^action: must be one of/],
      ['slot=-1', /^slot:/],
      ['actor=', /^actor:/],
      ['actor=a&actor=b', /^actor: give it once/],
      ['sort=time', /unknown parameter/],
    ];
    for (const [query, message] of cases) {
      const response = await send('GET', `/api/admin/audit?${query}`);
      assert.match(errorMessage(response, 400), message, query);
    }
  });
});
