import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createSlotmojiClient, FollowError, SlotmojiError, verifyWebhook, type SlotmojiClient } from '../../clients/typescript/index.js';
import { CLIENT_TYPES_PATH, clientTypes } from '../../scripts/client-types.js';
import { ADMIN_TOKEN } from '../support/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { slotFields, SMALL_CATALOGUE } from '../support/fixtures.js';
import { documentedOperations, operationOf, type OpenApiDocument } from '../support/openapi.js';

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return `http://127.0.0.1:${address.port}`;
}

/** What a call through the client sent, caught rather than thrown: the error when it failed. */
async function failure(call: Promise<unknown>): Promise<SlotmojiError> {
  try {
    await call;
  } catch (error) {
    assert.ok(error instanceof SlotmojiError, String(error));
    return error;
  }
  assert.fail('the call did not fail');
}

describe('the TypeScript client', () => {
  it('has types generated from the document the service serves now', async () => {
    assert.equal(readFileSync(CLIENT_TYPES_PATH, 'utf8'), await clientTypes(), 'clients/typescript/schema.ts is stale: run npm run client:types');
  });

  it('needs nothing but fetch and three browser-safe packages, so it runs in browsers too', () => {
    const imports = ['index.ts', 'follow.ts', 'verify.ts'].flatMap((file) => {
      const source = readFileSync(new URL(`../../clients/typescript/${file}`, import.meta.url), 'utf8');
      return Array.from(source.matchAll(/^import .* from '([^']+)';$/gm), ([, from]) => from);
    });
    assert.deepEqual([...new Set(imports)].sort(), ['./follow.js', './schema.js', 'eventsource-parser/stream', 'openapi-fetch', 'standardwebhooks']);
  });
});

describe('the TypeScript client against a live server', { timeout: 60_000 }, () => {
  let t: TestApp;
  let baseUrl: string;
  let client: SlotmojiClient;
  const calls: { method: string; path: string }[] = [];
  // Records every request, so the test knows which operations it reached.
  const recordingFetch = (input: Request) => {
    calls.push({ method: input.method, path: new URL(input.url).pathname });
    return fetch(input);
  };

  before(async () => {
    t = await startTestApp({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000', WEBHOOK_ALLOW_PRIVATE: 'true' } });
    baseUrl = await listening(t);
    client = createSlotmojiClient({ baseUrl, adminToken: ADMIN_TOKEN, fetch: recordingFetch });
  });
  after(() => t.close());

  it('reads slots, emojis and matches with typed answers', async () => {
    const page = await client.GET('/api/slots', { params: { query: { provider: 'pragmatic-play', minRtp: 96, limit: 1 } } });
    assert.equal(page.data?.total, 1);
    assert.equal(page.data?.slots[0]?.slug, 'cherry-gems');
    const slot = await client.GET('/api/slots/{idOrSlug}', { params: { path: { idOrSlug: 'Cherry-Gems' } } });
    assert.equal(slot.data?.name, 'Cherry Gems');
    assert.equal(slot.data?.url, `${baseUrl}/slots/cherry-gems`);
    const usage = await client.GET('/api/emojis', { params: { query: { format: 'raw' } } });
    assert.ok(usage.data !== undefined && 'mappings' in usage.data && usage.data.mappings.length === usage.data.total);
    const categories = await client.GET('/api/emojis/categories');
    assert.deepEqual(categories.data?.categories['luck'], ['🍀', '🎲', '🎰']);
    const stats = await client.GET('/api/emojis/stats');
    assert.equal(stats.data?.mostUsed?.emoji, '🍒');
    const match = await client.POST('/api/match', { body: { emojis: ['🍒💎'], mode: 'all' } });
    assert.deepEqual(match.data?.slots.map((item) => item.slug), ['cherry-gems']);
  });

  it('searches, facets, lists providers and similar slots with typed answers', async () => {
    const found = await client.GET('/api/slots', { params: { query: { q: 'lemno', sort: '-rtp', facets: 'provider' } } });
    assert.deepEqual(found.data?.slots.map((item) => item.slug), ['lemon-drop']);
    assert.deepEqual(found.data?.facets?.['provider'], [{ value: "Play'n GO", count: 1 }]);
    const providers = await client.GET('/api/providers');
    assert.equal(providers.data?.providers[0]?.name, 'Pragmatic Play');
    const similar = await client.GET('/api/slots/{idOrSlug}/similar', { params: { path: { idOrSlug: 'cherry-gems' }, query: { limit: 1 } } });
    assert.equal(similar.data?.slots.length, 1);
  });

  it('sends If-None-Match and gets the 304', async () => {
    const first = await client.GET('/api/emojis/stats');
    const etag = first.response.headers.get('etag') ?? '';
    assert.match(etag, /^"[\w-]+"$/);
    const again = await client.GET('/api/emojis/stats', { params: { header: { 'If-None-Match': etag } } });
    assert.equal(again.response.status, 304);
    assert.equal(again.data, undefined);
  });

  it('gives the redirects as they are, without following them', async () => {
    const play = await client.GET('/api/play/{emojis}', { params: { path: { emojis: '🍒💎' } } });
    assert.equal(play.response.status, 302);
    assert.equal(play.response.headers.get('location'), `${baseUrl}/slots/cherry-gems`);
    const legacy = await client.GET('/api/v1/redirect', { params: { query: { emoji: '🍀' } } });
    assert.equal(legacy.response.status, 302);
    assert.equal(legacy.response.headers.get('deprecation'), 'true');
    const spin = await client.GET('/api/v1/spin', { params: { query: { volatility: 'low' } } });
    assert.equal(spin.response.headers.get('location'), `${baseUrl}/slots/lucky-dice`);
  });

  it('throws typed errors carrying the status and the error body', async () => {
    const missing = await failure(client.GET('/api/slots/{idOrSlug}', { params: { path: { idOrSlug: 'no-such-slot' } } }));
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { statusCode: 404, error: 'Not Found', message: 'slot "no-such-slot" not found' });
    assert.equal(missing.message, 'slot "no-such-slot" not found');
    assert.equal(missing.retryAfter, undefined);
    const invalid = await failure(client.POST('/api/match', { body: { emojis: ['abc'] } }));
    assert.equal(invalid.status, 400);
    assert.match(invalid.body?.message ?? '', /abc/);
    const page = await failure(client.GET('/slots/{slug}', { params: { path: { slug: 'no-such-slot' } }, parseAs: 'text' }));
    assert.equal(page.status, 404);
    assert.equal(page.body, undefined);
  });

  it('sends the admin token to the admin API only, and refuses without it', async () => {
    const created = await client.POST('/api/admin/slots', { body: slotFields({ name: 'Client Cherries', emojiTags: ['🍒'] }) });
    assert.equal(created.response.status, 201);
    const id = created.data?.id ?? '';
    assert.equal(created.response.headers.get('location'), `/api/slots/${id}`);
    const replaced = await client.PUT('/api/admin/slots/{id}', { params: { path: { id } }, body: slotFields({ name: 'Client Cherries Deluxe', emojiTags: ['🍒'] }) });
    assert.equal(replaced.data?.name, 'Client Cherries Deluxe');
    const duplicate = await failure(client.POST('/api/admin/slots', { body: slotFields({ name: 'Cherry Gems' }) }));
    assert.equal(duplicate.status, 409);
    assert.equal((await client.DELETE('/api/admin/slots/{id}', { params: { path: { id } } })).response.status, 204);
    const exported = await client.GET('/api/admin/catalogue');
    assert.equal(exported.data?.slots.length, SMALL_CATALOGUE.slots.length);
    const imported = await client.PUT('/api/admin/catalogue', { body: { slots: exported.data?.slots ?? [], categories: exported.data?.categories ?? {} } });
    assert.deepEqual(imported.data, { imported: { slots: SMALL_CATALOGUE.slots.length, categories: Object.keys(SMALL_CATALOGUE.categories).length } });
    const categories = await client.PUT('/api/admin/emojis/categories', { body: { luck: ['🍀', '🎲', '🎰'] } });
    assert.deepEqual(categories.data?.categories, { luck: ['🍀', '🎲', '🎰'] });
    assert.equal((await client.DELETE('/api/admin/rate-limits/{ip}', { params: { path: { ip: '127.0.0.1' } } })).response.status, 204);
    const metrics = await client.GET('/metrics', { parseAs: 'text' });
    assert.match(metrics.data ?? '', /http_requests_total/);

    const stranger = createSlotmojiClient({ baseUrl });
    const refused = await failure(stranger.GET('/api/admin/catalogue'));
    assert.equal(refused.status, 401);
    assert.equal(refused.response.headers.get('www-authenticate'), 'Bearer');
  });

  it('manages tokens and operators, reads history and the audit, and restores a slot', async () => {
    const token = await client.POST('/api/admin/tokens', { body: { name: 'client script', scope: 'read' } });
    assert.match(token.data?.secret ?? '', /^smj_/);
    const reader = createSlotmojiClient({ baseUrl, adminToken: token.data?.secret ?? '' });
    assert.equal((await reader.GET('/api/admin/catalogue')).response.status, 200);
    assert.equal((await failure(reader.POST('/api/admin/slots', { body: slotFields({ name: 'Not Allowed' }) }))).status, 403);
    assert.ok((await client.GET('/api/admin/tokens')).data?.tokens.some((listed) => listed.name === 'client script'));
    assert.equal((await client.DELETE('/api/admin/tokens/{id}', { params: { path: { id: String(token.data?.id) } } })).response.status, 204);

    const operator = await client.POST('/api/admin/operators', { body: { name: 'client-editor', role: 'editor', password: 'client password 1' } });
    assert.equal(operator.data?.role, 'editor');
    const disabled = await client.PATCH('/api/admin/operators/{name}', { params: { path: { name: 'client-editor' } }, body: { disabled: true } });
    assert.equal(disabled.data?.disabled, true);
    assert.deepEqual((await client.GET('/api/admin/operators')).data?.operators.map((listed) => listed.name), ['client-editor']);

    const read = await client.GET('/api/admin/slots/{id}', { params: { path: { id: '1' } } });
    const version = read.response.headers.get('etag') ?? '';
    const edited = await client.PUT('/api/admin/slots/{id}', {
      params: { path: { id: '1' }, header: { 'if-match': version } },
      body: { ...slotFields({ name: read.data?.name ?? '' }), slug: read.data?.slug ?? '', rtp: 90 },
    });
    assert.equal(edited.data?.rtp, 90);
    const history = await client.GET('/api/admin/slots/{id}/history', { params: { path: { id: '1' } } });
    const first = history.data?.versions[0]?.version ?? 0;
    const restored = await client.POST('/api/admin/slots/{id}/restore', { params: { path: { id: '1' } }, body: { version: first } });
    assert.equal(restored.data?.rtp, 90);
    const audit = await client.GET('/api/admin/audit', { params: { query: { action: 'slot.restore', limit: '10' } } });
    assert.equal(audit.data?.entries[0]?.action, 'slot.restore');
  });

  it('reads the insight reports', async () => {
    const report = await client.GET('/api/admin/insights', { params: { query: { kind: 'plays', from: '2026-06-01', to: '2026-06-07' } } });
    assert.deepEqual(report.data, { rows: [], from: '2026-06-01', to: '2026-06-07' });
    const daily = await client.GET('/api/admin/insights/daily', { params: { query: { kind: 'plays', key: '1', from: '2026-06-07', to: '2026-06-07' } } });
    assert.deepEqual(daily.data, { kind: 'plays', key: '1', days: [{ date: '2026-06-07', count: 0 }], from: '2026-06-07', to: '2026-06-07' });
  });

  it('reaches the probes, the pages and the document', async () => {
    assert.deepEqual((await client.GET('/healthz')).data, { status: 'ok' });
    assert.equal((await client.GET('/readyz')).data?.status, 'ready');
    const home = await client.GET('/', { parseAs: 'text' });
    assert.match(home.data ?? '', /<html/i);
    const asset = /\/assets\/[\w.-]+\.css/.exec(home.data ?? '')?.[0] ?? '';
    assert.equal((await client.GET('/assets/{file}', { params: { path: { file: asset.slice('/assets/'.length) } }, parseAs: 'text' })).response.status, 200);
    assert.match((await client.GET('/slots/{slug}', { params: { path: { slug: 'cherry-gems' } }, parseAs: 'text' })).data ?? '', /Cherry Gems/);
    const document = await client.GET('/openapi.json');
    assert.equal((document.data as { openapi?: string } | undefined)?.openapi, '3.1.0');
    assert.match((await client.GET('/search', { params: { query: { q: 'cherry' } }, parseAs: 'text' })).data ?? '', /Cherry Gems/);
    assert.match((await client.GET('/robots.txt', { parseAs: 'text' })).data ?? '', /Sitemap: /);
    assert.match((await client.GET('/sitemap.xml', { parseAs: 'text' })).data ?? '', /<urlset/);
    assert.match((await client.GET('/sitemaps/{file}', { params: { path: { file: '1.xml' } }, parseAs: 'text' })).data ?? '', /<urlset/);
  });

  it('reads the snapshot, the change feed and the opening of the change stream', async () => {
    const snapshot = await client.GET('/api/catalogue');
    assert.ok(snapshot.data !== undefined && snapshot.data.slots.length > 0);
    const page = await client.GET('/api/changes', { params: { query: { after: 0, limit: 5 } } });
    assert.equal(page.data?.latest, snapshot.data.sequence);
    assert.equal(page.data?.changes[0]?.type, 'catalogue.imported');
    const gone = await failure(client.GET('/api/changes', { params: { query: { limit: 1001 } } }));
    assert.equal(gone.status, 400);
    const stream = await client.GET('/api/changes/stream', { params: { query: { after: snapshot.data.sequence } }, parseAs: 'stream' });
    assert.match(stream.response.headers.get('content-type') ?? '', /^text\/event-stream/);
    await stream.response.body?.cancel();
  });

  it('manages webhook endpoints', async () => {
    const body = { url: 'http://127.0.0.1:9/hooks', events: ['slot.upserted' as const], description: 'client' };
    const created = await client.POST('/api/admin/webhooks', { body });
    assert.match(created.data?.secret ?? '', /^whsec_/);
    const id = String(created.data?.id);
    assert.equal((await client.GET('/api/admin/webhooks')).data?.webhooks.length, 1);
    const updated = await client.PUT('/api/admin/webhooks/{id}', { params: { path: { id } }, body: { ...body, status: 'disabled' } });
    assert.equal(updated.data?.status, 'disabled');
    const rotated = await client.POST('/api/admin/webhooks/{id}/rotate-secret', { params: { path: { id } } });
    assert.notEqual(rotated.data?.secret, created.data?.secret);
    const tested = await client.POST('/api/admin/webhooks/{id}/test', { params: { path: { id } } });
    assert.equal(tested.data?.status, null, 'nobody listens on the discard port');
    assert.equal((await client.GET('/api/admin/webhooks/{id}/attempts', { params: { path: { id } } })).data?.attempts.length, 1);
    assert.equal((await client.DELETE('/api/admin/webhooks/{id}', { params: { path: { id } } })).response.status, 204);
  });

  it('finds emojis by word', async () => {
    const found = await client.GET('/api/emojis/search', { params: { query: { q: 'cherry', limit: 5 } } });
    assert.deepEqual(found.data?.emojis.map((entry) => entry.emoji), ['🍒']);
    assert.equal(found.data?.emojis[0]?.name, 'cherries');
  });

  it('reached every operation of the document but the console\'s', async () => {
    const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    // The console's pages and forms are for people in a browser with a session, not for programs:
    // test/browser/console-*.test.ts and test/http/console/ reach every one of them.
    const operations = documentedOperations(document).filter(({ operation }) => !(operation['tags'] as readonly string[] | undefined)?.includes('console'));
    const reached = new Set(calls.map(({ method, path }) => operationOf(operations, method, path)?.operationId));
    assert.deepEqual(operations.map(({ operationId }) => operationId).filter((id) => !reached.has(id)), []);
  });
});

describe('the TypeScript client following the catalogue', { timeout: 60_000 }, () => {
  it('starts from the snapshot, resumes after a dropped connection, and starts again when the log no longer reaches back', async () => {
    const t = await startTestApp({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000', CHANGES_RETENTION: '3' } });
    try {
      const baseUrl = await listening(t);
      const client = createSlotmojiClient({ baseUrl, adminToken: ADMIN_TOKEN });
      const controller = new AbortController();
      const seen: string[] = [];
      // Written beside the client (its own connections are cut on purpose below).
      const create = (name: string) => t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, payload: slotFields({ name }) });
      for await (const event of client.follow({ signal: controller.signal, reconnectDelayMs: 50 })) {
        seen.push(event.kind === 'snapshot' ? `snapshot ${event.snapshot.sequence}` : `${event.change.type} ${event.change.sequence}`);
        if (seen.length === 1) await create('Followed One');
        if (seen.length === 2) {
          // The server drops every connection; the next change must still arrive, once.
          t.app.server.closeAllConnections();
          await create('Followed Two');
        }
        if (seen.length === 3) controller.abort();
      }
      assert.deepEqual(seen, ['snapshot 1', 'slot.upserted 2', 'slot.upserted 3']);

      for (const name of ['Pruned A', 'Pruned B', 'Pruned C', 'Pruned D']) await create(name);
      const again: string[] = [];
      const restart = new AbortController();
      for await (const event of client.follow({ after: 1, signal: restart.signal, reconnectDelayMs: 50 })) {
        again.push(event.kind);
        if (event.kind === 'snapshot') {
          assert.equal(event.snapshot.sequence, 7);
          restart.abort();
        }
      }
      assert.deepEqual(again, ['snapshot'], 'a position the log no longer holds starts again from the snapshot');

      // A copy kept from another history (the database was restored since) starts again from the snapshot, though its position is kept.
      const { history } = t.catalogue.view;
      for (const [kept, expected] of [
        ['AAAAAAAAAAAAAAAAAAAAAA', ['snapshot']],
        [history, ['slot.upserted']],
      ] as const) {
        const other = new AbortController();
        const events: string[] = [];
        const following = (async () => {
          for await (const event of client.follow({ after: 7, history: kept, signal: other.signal, reconnectDelayMs: 50 })) {
            events.push(event.kind === 'snapshot' ? 'snapshot' : event.change.type);
            if (event.kind === 'snapshot') assert.equal(event.snapshot.history, history);
            other.abort();
          }
        })();
        // The copy of this history goes on from 7, so this change is what it gives next.
        if (kept === history) await create('Same History');
        await following;
        assert.deepEqual(events, expected, kept);
      }

      const astray = createSlotmojiClient({ baseUrl: `${baseUrl}/not-slotmoji` });
      await assert.rejects(astray.follow().next(), (error: unknown) => error instanceof FollowError && error.status === 404);
    } finally {
      await t.close();
    }
  });

  it('verifies a webhook delivery with its secret, and refuses one signed otherwise', async () => {
    const { signedHeaders } = await import('../../src/webhooks/signature.js');
    const secret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
    const body = JSON.stringify({ sequence: 4, time: new Date().toISOString(), type: 'catalogue.imported' });
    const headers = signedHeaders({ current: secret, previous: undefined, previousUntil: 0 }, 'msg_4', new Date(), body);
    assert.deepEqual(verifyWebhook(secret, new Headers(headers), body), JSON.parse(body));
    assert.throws(() => verifyWebhook(`whsec_${Buffer.alloc(32, 4).toString('base64')}`, headers, body));
    assert.throws(() => verifyWebhook(secret, headers, body.replace('4', '5')));
  });
});

describe('the TypeScript client under the rate limit', () => {
  it('throws a 429 with retryAfter in seconds and the body naming when to come back', async () => {
    // A clock that stands still, so the minute cannot roll over between the two requests.
    const t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1' }, deps: { now: () => Date.UTC(2030, 0, 1, 12, 0, 30) } });
    try {
      const client = createSlotmojiClient({ baseUrl: await listening(t) });
      await client.GET('/api/emojis/stats');
      const refused = await failure(client.GET('/api/emojis/stats'));
      assert.ok(refused.isRateLimited());
      assert.equal(refused.status, 429);
      assert.ok(refused.retryAfter >= 1 && refused.retryAfter <= 60, String(refused.retryAfter));
      assert.equal(refused.body.retryAfter, Number(refused.response.headers.get('x-ratelimit-reset')));
      assert.match(refused.body.message, /1 requests per minute/);
    } finally {
      await t.close();
    }
  });
});
