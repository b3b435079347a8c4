import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/app.js';
import type { Catalogue } from '../../../src/catalogue/catalogue.js';
import { loadConfig } from '../../../src/config.js';
import { CatalogueService } from '../../../src/service/catalogue-service.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { assertCors, assertResponseTime, json } from '../../support/http.js';

/** 12:00:10 UTC: 50 s left in the minute, 3590 s in the hour, 43190 s in the day. */
const START = Date.UTC(2030, 0, 1, 12, 0, 10);
const MINUTE_END = Date.UTC(2030, 0, 1, 12, 1) / 1000;
const HOUR_END = Date.UTC(2030, 0, 1, 13) / 1000;
const DAY_END = Date.UTC(2030, 0, 2) / 1000;
const ADMIN_TOKEN = 'rate-limit-test-admin-token-0123';

interface Limits {
  readonly minute: number;
  readonly hour: number;
  readonly day: number;
}

async function limitedApp(limits: Limits, env: Readonly<Record<string, string>> = {}): Promise<{ t: TestApp; clock: { now: number } }> {
  const clock = { now: START };
  const t = await startTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: String(limits.minute),
      RATE_LIMIT_PER_HOUR: String(limits.hour),
      RATE_LIMIT_PER_DAY: String(limits.day),
      ...env,
    },
    deps: { now: () => clock.now },
  });
  return { t, clock };
}

function rateHeaders(response: LightMyRequestResponse): Record<string, string | undefined> {
  const header = (name: string) => {
    const value = response.headers[name];
    return value === undefined ? undefined : String(value);
  };
  return {
    limit: header('x-ratelimit-limit'),
    remaining: header('x-ratelimit-remaining'),
    reset: header('x-ratelimit-reset'),
    window: header('x-ratelimit-window'),
  };
}

const NO_RATE_HEADERS = { limit: undefined, remaining: undefined, reset: undefined, window: undefined };

async function times(t: TestApp, count: number, request: InjectOptions | string = '/api/slots'): Promise<LightMyRequestResponse[]> {
  const responses = [];
  for (let i = 0; i < count; i += 1) responses.push(await t.app.inject(request));
  return responses;
}

function assertTooMany(response: LightMyRequestResponse, limit: number, window: string, reset: number, secondsLeft: number): void {
  assert.equal(response.statusCode, 429, response.body);
  assert.deepEqual(json(response), {
    statusCode: 429,
    error: 'Rate limit exceeded',
    message: `Too many requests: the limit is ${limit} requests per ${window}. Try again in ${secondsLeft} seconds.`,
    retryAfter: reset,
  });
  assert.deepEqual(rateHeaders(response), { limit: String(limit), remaining: '0', reset: String(reset), window });
  assert.equal(response.headers['retry-after'], String(secondsLeft));
}

describe('rate limit headers and the 429', () => {
  it('counts down X-RateLimit-Remaining, then answers 429 with the exact body, Retry-After, CORS and timing', async () => {
    const { t } = await limitedApp({ minute: 3, hour: 100, day: 1000 });
    try {
      const responses = await times(t, 4);
      assert.deepEqual(
        responses.slice(0, 3).map((response) => [response.statusCode, rateHeaders(response)]),
        [2, 1, 0].map((remaining) => [200, { limit: '3', remaining: String(remaining), reset: String(MINUTE_END), window: 'minute' }]),
      );
      const rejected = responses[3] as LightMyRequestResponse;
      assertTooMany(rejected, 3, 'minute', MINUTE_END, 50);
      assertCors(rejected);
      assertResponseTime(rejected);
    } finally {
      await t.close();
    }
  });

  it('counts no rejected request: once the minute is over only the accepted ones weigh on the hour', async () => {
    const { t, clock } = await limitedApp({ minute: 2, hour: 3, day: 1000 });
    try {
      await times(t, 2);
      assert.ok((await times(t, 5)).every((response) => response.statusCode === 429));
      clock.now += 60_000;
      // Had the rejections counted, the hour would be full already.
      const next = await times(t, 2);
      assert.deepEqual(
        next.map((response) => [response.statusCode, rateHeaders(response).window, rateHeaders(response).remaining]),
        [[200, 'hour', '0'], [429, 'hour', '0']],
      );
      assertTooMany(next[1] as LightMyRequestResponse, 3, 'hour', HOUR_END, 3530);
    } finally {
      await t.close();
    }
  });

  it('makes the hour the binding window when it has the fewest requests left', async () => {
    const { t } = await limitedApp({ minute: 10, hour: 2, day: 1000 });
    try {
      const responses = await times(t, 3);
      assert.deepEqual(rateHeaders(responses[0] as LightMyRequestResponse), { limit: '2', remaining: '1', reset: String(HOUR_END), window: 'hour' });
      assert.equal(rateHeaders(responses[1] as LightMyRequestResponse).remaining, '0');
      assertTooMany(responses[2] as LightMyRequestResponse, 2, 'hour', HOUR_END, 3590);
    } finally {
      await t.close();
    }
  });

  it('makes the day the binding window when it has the fewest requests left', async () => {
    const { t } = await limitedApp({ minute: 10, hour: 10, day: 2 });
    try {
      const responses = await times(t, 3);
      assert.deepEqual(rateHeaders(responses[0] as LightMyRequestResponse), { limit: '2', remaining: '1', reset: String(DAY_END), window: 'day' });
      assertTooMany(responses[2] as LightMyRequestResponse, 2, 'day', DAY_END, 43190);
    } finally {
      await t.close();
    }
  });

  it('binds the window with the fewest left after each request, ties going to the shorter', async () => {
    const { t, clock } = await limitedApp({ minute: 2, hour: 4, day: 1000 });
    try {
      const windows = async (count: number) =>
        (await times(t, count)).map((r) => `${r.statusCode} ${rateHeaders(r).window}:${rateHeaders(r).remaining}`);
      assert.deepEqual(await windows(2), ['200 minute:1', '200 minute:0']);
      clock.now += 60_000;
      // Minute and hour alike: 1 left, then 0 left, then both full: the refusal names the hour, which resets last.
      assert.deepEqual(await windows(3), ['200 minute:1', '200 minute:0', '429 hour:0']);
      clock.now += 60_000;
      // The minute has room again; the full hour binds.
      assert.deepEqual(await windows(1), ['429 hour:0']);
    } finally {
      await t.close();
    }
  });

  it('starts the count again when the window is over', async () => {
    const { t, clock } = await limitedApp({ minute: 2, hour: 100, day: 1000 });
    try {
      await times(t, 3);
      clock.now = MINUTE_END * 1000;
      const response = await t.app.inject('/api/slots');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(rateHeaders(response), { limit: '2', remaining: '1', reset: String(MINUTE_END + 60), window: 'minute' });
    } finally {
      await t.close();
    }
  });
});

describe('what the rate limit counts', () => {
  it('counts every public /api route in one budget per client, whatever its status or spelling', async () => {
    const { t } = await limitedApp({ minute: 100, hour: 1000, day: 10000 });
    try {
      const requests: [InjectOptions, number][] = [
        [{ url: '/api/slots' }, 200],
        [{ url: '/api/slots/1' }, 200],
        [{ url: '/api/slots?limit=abc' }, 400],
        [{ url: '/api/slots/no-such-slot' }, 404],
        [{ url: '/api/no-such-route' }, 404],
        [{ method: 'DELETE', url: '/api/slots' }, 404],
        [{ url: '/api/emojis' }, 200],
        [{ url: '/api/emojis/stats' }, 200],
        [{ method: 'POST', url: '/api/match', payload: { emojis: ['🍒'] } }, 200],
        [{ url: `/api/play/${encodeURIComponent('🍒')}` }, 302],
        [{ url: `/api/v1/redirect?emoji=${encodeURIComponent('🍒')}` }, 302],
        [{ url: '/api/v1/spin' }, 302],
        [{ url: '/%61pi/slots' }, 200],
        [{ url: '/api/slots/%FF' }, 400],
        [{ url: '/api/play/%E2%9D' }, 400],
      ];
      let remaining = 100;
      for (const [request, status] of requests) {
        const response = await t.app.inject(request);
        remaining -= 1;
        assert.equal(response.statusCode, status, `${request.method ?? 'GET'} ${request.url}: ${response.body}`);
        assert.deepEqual(rateHeaders(response), { limit: '100', remaining: String(remaining), reset: String(MINUTE_END), window: 'minute' }, String(request.url));
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a malformed path with 429 once the limit is spent, as any other request', async () => {
    const { t } = await limitedApp({ minute: 1, hour: 1000, day: 10000 });
    try {
      assert.equal((await t.app.inject({ url: '/api/slots/%FF' })).statusCode, 400);
      assertTooMany(await t.app.inject({ url: '/api/slots/%FF' }), 1, 'minute', MINUTE_END, MINUTE_END - START / 1000);
    } finally {
      await t.close();
    }
  });

  it('stamps the headers on a 500 too', async () => {
    class BrokenCatalogue extends CatalogueService {
      override get current(): Catalogue {
        throw new Error('snapshot unavailable');
      }
    }
    const base = await startTestApp();
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '5' }),
      catalogue: new BrokenCatalogue(base.store),
      logger: false,
      now: () => START,
    });
    try {
      const response = await app.inject('/api/slots');
      assert.equal(response.statusCode, 500);
      assert.deepEqual(rateHeaders(response), { limit: '5', remaining: '4', reset: String(MINUTE_END), window: 'minute' });
    } finally {
      await app.close();
      await base.close();
    }
  });

  it('never counts preflights, admin routes or pages, and sends them no rate limit headers', async () => {
    const { t } = await limitedApp({ minute: 2, hour: 100, day: 1000 }, { ADMIN_TOKEN });
    try {
      const uncounted: [InjectOptions, number][] = [
        [{ method: 'OPTIONS', url: '/api/slots', headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' } }, 204],
        [{ method: 'OPTIONS', url: '/api/match' }, 204],
        [{ url: '/api/admin/catalogue' }, 401],
        [{ url: '/api/admin/catalogue', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }, 200],
        [{ url: '/api/admin/no-such-thing', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }, 404],
        [{ url: '/api/admin' }, 401],
        [{ url: '/api/%61dmin/catalogue', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }, 200],
        [{ url: '/' }, 200],
        [{ url: '/slots/cherry-gems' }, 200],
        [{ url: '/no-such-page' }, 404],
      ];
      for (let round = 0; round < 3; round += 1) {
        for (const [request, status] of uncounted) {
          const response = await t.app.inject(request);
          assert.equal(response.statusCode, status, `${request.method ?? 'GET'} ${request.url}: ${response.body.slice(0, 200)}`);
          assert.deepEqual(rateHeaders(response), NO_RATE_HEADERS, `${request.method ?? 'GET'} ${request.url}`);
        }
      }
      const counted = await times(t, 3);
      assert.deepEqual(counted.map((response) => response.statusCode), [200, 200, 429]);
      const admin = await t.app.inject({ url: '/api/admin/catalogue', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(admin.statusCode, 200, 'admin routes work for a client over its public limit');
    } finally {
      await t.close();
    }
  });
});

describe('who the client is', () => {
  it('keeps each client address apart', async () => {
    const { t } = await limitedApp({ minute: 2, hour: 100, day: 1000 });
    try {
      await times(t, 3, { url: '/api/slots', remoteAddress: '198.51.100.1' });
      const other = await t.app.inject({ url: '/api/slots', remoteAddress: '198.51.100.2' });
      assert.equal(other.statusCode, 200);
      assert.equal(rateHeaders(other).remaining, '1');
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY, so the header cannot escape the limit', async () => {
    const { t } = await limitedApp({ minute: 2, hour: 100, day: 1000 });
    try {
      const responses = [];
      for (let i = 0; i < 4; i += 1) {
        responses.push(await t.app.inject({ url: '/api/slots', headers: { 'x-forwarded-for': `203.0.113.${i}` } }));
      }
      assert.deepEqual(responses.map((response) => response.statusCode), [200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('takes the client from X-Forwarded-For with TRUST_PROXY', async () => {
    const { t } = await limitedApp({ minute: 2, hour: 100, day: 1000 }, { TRUST_PROXY: 'true' });
    try {
      const from = (address: string) => t.app.inject({ url: '/api/slots', headers: { 'x-forwarded-for': address } });
      assert.deepEqual([(await from('203.0.113.1')).statusCode, (await from('203.0.113.1')).statusCode, (await from('203.0.113.1')).statusCode], [200, 200, 429]);
      const other = await from('203.0.113.2');
      assert.equal(other.statusCode, 200);
      assert.equal(rateHeaders(other).remaining, '1');
    } finally {
      await t.close();
    }
  });

  it('exposes the limiter as app.rateLimiter, so a client can be cleared', async () => {
    const { t } = await limitedApp({ minute: 2, hour: 100, day: 1000 });
    try {
      await times(t, 3);
      await t.app.rateLimiter.reset('127.0.0.1');
      const response = await t.app.inject('/api/slots');
      assert.equal(response.statusCode, 200);
      assert.equal(rateHeaders(response).remaining, '1');
    } finally {
      await t.close();
    }
  });
});
