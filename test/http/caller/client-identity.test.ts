import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config.js';
import type { RateLimitDecision, RateLimiter } from '../../../src/ratelimit/limiter.js';
import { MemoryRateLimiter } from '../../../src/ratelimit/memory-limiter.js';
import { RedisRateLimiter } from '../../../src/ratelimit/redis-limiter.js';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../../ratelimit/redis-support.js';
import { startTestApp, type TestApp } from '../../support/app.js';

/**
 * Who the client is and when it may come back (decisions §8), over real sockets, through the fast
 * path (`/api/slots`, `/api/play/…`) and through Fastify (`/api/emojis/stats`, `/api/v1/redirect`)
 * alike, with counters in memory and in a real Redis.
 */

/** 12:00:10 UTC: 50 s left in the minute, 3590 s in the hour, 43190 s in the day. */
const START = Date.UTC(2030, 0, 1, 12, 0, 10);
const MINUTE_END = Date.UTC(2030, 0, 1, 12, 1) / 1000;
const HOUR_END = Date.UTC(2030, 0, 1, 13) / 1000;
const DAY_END = Date.UTC(2030, 0, 2) / 1000;
const PLAY = `/api/play/${encodeURIComponent('🍒')}`;
const REDIRECT = `/api/v1/redirect?emoji=${encodeURIComponent('🍒')}`;
/** A route the fast path answers and one only Fastify does: every count must hold on both. */
const ROUTES = ['/api/slots', '/api/emojis/stats'] as const;

const redisPrefix = testKeyPrefix();
after(() => deleteKeys(redisPrefix));

type Store = 'memory' | 'redis';
const STORES: readonly Store[] = ['memory', 'redis'];

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Served {
  readonly t: TestApp;
  readonly port: number;
  readonly clock: { now: number };
  /** Every client address the limiter was asked to count, in order. */
  readonly counted: string[];
  get(target: string, options?: { readonly via?: string; readonly headers?: Readonly<Record<string, string>> }): Promise<Answer>;
  close(): Promise<void>;
}

/** The limiter of the app under test, remembering whom it counted. */
function recording(limiter: RateLimiter, counted: string[]): RateLimiter {
  return {
    consume: (client: string): Promise<RateLimitDecision> => {
      counted.push(client);
      return limiter.consume(client);
    },
    reset: (client) => limiter.reset(client),
    close: () => limiter.close(),
  };
}

let apps = 0;

/** The service listening on `host` (`::` takes IPv4 clients as `::ffff:a.b.c.d` and IPv6 ones on ::1). */
async function serve(env: Readonly<Record<string, string>>, store: Store = 'memory', host = '127.0.0.1'): Promise<Served> {
  const clock = { now: START };
  const now = () => clock.now;
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  apps += 1;
  const limiter =
    store === 'memory'
      ? new MemoryRateLimiter({ limits: config.rateLimit, now })
      : await RedisRateLimiter.connect({ url: REDIS_URL, keyPrefix: `${redisPrefix}:${apps}`, limits: config.rateLimit, now });
  const counted: string[] = [];
  const t = await startTestApp({ env, deps: { now, rateLimiter: recording(limiter, counted) } });
  await t.app.listen({ port: 0, host });
  const address = t.app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  const port = address.port;
  return {
    t,
    port,
    clock,
    counted,
    get: (target, options = {}) =>
      new Promise((resolve, reject) => {
        const outgoing = httpRequest(
          { host: options.via ?? '127.0.0.1', port, path: target, headers: { host: 'slots.test', ...options.headers }, agent: false },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      }),
    async close() {
      await t.close();
      await limiter.close();
    },
  };
}

const remaining = (answer: Answer) => Number(answer.headers['x-ratelimit-remaining']);
const summary = (answer: Answer) => `${answer.status} ${String(answer.headers['x-ratelimit-window'])}:${String(answer.headers['x-ratelimit-remaining'])}`;

/** A 429 naming `window`: its body, Retry-After and X-RateLimit-Reset agree on when to come back. */
function assertRefused(answer: Answer, limit: number, window: string, reset: number, nowMs: number): void {
  assert.equal(answer.status, 429, answer.body);
  const secondsLeft = Math.ceil(reset - nowMs / 1000);
  assert.deepEqual(JSON.parse(answer.body), {
    statusCode: 429,
    error: 'Rate limit exceeded',
    message: `Too many requests: the limit is ${limit} requests per ${window}. Try again in ${secondsLeft} seconds.`,
    retryAfter: reset,
  });
  assert.equal(answer.headers['retry-after'], String(secondsLeft));
  assert.equal(answer.headers['x-ratelimit-reset'], String(reset));
  assert.equal(answer.headers['x-ratelimit-window'], window);
  assert.equal(answer.headers['x-ratelimit-limit'], String(limit));
  assert.equal(answer.headers['x-ratelimit-remaining'], '0');
}

describe('TRUST_PROXY: whom each setting counts, and whose X-Forwarded-Proto/-Host it believes', { timeout: 60_000 }, () => {
  const CHAIN = '203.0.113.1, 198.51.100.2, 198.51.100.3';
  // The socket is 127.0.0.1: the chain is 203.0.113.1, 198.51.100.2, 198.51.100.3, 127.0.0.1.
  const cases: readonly (readonly [string, string, boolean])[] = [
    ['false', '127.0.0.1', false],
    ['true', '203.0.113.1', true],
    ['0', '127.0.0.1', false],
    ['1', '198.51.100.3', true],
    ['2', '198.51.100.2', true],
    ['3', '203.0.113.1', true],
    ['7', '203.0.113.1', true],
    ['127.0.0.1', '198.51.100.3', true],
    ['loopback', '198.51.100.3', true],
    ['127.0.0.0/8, 198.51.100.3', '198.51.100.2', true],
    ['198.51.100.0/24, loopback', '203.0.113.1', true],
    ['::1, 10.0.0.0/8', '127.0.0.1', false],
  ];
  for (const [setting, client, believesForwarded] of cases) {
    it(`TRUST_PROXY=${setting} counts ${client} and ${believesForwarded ? 'believes' : 'ignores'} the forwarded origin`, async () => {
      const s = await serve({ TRUST_PROXY: setting });
      try {
        const headers = { 'x-forwarded-for': CHAIN, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'emoji.example' };
        const origin = believesForwarded ? 'https://emoji.example' : 'http://slots.test';
        for (const target of [PLAY, REDIRECT]) {
          const answer = await s.get(target, { headers });
          assert.equal(answer.status, 302, answer.body);
          assert.ok(String(answer.headers['location']).startsWith(`${origin}/slots/`), `${target}: ${String(answer.headers['location'])}`);
        }
        for (const route of ROUTES) assert.equal((await s.get(route, { headers })).status, 200);
        assert.deepEqual(s.counted, [client, client, client, client]);
      } finally {
        await s.close();
      }
    });
  }

  it('counts a request without X-Forwarded-For by its socket address, whatever the setting', async () => {
    for (const setting of ['true', '2', 'loopback']) {
      const s = await serve({ TRUST_PROXY: setting });
      try {
        for (const route of ROUTES) await s.get(route);
        assert.deepEqual(s.counted, ['127.0.0.1', '127.0.0.1'], setting);
      } finally {
        await s.close();
      }
    }
  });

  it('refuses a forwarded scheme other than http or https from a trusted proxy, naming the header', async () => {
    const s = await serve({ TRUST_PROXY: 'loopback' });
    try {
      for (const target of [PLAY, REDIRECT]) {
        const answer = await s.get(target, { headers: { 'x-forwarded-proto': 'javascript' } });
        assert.equal(answer.status, 400);
        assert.match(JSON.parse(answer.body).message, /^X-Forwarded-Proto: /);
        assert.equal(answer.headers['location'], undefined);
      }
    } finally {
      await s.close();
    }
  });
});

for (const store of STORES) {
  describe(`one client per IPv4 address and per IPv6 network (${store} counters)`, { timeout: 60_000 }, () => {
    it('counts two addresses of one /56 together and another /56 apart, through X-Forwarded-For', async () => {
      const s = await serve({ TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '3' }, store);
      try {
        const from = (client: string, route: string) => s.get(route, { headers: { 'x-forwarded-for': client } });
        const answers = [
          await from('2001:db8:1:ff01::1', '/api/slots'),
          await from('2001:db8:1:ffee:aaaa::2', '/api/emojis/stats'),
          await from('2001:db8:1:ff00::', '/api/slots'),
          await from('2001:db8:1:fffe::9', '/api/emojis/stats'),
          await from('2001:db8:1:fe00::1', '/api/slots'),
          await from('2001:db8:1:1ff::1', '/api/emojis/stats'),
        ];
        assert.deepEqual(answers.map(summary), ['200 minute:2', '200 minute:1', '200 minute:0', '429 minute:0', '200 minute:2', '200 minute:2']);
      } finally {
        await s.close();
      }
    });

    it('keeps every address apart with RATE_LIMIT_IPV6_PREFIX=128, and joins a whole /48 with 48', async () => {
      const by128 = await serve({ TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_IPV6_PREFIX: '128' }, store);
      try {
        const from = (client: string, route: string) => by128.get(route, { headers: { 'x-forwarded-for': client } });
        assert.deepEqual([remaining(await from('2001:db8:2::1', '/api/slots')), remaining(await from('2001:db8:2::2', '/api/emojis/stats'))], [2, 2]);
        assert.deepEqual([remaining(await from('2001:db8:2::1', '/api/emojis/stats'))], [1]);
      } finally {
        await by128.close();
      }
      const by48 = await serve({ TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_IPV6_PREFIX: '48' }, store);
      try {
        const from = (client: string, route: string) => by48.get(route, { headers: { 'x-forwarded-for': client } });
        assert.deepEqual([remaining(await from('2001:db8:3:100::1', '/api/slots')), remaining(await from('2001:db8:3:ff00::1', '/api/emojis/stats'))], [2, 1]);
      } finally {
        await by48.close();
      }
    });

    it('counts an IPv4 address and its IPv4-mapped IPv6 form as one client', async () => {
      const s = await serve({ TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '3' }, store);
      try {
        const from = (client: string, route: string) => s.get(route, { headers: { 'x-forwarded-for': client } });
        const answers = [
          await from('198.51.100.7', '/api/slots'),
          await from('::ffff:198.51.100.7', '/api/emojis/stats'),
          await from('::FFFF:c633:6407', '/api/slots'),
          await from('198.51.100.7', '/api/emojis/stats'),
          await from('198.51.100.8', '/api/slots'),
        ];
        assert.deepEqual(answers.map(summary), ['200 minute:2', '200 minute:1', '200 minute:0', '429 minute:0', '200 minute:2']);
      } finally {
        await s.close();
      }
    });

    it('takes an IPv4 client of a dual-stack socket (::ffff:127.0.0.1) as 127.0.0.1, and an IPv6 socket client apart', async () => {
      const s = await serve({ RATE_LIMIT_PER_MINUTE: '2' }, store, '::');
      try {
        const answers = [await s.get('/api/slots'), await s.get('/api/emojis/stats'), await s.get('/api/slots')];
        assert.deepEqual(answers.map(summary), ['200 minute:1', '200 minute:0', '429 minute:0']);
        assert.deepEqual(s.counted, ['::ffff:127.0.0.1', '::ffff:127.0.0.1', '::ffff:127.0.0.1']);
        const ipv6 = await s.get('/api/emojis/stats', { via: '::1' });
        assert.equal(summary(ipv6), '200 minute:1');
        assert.equal(s.counted.at(-1), '::1');
        await s.t.app.rateLimiter.reset('127.0.0.1');
        assert.equal(summary(await s.get('/api/slots')), '200 minute:1', 'clearing 127.0.0.1 cleared its mapped form');
      } finally {
        await s.close();
      }
    });
  });

  describe(`the 429 names the full window that resets last (${store} counters)`, { timeout: 60_000 }, () => {
    it('names the hour when the minute and the hour are both full, and keeps refusing once the minute is over', async () => {
      const s = await serve({ RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_PER_HOUR: '2', RATE_LIMIT_PER_DAY: '1000' }, store);
      try {
        assert.deepEqual([summary(await s.get('/api/slots')), summary(await s.get('/api/emojis/stats'))], ['200 minute:1', '200 minute:0']);
        for (const route of ROUTES) assertRefused(await s.get(route), 2, 'hour', HOUR_END, s.clock.now);
        s.clock.now += 60_000;
        for (const route of ROUTES) assertRefused(await s.get(route), 2, 'hour', HOUR_END, s.clock.now);
      } finally {
        await s.close();
      }
    });

    it('names the day when all three windows are full', async () => {
      const s = await serve({ RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_PER_HOUR: '2', RATE_LIMIT_PER_DAY: '2' }, store);
      try {
        await s.get('/api/slots');
        await s.get('/api/emojis/stats');
        for (const route of ROUTES) assertRefused(await s.get(route), 2, 'day', DAY_END, s.clock.now);
        s.clock.now = HOUR_END * 1000 + 5_000;
        for (const route of ROUTES) assertRefused(await s.get(route), 2, 'day', DAY_END, s.clock.now);
      } finally {
        await s.close();
      }
    });

    it('names the only full window when one is full, and lets the client back in when it resets', async () => {
      const s = await serve({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_HOUR: '2', RATE_LIMIT_PER_DAY: '1000' }, store);
      try {
        assert.deepEqual([summary(await s.get('/api/slots')), summary(await s.get('/api/emojis/stats'))], ['200 hour:1', '200 hour:0']);
        for (const route of ROUTES) assertRefused(await s.get(route), 2, 'hour', HOUR_END, s.clock.now);
      } finally {
        await s.close();
      }
      const minute = await serve({ RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_PER_HOUR: '3', RATE_LIMIT_PER_DAY: '1000' }, store);
      try {
        await minute.get('/api/slots');
        await minute.get('/api/emojis/stats');
        for (const route of ROUTES) assertRefused(await minute.get(route), 2, 'minute', MINUTE_END, minute.clock.now);
        minute.clock.now = MINUTE_END * 1000;
        assert.equal(summary(await minute.get('/api/slots')), '200 hour:0', 'Retry-After was right: the request succeeds');
      } finally {
        await minute.close();
      }
    });
  });
}

describe('refusals before any route runs still count and carry the headers', { timeout: 60_000 }, () => {
  it('counts malformed percent-encoding, over-long segments, bad parameters and unknown /api routes, for the forwarded client', async () => {
    const s = await serve({ TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '6' });
    try {
      const from = (client: string, target: string) => s.get(target, { headers: { 'x-forwarded-for': client } });
      const refusals: [string, number][] = [
        ['/api/play/%ZZ', 400],
        [`/api/slots/${'a'.repeat(5000)}`, 414],
        ['/api/slots?limit=abc', 400],
        ['/api/no-such-route', 404],
        ['/%61pi/play/%E2%9D', 400],
      ];
      let left = 6;
      for (const [target, status] of refusals) {
        const answer = await from('203.0.113.60', target);
        left -= 1;
        assert.equal(answer.status, status, `${target.slice(0, 40)}: ${answer.body}`);
        assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
        assert.equal(answer.headers['access-control-allow-origin'], '*');
        assert.equal(summary(answer), `${status} minute:${left}`, target.slice(0, 40));
      }
      assert.equal(summary(await from('203.0.113.60', '/api/play/%ZZ')), '400 minute:0');
      assertRefused(await from('203.0.113.60', '/api/play/%ZZ'), 6, 'minute', MINUTE_END, s.clock.now);
      assertRefused(await from('203.0.113.60', `/api/slots/${'a'.repeat(5000)}`), 6, 'minute', MINUTE_END, s.clock.now);
      assert.equal(summary(await from('203.0.113.61', '/api/play/%ZZ')), '400 minute:5', 'another client has its own count');
      assert.deepEqual(new Set(s.counted), new Set(['203.0.113.60', '203.0.113.61']));
    } finally {
      await s.close();
    }
  });

  it('counts none of them under /api/admin or outside /api', async () => {
    const s = await serve({ RATE_LIMIT_PER_MINUTE: '6' });
    try {
      for (const target of ['/api/admin/%ZZ', '/api/%61dmin/%ZZ', '/slots/%ZZ', `/slots/${'a'.repeat(5000)}`]) {
        const answer = await s.get(target);
        assert.ok(answer.status >= 400 && answer.status < 500, `${target.slice(0, 40)}: ${answer.status}`);
        assert.equal(answer.headers['x-ratelimit-remaining'], undefined, target.slice(0, 40));
      }
      assert.deepEqual(s.counted, []);
    } finally {
      await s.close();
    }
  });
});
