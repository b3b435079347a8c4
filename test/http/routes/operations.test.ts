import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../../support/app.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

/** Mid-minute, so a test's few requests never straddle a rate-limit window. */
const NOW = Date.parse('2026-03-01T12:00:30.000Z');
/** An id the server made: its process prefix (12 base64url characters), a dash, a sequence number. */
const FRESH_ID = /^[\w-]{12}-[1-9]\d*$/;

/** Every path of the service (the interface, admin, probes, metrics, pages), as the document spells them. */
const DOCUMENTED_PATHS = [
  '/api/slots',
  '/api/slots/{idOrSlug}',
  '/api/slots/{idOrSlug}/similar',
  '/api/providers',
  '/api/emojis',
  '/api/emojis/search',
  '/api/emojis/categories',
  '/api/emojis/stats',
  '/api/match',
  '/api/play/{emojis}',
  '/api/v1/redirect',
  '/api/v1/spin',
  '/healthz',
  '/readyz',
  '/',
  '/slots/{slug}',
  '/assets/{file}',
  '/metrics',
  '/openapi.json',
  '/api/catalogue',
  '/api/changes',
  '/api/changes/stream',
  '/api/admin/webhooks',
  '/api/admin/webhooks/{id}',
  '/api/admin/webhooks/{id}/rotate-secret',
  '/api/admin/webhooks/{id}/test',
  '/api/admin/webhooks/{id}/attempts',
  '/api/admin/slots',
  '/api/admin/slots/{id}',
  '/api/admin/catalogue',
  '/api/admin/emojis/categories',
  '/api/admin/insights',
  '/api/admin/insights/daily',
  '/api/admin/rate-limits/{ip}',
  '/api/admin/slots/{id}/history',
  '/api/admin/slots/{id}/restore',
  '/api/admin/audit',
  '/api/admin/operators',
  '/api/admin/operators/{name}',
  '/api/admin/tokens',
  '/api/admin/tokens/{id}',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/{file}',
  '/search',
  '/admin',
  '/admin/sign-in',
  '/admin/sign-out',
  '/admin/slots',
  '/admin/slots/new',
  '/admin/slots/{id}/edit',
  '/admin/slots/{id}/delete',
  '/admin/slots/{id}/history',
  '/admin/slots/{id}/restore',
  '/admin/categories',
  '/admin/catalogue',
  '/admin/catalogue.json',
  '/admin/import',
  '/admin/import/confirm',
  '/admin/audit',
  '/admin/insights',
  '/admin/operators',
  '/admin/operators/password',
  '/admin/operators/{name}/{change}',
  '/admin/tokens',
  '/admin/tokens/{id}/revoke',
  '/admin/webhooks',
  '/admin/webhooks/{id}',
  '/admin/webhooks/{id}/rotate-secret',
  '/admin/webhooks/{id}/test',
  '/admin/webhooks/{id}/delete',
];

function start(options: TestAppOptions = {}): Promise<TestApp> {
  return startTestApp({ ...options, deps: { now: () => NOW, ...options.deps } });
}

function assertNoRateLimitHeaders(response: LightMyRequestResponse): void {
  assert.deepEqual(Object.keys(response.headers).filter((name) => name.startsWith('x-ratelimit-')), []);
}

/** One line of the text exposition, by metric name and exact label set; undefined when absent. */
function sample(text: string, name: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const found = Object.fromEntries(Array.from((match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g), ([, key, value]) => [key, value]));
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort())) return Number(match[3]);
  }
  return undefined;
}

describe('GET /healthz and GET /readyz', () => {
  let t: TestApp;
  before(async () => {
    t = await start({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
  });
  after(() => t.close());

  it('says the process is alive, as uncached JSON with CORS', async () => {
    const response = await t.app.inject('/healthz');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(json(response), { status: 'ok' });
    assertCors(response);
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  it('says the instance is ready when the database answers, with the snapshot size', async () => {
    const response = await t.app.inject('/readyz');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(json(response), { status: 'ready', slots: t.catalogue.current.size });
    assert.ok(t.catalogue.current.size > 0);
    assertCors(response);
  });

  it('is never rate limited, even for a client over its limit', async () => {
    await t.app.inject('/api/slots');
    assert.equal((await t.app.inject('/api/slots')).statusCode, 429);
    for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
      const response = await t.app.inject(path);
      assert.equal(response.statusCode, 200, path);
      assertNoRateLimitHeaders(response);
    }
  });
});

describe('GET /readyz with the database gone', () => {
  it('answers 503 with the JSON error and CORS, while /healthz stays 200', async () => {
    const t = await start();
    try {
      await t.store.close();
      const response = await t.app.inject('/readyz');
      assert.match(errorMessage(response, 503), /database: not reachable/);
      assertCors(response);
      assert.equal((await t.app.inject('/healthz')).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  before(async () => {
    t = await start({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '2' } });
  });
  after(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: AUTH });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('needs the admin token: 401 with WWW-Authenticate: Bearer and the JSON error otherwise', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { authorization: `Basic ${ADMIN_TOKEN}` }]) {
      const response = await t.app.inject({ url: '/metrics', headers });
      errorMessage(response, 401);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
      assertCors(response);
      assert.doesNotMatch(response.body, /http_requests_total/);
    }
  });

  it('is refused to everyone when no admin token is configured', async () => {
    const closed = await start();
    try {
      const response = await closed.app.inject({ url: '/metrics', headers: AUTH });
      assert.match(errorMessage(response, 401), /no ADMIN_TOKEN/);
    } finally {
      await closed.close();
    }
  });

  it('counts and times requests by route pattern, method and status, never by raw URL', async () => {
    await t.app.inject('/api/slots/cherry-gems');
    await t.app.inject('/api/slots/no-such-slot');
    await t.app.inject('/no/such/path/anywhere');
    const text = await scrape();
    const route = '/api/slots/:idOrSlug';
    assert.equal(sample(text, 'http_requests_total', { route, method: 'GET', status: '200' }), 1);
    assert.equal(sample(text, 'http_requests_total', { route, method: 'GET', status: '404' }), 1);
    assert.equal(sample(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status: '404' }), 1);
    assert.equal(sample(text, 'http_request_duration_seconds_count', { route, method: 'GET', status: '200' }), 1);
    assert.equal(sample(text, 'http_request_duration_seconds_bucket', { route, method: 'GET', status: '200', le: '+Inf' }), 1);
    assert.doesNotMatch(text, /cherry-gems|no-such-slot|anywhere/);
  });

  it('counts rate-limit rejections by window, and is not rate limited itself', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.app.inject('/api/emojis/stats')).statusCode);
    assert.deepEqual(statuses.slice(-2), [429, 429]);
    const response = await t.app.inject({ url: '/metrics', headers: AUTH });
    assertNoRateLimitHeaders(response);
    const text = response.body;
    const rejected = statuses.filter((status) => status === 429).length;
    assert.equal(sample(text, 'rate_limit_rejections_total', { window: 'minute' }), rejected);
    assert.equal(sample(text, 'http_requests_total', { route: '/api/emojis/stats', method: 'GET', status: '429' }), rejected);
  });

  it('reports the snapshot size and times each rebuild after a write', async () => {
    const before = await scrape();
    assert.equal(sample(before, 'catalogue_slots'), t.catalogue.current.size);
    const rebuilds = sample(before, 'catalogue_rebuild_seconds_count') ?? 0;
    const response = await t.app.inject({ method: 'DELETE', url: '/api/admin/slots/1', headers: AUTH });
    assert.equal(response.statusCode, 204);
    const after = await scrape();
    assert.equal(sample(after, 'catalogue_slots'), t.catalogue.current.size);
    assert.equal(sample(after, 'catalogue_rebuild_seconds_count'), rebuilds + 1);
  });

  it('includes the process figures: resident memory, heap, event loop', async () => {
    const text = await scrape();
    assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 0);
    assert.match(text, /^nodejs_heap_size_used_bytes \d/m);
    assert.match(text, /^nodejs_eventloop_lag_seconds /m);
  });

  it('keeps the counts of each app apart', async () => {
    const other = await start({ env: { ADMIN_TOKEN } });
    try {
      const text = (await other.app.inject({ url: '/metrics', headers: AUTH })).body;
      assert.equal(sample(text, 'http_requests_total', { route: '/api/slots/:idOrSlug', method: 'GET', status: '200' }), undefined);
    } finally {
      await other.close();
    }
  });
});

describe('X-Request-Id', () => {
  let t: TestApp;
  before(async () => {
    t = await start({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
  });
  after(() => t.close());

  it('gives every response an id of its own, a fresh one when the caller sent none', async () => {
    const ids = [];
    for (const path of ['/api/emojis/stats', '/healthz', '/no/such/path', '/api/play/%E0%A4%A', '/api/emojis/stats']) {
      const response = await t.app.inject(path);
      assert.match(String(response.headers['x-request-id']), FRESH_ID, path);
      ids.push(response.headers['x-request-id']);
    }
    assert.equal(new Set(ids).size, ids.length);
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/slots' });
    assert.match(String(preflight.headers['x-request-id']), FRESH_ID);
  });

  it("keeps the caller's id when it is 1-64 letters, digits, _ . -, and replaces any other", async () => {
    const echoed = async (id: string) => String((await t.app.inject({ url: '/healthz', headers: { 'x-request-id': id } })).headers['x-request-id']);
    for (const id of ['abc', 'req-42.edge_7', 'a'.repeat(64), '0f8fad5b-d9cb-469f-a165-70867728950e']) assert.equal(await echoed(id), id);
    for (const id of ['a'.repeat(65), 'has space', 'quote"', '<script>', 'ünïcode', 'a\tb']) assert.match(await echoed(id), FRESH_ID, id);
  });
});

describe('structured logs', () => {
  /** The app at `level`, its log lines parsed as they are written. */
  async function logged(level: string, env: Readonly<Record<string, string>> = {}): Promise<{ t: TestApp; lines: Record<string, unknown>[] }> {
    const lines: Record<string, unknown>[] = [];
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const t = await start({ env: { LOG_LEVEL: level, ADMIN_TOKEN, TRUST_PROXY: 'true', ...env }, deps: { logger: undefined, logStream } });
    return { t, lines };
  }

  const requestLines = (lines: readonly Record<string, unknown>[]) =>
    lines.filter((line) => line['msg'] === 'incoming request').map((line) => line['req'] as Record<string, unknown>);

  it('writes JSON lines naming the request id the response carries', async () => {
    const { t, lines } = await logged('info');
    try {
      const response = await t.app.inject({ url: '/api/slots/cherry-gems', headers: { 'x-request-id': 'trace-me-1' } });
      const mine = lines.filter((line) => line['reqId'] === 'trace-me-1');
      assert.deepEqual(mine.map((line) => line['msg']), ['incoming request', 'request completed']);
      assert.equal(response.headers['x-request-id'], 'trace-me-1');
      assert.deepEqual((mine[1]?.['res'] as Record<string, unknown>)['statusCode'], 200);
      assert.equal(mine[0]?.['level'], 30);
    } finally {
      await t.close();
    }
  });

  it('shows only the network of a client at info level: IPv4 /24, IPv6 /48', async () => {
    const { t, lines } = await logged('info');
    try {
      const clients = ['203.0.113.77', '2001:db8:85a3:8d3:1319:8a2e:370:7348', '::ffff:198.51.100.9', '2001:db8::1'];
      for (const client of clients) await t.app.inject({ url: '/api/emojis/stats', headers: { 'x-forwarded-for': client } });
      assert.deepEqual(
        requestLines(lines).map((req) => req['remoteAddress']),
        ['203.0.113.0', '2001:db8:85a3::', '198.51.100.0', '2001:db8::'],
      );
      const text = JSON.stringify(lines);
      for (const client of clients) assert.ok(!text.includes(client), client);
    } finally {
      await t.close();
    }
  });

  it('shows whole client addresses only at debug level', async () => {
    const { t, lines } = await logged('debug');
    try {
      await t.app.inject({ url: '/api/emojis/stats', headers: { 'x-forwarded-for': '203.0.113.77' } });
      assert.equal(requestLines(lines)[0]?.['remoteAddress'], '203.0.113.77');
    } finally {
      await t.close();
    }
  });

  it('never writes a credential: no headers in request lines, and authorization censored wherever it is logged', async () => {
    const { t, lines } = await logged('trace');
    try {
      await t.app.inject({ url: '/metrics', headers: AUTH });
      await t.app.inject({ url: '/api/admin/catalogue', headers: { ...AUTH, cookie: 'session=secret-cookie' } });
      await t.app.inject({ url: '/api/admin/catalogue', headers: { authorization: 'Bearer guessed-token-0123456789' } });
      t.app.log.info({ headers: { authorization: AUTH.authorization, cookie: 'a=b' } }, 'careless');
      t.app.log.info({ req: { headers: { authorization: AUTH.authorization } } }, 'careless too');
      const text = JSON.stringify(lines);
      assert.ok(lines.length >= 8);
      for (const secret of [ADMIN_TOKEN, 'guessed-token', 'secret-cookie']) assert.ok(!text.includes(secret), secret);
      assert.deepEqual((lines.find((line) => line['msg'] === 'careless')?.['headers'] as Record<string, unknown>)['authorization'], '[redacted]');
      for (const req of requestLines(lines)) assert.deepEqual(Object.keys(req).sort(), ['host', 'method', 'remoteAddress', 'url']);
    } finally {
      await t.close();
    }
  });
});

describe('GET /openapi.json and /docs', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    info: { title: string; version: string };
    paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[]; responses: Record<string, unknown>; requestBody?: unknown }>>;
  };
  before(async () => {
    t = await start({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
    const response = await t.app.inject('/openapi.json');
    assert.equal(response.statusCode, 200);
    document = json(response);
  });
  after(() => t.close());

  it('is an OpenAPI 3 document of this service', () => {
    assert.match(document.openapi, /^3\.\d+\.\d+$/);
    assert.equal(document.info.title, 'slotmoji');
    assert.match(document.info.version, /^\d+\.\d+\.\d+/);
  });

  it('documents every path, admin and metrics included, and leaves out only the docs browser', () => {
    assert.deepEqual(Object.keys(document.paths).sort(), [...DOCUMENTED_PATHS].sort());
  });

  it('declares every path parameter, and a response for every operation', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        assert.ok(Object.keys(operation.responses).length > 0, `${method} ${path}`);
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        const inPath = Array.from(path.matchAll(/\{(\w+)\}/g), ([, name]) => name);
        assert.deepEqual(declared.map((parameter) => parameter.name), inPath, `${method} ${path}`);
        assert.ok(declared.every((parameter) => parameter.required === true), `${method} ${path}`);
      }
    }
  });

  it('describes the inputs and answers of the API routes', () => {
    const list = document.paths['/api/slots']?.['get'];
    assert.deepEqual(list?.parameters?.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name), [
      'limit', 'offset', 'q', 'provider', 'volatility', 'hasBonusBuy', 'theme', 'feature', 'emoji', 'minRtp', 'maxRtp',
      'minRating', 'maxRating', 'minMaxWin', 'maxMaxWin', 'minYear', 'maxYear', 'sort', 'facets',
    ]);
    assert.deepEqual(Object.keys(list?.responses ?? {}).sort(), ['200', '304', '400', '429', '431', 'default']);
    assert.ok(document.paths['/api/match']?.['post']?.requestBody);
    assert.deepEqual(Object.keys(document.paths['/api/play/{emojis}']?.['get']?.responses ?? {}).sort(), ['302', '400', '404', '429', '431', 'default']);
  });

  it('leaves validation to the routes, so their exact messages stand', async () => {
    const fresh = await start();
    try {
      assert.match(errorMessage(await fresh.app.inject('/api/slots?limit=1e3'), 400), /^limit: must be a whole number/);
      assert.match(errorMessage(await fresh.app.inject('/api/slots?limit=5&limit=6'), 400), /^limit: given more than once/);
      const body = { method: 'POST' as const, url: '/api/match', headers: { 'content-type': 'application/json' } };
      assert.equal(errorMessage(await fresh.app.inject({ ...body, payload: '{"emojis": []}' }), 400), 'emojis: must hold at least one emoji');
      assert.equal(errorMessage(await fresh.app.inject({ ...body, payload: '{"emojis": ["🍒"], "mode": "most"}' }), 400), 'mode: must be "any" or "all"');
    } finally {
      await fresh.close();
    }
  });

  it('serves the browsable docs with their own CSP, outside the rate limit', async () => {
    await t.app.inject('/api/slots');
    assert.equal((await t.app.inject('/api/slots')).statusCode, 429);
    const page = await t.app.inject('/docs');
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /default-src 'none'.*script-src 'self'/);
    assert.match(page.body, /swagger-ui-bundle\.js/);
    const script = await t.app.inject('/docs/static/swagger-ui-bundle.js');
    assert.equal(script.statusCode, 200);
    assert.match(String(script.headers['content-type']), /javascript/);
    for (const response of [page, script, await t.app.inject('/openapi.json')]) {
      assert.equal(response.statusCode, 200);
      assertNoRateLimitHeaders(response);
      assertCors(response);
    }
  });
});
