import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields } from '../../support/fixtures.js';
import { assertCors } from '../../support/http.js';

/** Every public JSON GET: each carries a strong tag and answers 304 to it. */
const TAGGED = ['/api/slots', '/api/slots?limit=2&offset=1&volatility=high', '/api/slots/3', '/api/slots/lemon-drop', '/api/emojis', '/api/emojis?format=raw', '/api/emojis/categories', '/api/emojis/stats'];
const STRONG_TAG = /^"[\w-]+"$/;

describe('conditional requests on the public JSON routes', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: 'slots.test', ...headers } });
  const etagOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await get(url, headers);
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    const etag = String(response.headers['etag']);
    assert.match(etag, STRONG_TAG, url);
    return etag;
  };

  before(async () => {
    t = await startTestApp({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  it('gives every public JSON GET a strong tag, the same for the same request and distinct per resource', async () => {
    const tags = new Set<string>();
    for (const url of TAGGED) {
      const etag = await etagOf(url);
      assert.equal(await etagOf(url), etag, url);
      tags.add(etag);
    }
    // /api/slots/3 and /api/slots/lemon-drop are the same slot, so the same body and tag.
    assert.equal(await etagOf('/api/slots/lemon-drop'), await etagOf('/api/slots/3'));
    assert.equal(tags.size, TAGGED.length - 1);
  });

  it('answers 304 without a body, with CORS and rate-limit headers, to the current tag or *', async () => {
    for (const url of TAGGED) {
      const etag = await etagOf(url);
      for (const field of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
        const response = await get(url, { 'if-none-match': field });
        assert.equal(response.statusCode, 304, `${url} ${field}`);
        assert.equal(response.body, '');
        assert.equal(response.headers['etag'], etag);
        assert.equal(response.headers['content-type'], undefined);
        assertCors(response);
        for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-window']) {
          assert.ok(response.headers[name] !== undefined, `${url}: ${name}`);
        }
      }
    }
  });

  it('answers in full to another tag or a malformed field', async () => {
    for (const field of ['"stale"', 'W/"stale"', 'garbage', '"unterminated', `${'"x",'.repeat(5000)}"y"`]) {
      const response = await get('/api/slots/3', { 'if-none-match': field });
      assert.equal(response.statusCode, 200, field);
      assert.equal(response.json<{ id: string }>().id, '3');
    }
  });

  it('counts a 304 against the rate limit', async () => {
    const etag = await etagOf('/api/emojis/stats');
    const before = Number((await get('/api/emojis/stats', { 'if-none-match': etag })).headers['x-ratelimit-remaining']);
    const after = Number((await get('/api/emojis/stats', { 'if-none-match': etag })).headers['x-ratelimit-remaining']);
    assert.equal(after, before - 1);
  });

  it('never answers an error with 304, whatever the field says', async () => {
    assert.equal((await get('/api/slots/no-such-slot', { 'if-none-match': '*' })).statusCode, 404);
    assert.equal((await get('/api/slots?limit=0', { 'if-none-match': '*' })).statusCode, 400);
  });

  it('gives a different tag when the base URL in the body differs', async () => {
    for (const url of ['/api/slots/3', '/api/slots?limit=1']) {
      const here = await etagOf(url);
      const elsewhere = await etagOf(url, { host: 'other.test' });
      assert.notEqual(here, elsewhere, url);
      assert.equal((await get(url, { host: 'other.test', 'if-none-match': here })).statusCode, 200, url);
    }
  });

  it('gives new tags after a write, so a client holding an old one gets the new body', async () => {
    const urls = ['/api/slots/3', '/api/slots', '/api/emojis', '/api/emojis/stats'];
    const old = await Promise.all(urls.map((url) => etagOf(url)));
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Conditional Fruits' }) });
    assert.equal(created.statusCode, 201, created.body);
    for (const [index, url] of urls.entries()) {
      const response = await get(url, { 'if-none-match': old[index] as string });
      assert.equal(response.statusCode, 200, url);
      assert.notEqual(response.headers['etag'], old[index], url);
    }
  });
});

describe('conditional requests with PUBLIC_BASE_URL', () => {
  it('tags the body by the configured base URL, whatever the Host', async () => {
    const first = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://one.example' } });
    try {
      const a = await first.app.inject({ url: '/api/slots/3', headers: { host: 'a.test' } });
      const b = await first.app.inject({ url: '/api/slots/3', headers: { host: 'b.test' } });
      assert.equal(a.body, b.body);
      assert.equal(a.headers['etag'], b.headers['etag']);
    } finally {
      await first.close();
    }
  });
});
