import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { assertCors, errorMessage } from '../../support/http.js';

/*
 * Defences of SECURITY.md that no other test file shows: the redirect host cannot be poisoned, the
 * trust placed in forwarded headers, and failed admin logins being visible to an operator.
 */

const GENEROUS_LIMITS = { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };
const CHERRY = encodeURIComponent('🍒');

/** Every public route that writes an absolute slot page URL from the request's origin. */
const URL_BUILDERS: readonly (InjectOptions & { readonly url: string })[] = [
  { url: `/api/play/${CHERRY}` },
  { url: `/api/v1/redirect?emoji=${CHERRY}` },
  { url: '/api/v1/spin' },
  { url: '/api/slots' },
  { url: '/api/slots/cherry-gems' },
  { method: 'POST', url: '/api/match', payload: { emojis: ['🍒'] } },
];

/** Where a URL-building answer points: the Location of a redirect, else the first url in its body. */
function pointsAt(response: { statusCode: number; headers: Record<string, unknown>; body: string }): string {
  if (response.statusCode === 302) return String(response.headers['location']);
  assert.equal(response.statusCode, 200, response.body);
  const url = /"url":"([^"]+)"/.exec(response.body)?.[1];
  assert.ok(url, response.body);
  return url;
}

const originOf = (url: string) => new URL(url).origin;

describe('host-header poisoning of the URLs the service writes', () => {
  let direct: TestApp;
  let proxied: TestApp;
  let pinned: TestApp;
  before(async () => {
    direct = await startTestApp({ env: GENEROUS_LIMITS });
    proxied = await startTestApp({ env: { ...GENEROUS_LIMITS, TRUST_PROXY: 'true' } });
    pinned = await startTestApp({ env: { ...GENEROUS_LIMITS, TRUST_PROXY: 'true', PUBLIC_BASE_URL: 'https://slotmoji.example' } });
  });
  after(async () => {
    await Promise.all([direct.close(), proxied.close(), pinned.close()]);
  });

  it('refuses a Host that is not a plain host name and port with a JSON 400, before it reaches a URL', async () => {
    const hostile = ['evil.example/phish', 'user@evil.example', 'evil.example?x=', 'evil.example#x', '"evil.example"', '<b>evil</b>', 'evil.example:80:80', 'evil example'];
    for (const request of URL_BUILDERS) {
      for (const host of hostile) {
        const response = await direct.app.inject({ ...request, headers: { host } });
        assert.match(errorMessage(response, 400), /^Host: /, `${request.url} with Host ${host}`);
        assertCors(response);
        assert.equal(response.headers['location'], undefined);
        assert.ok(!response.body.includes(host), `${request.url} echoes ${host}`);
      }
    }
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
    const forwarded = { host: 'slots.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    for (const request of URL_BUILDERS) {
      assert.equal(originOf(pointsAt(await direct.app.inject({ ...request, headers: forwarded }))), 'http://slots.example', request.url);
    }
  });

  it('follows the forwarded host and scheme behind a trusted proxy, which validates them like Host', async () => {
    const forwarded = { host: 'internal:3000', 'x-forwarded-host': 'slots.example', 'x-forwarded-proto': 'https' };
    for (const request of URL_BUILDERS) {
      assert.equal(originOf(pointsAt(await proxied.app.inject({ ...request, headers: forwarded }))), 'https://slots.example', request.url);
      const poisoned = await proxied.app.inject({ ...request, headers: { ...forwarded, 'x-forwarded-host': 'evil.example/phish' } });
      assert.match(errorMessage(poisoned, 400), /^Host: /, request.url);
    }
  });

  it('uses PUBLIC_BASE_URL whatever Host and the forwarded headers say, even behind a trusted proxy', async () => {
    const forwarded = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const request of URL_BUILDERS) {
      assert.equal(originOf(pointsAt(await pinned.app.inject({ ...request, headers: forwarded }))), 'https://slotmoji.example', request.url);
    }
  });

  it('keeps every redirect out of shared caches', async () => {
    for (const request of URL_BUILDERS.slice(0, 3)) {
      const response = await direct.app.inject({ ...request, headers: { host: 'slots.example' } });
      assert.equal(response.statusCode, 302);
      assert.equal(response.headers['cache-control'], 'no-store', request.url);
    }
  });
});

describe('who the client is behind TRUST_PROXY', () => {
  it('is the left-most X-Forwarded-For address, as every hop is trusted: the proxy must set the header, not append to it', async () => {
    // A clock that stands still, so the minute cannot roll over between the requests.
    const t = await startTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '1' }, deps: { now: () => Date.UTC(2030, 0, 1, 12, 0, 30) } });
    try {
      const from = (forwardedFor: string) => t.app.inject({ url: '/api/emojis/stats', headers: { 'x-forwarded-for': forwardedFor } });
      assert.equal((await from('198.51.100.7')).statusCode, 200);
      assert.equal((await from('198.51.100.7')).statusCode, 429);
      // A client-supplied first entry in front of the real address would pass as another client.
      assert.equal((await from('203.0.113.9, 198.51.100.7')).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('admin token guessing', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { ADMIN_TOKEN } });
  });
  after(() => t.close());

  it('shows each refused admin request in /metrics as a 401 of its route, for alerting', async () => {
    for (const authorization of ['Bearer guess-0000000000000000', 'Bearer guess-0000000000000001', `Basic ${ADMIN_TOKEN}`]) {
      assert.equal((await t.app.inject({ url: '/api/admin/catalogue', headers: { authorization } })).statusCode, 401);
    }
    assert.equal((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode, 401);
    const text = (await t.app.inject({ url: '/metrics', headers: AUTH })).body;
    assert.match(text, /^http_requests_total\{route="\/api\/admin\/catalogue",method="GET",status="401"\} 3$/m);
    assert.match(text, /^http_requests_total\{route="\/metrics",method="GET",status="401"\} 1$/m);
  });

  it('answers a right token with a different case of scheme or trailing spaces, and nothing close to it', async () => {
    assert.equal((await t.app.inject({ url: '/api/admin/catalogue', headers: { authorization: `bearer ${ADMIN_TOKEN}  ` } })).statusCode, 200);
    const near = [ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}x`, ADMIN_TOKEN.toUpperCase(), ` ${ADMIN_TOKEN.slice(1)}`, `${ADMIN_TOKEN.slice(0, -1)}0`];
    for (const token of near) {
      assert.equal((await t.app.inject({ url: '/api/admin/catalogue', headers: { authorization: `Bearer ${token}` } })).statusCode, 401, token);
    }
  });
});
