import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app.js';
import { ADMIN_TOKEN } from '../../support/admin.js';
import { slotFields, TEST_ACTOR } from '../../support/fixtures.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { recordingInsightStore, startedCounter, summed } from '../../support/insights.js';
import type { InsightCounter } from '../../../src/insights/counter.js';

/**
 * The fast path must answer exactly as Fastify's routes do. Two apps over one catalogue snapshot, one
 * with the fast path and one without, get the same requests as raw bytes on real sockets; every
 * status line, header (in order) and body byte must agree, and so must their metrics and log lines.
 */

const NOW = Date.parse('2026-06-15T12:34:56.000Z');
const enc = encodeURIComponent;

interface Case {
  readonly name: string;
  readonly raw: string | Buffer;
  /** Whether the fast path (rather than Fastify) answers it. */
  readonly fast: boolean;
}

function get(target: string, headers = 'Host: slots.test\r\nX-Request-Id: case\r\n'): string {
  return `GET ${target} HTTP/1.1\r\n${headers}\r\n`;
}

function conditional(ifNoneMatch: string): string {
  return `Host: slots.test\r\nX-Request-Id: case\r\nIf-None-Match: ${ifNoneMatch}\r\n`;
}

function post(body: string, contentType = 'application/json', extra = ''): Buffer {
  const bytes = Buffer.from(body);
  return Buffer.concat([
    Buffer.from(`POST /api/match HTTP/1.1\r\nHost: slots.test\r\nX-Request-Id: case\r\nContent-Type: ${contentType}\r\nContent-Length: ${bytes.length}\r\n${extra}\r\n`),
    bytes,
  ]);
}

const CASES: readonly Case[] = [
  { name: 'slot by slug', raw: get('/api/slots/cherry-gems'), fast: true },
  { name: 'slot by id', raw: get('/api/slots/3'), fast: true },
  { name: 'slot by slug in another case', raw: get('/api/slots/Lemon-DROP'), fast: true },
  { name: 'unknown slot', raw: get('/api/slots/no-such-slot'), fast: true },
  { name: 'unknown id', raw: get('/api/slots/99999999999999999999'), fast: true },
  { name: 'id zero', raw: get('/api/slots/0'), fast: true },
  { name: 'dot segment', raw: get('/api/slots/..'), fast: true },
  { name: 'unreserved punctuation', raw: get('/api/slots/a.b~c_d'), fast: true },
  { name: 'percent-encoded slug', raw: get('/api/slots/%63herry-gems'), fast: false },
  { name: 'malformed escape', raw: get('/api/slots/%FF'), fast: false },
  { name: 'over-long segment', raw: get(`/api/slots/${'a'.repeat(5000)}`), fast: false },
  { name: 'query on a slot', raw: get('/api/slots/cherry-gems?x=1'), fast: false },
  { name: 'trailing slash', raw: get('/api/slots/'), fast: false },
  { name: 'upper-case route', raw: get('/API/slots/cherry-gems'), fast: false },
  { name: 'list', raw: get('/api/slots'), fast: true },
  { name: 'list with empty query', raw: get('/api/slots?'), fast: true },
  { name: 'list paged', raw: get('/api/slots?limit=2&offset=1'), fast: true },
  { name: 'list filtered', raw: get('/api/slots?provider=pragmatic-play&volatility=HIGH&hasBonusBuy=true&minRtp=96'), fast: true },
  { name: 'list repeated equal', raw: get('/api/slots?limit=2&limit=2'), fast: true },
  { name: 'list repeated different', raw: get('/api/slots?limit=1&limit=2'), fast: true },
  { name: 'list bad limit', raw: get('/api/slots?limit=0'), fast: true },
  { name: 'list empty limit', raw: get('/api/slots?limit='), fast: true },
  { name: 'list bad boolean', raw: get('/api/slots?hasBonusBuy=yes'), fast: true },
  { name: 'list unknown parameter', raw: get('/api/slots?colour=red'), fast: true },
  { name: 'list search', raw: get('/api/slots?q=cherr'), fast: true },
  { name: 'list search with a typo', raw: get('/api/slots?q=lemno&sort=-rtp'), fast: true },
  { name: 'list lists and bounds', raw: get('/api/slots?provider=netent,pragmatic-play&volatility=high,medium&minRating=4&maxMaxWin=9000'), fast: true },
  { name: 'list facets', raw: get('/api/slots?facets=provider,volatility,theme,feature,releaseYear&limit=1'), fast: true },
  { name: 'list unknown facet', raw: get('/api/slots?facets=colour'), fast: true },
  { name: 'list relevance without q', raw: get('/api/slots?sort=relevance'), fast: true },
  { name: 'list crossed bounds', raw: get('/api/slots?minYear=2020&maxYear=2010'), fast: true },
  { name: 'list escaped search', raw: get('/api/slots?q=gems%20cherry&facets=emoji'), fast: true },
  { name: 'list escaped list commas', raw: get('/api/slots?volatility=high%2Cmedium&facets=provider%2Ctheme'), fast: true },
  { name: 'list escaped ampersand in a value', raw: get('/api/slots?q=gems%26limit%3D1'), fast: true },
  { name: 'list escape of invalid UTF-8', raw: get('/api/slots?q=%FF%FE'), fast: true },
  { name: 'list escaped emoji', raw: get(`/api/slots?emoji=${enc('🍒')}`), fast: true },
  { name: 'list lower-case escape', raw: get('/api/slots?q=gems%2ccherry'), fast: true },
  { name: 'list cut escape', raw: get('/api/slots?q=gems%2'), fast: false },
  { name: 'list escaped name', raw: get('/api/slots?%71=gems'), fast: false },
  { name: 'similar', raw: get('/api/slots/cherry-gems/similar'), fast: true },
  { name: 'similar limited', raw: get('/api/slots/1/similar?limit=2'), fast: true },
  { name: 'similar bad limit', raw: get('/api/slots/1/similar?limit=x'), fast: true },
  { name: 'similar unknown slot', raw: get('/api/slots/nothing/similar'), fast: true },
  { name: 'list escaped provider', raw: get('/api/slots?provider=Play%27n%20GO'), fast: true },
  { name: 'list plus in query', raw: get('/api/slots?provider=Push+Gaming'), fast: true },
  { name: 'list escaped plus in query', raw: get('/api/slots?q=gems%2B+cherry'), fast: true },
  { name: 'list dangling ampersand', raw: get('/api/slots?limit=2&'), fast: false },
  { name: 'list parameter without value', raw: get('/api/slots?limit'), fast: false },
  { name: 'emojis', raw: get('/api/emojis'), fast: true },
  { name: 'emojis aggregated', raw: get('/api/emojis?format=aggregated'), fast: true },
  { name: 'emojis raw', raw: get('/api/emojis?format=raw'), fast: true },
  { name: 'emojis unknown format', raw: get('/api/emojis?format=xml'), fast: false },
  { name: 'emoji stats', raw: get('/api/emojis/stats'), fast: false },
  { name: 'play one emoji', raw: get(`/api/play/${enc('🍒')}`), fast: true },
  { name: 'play two emojis', raw: get(`/api/play/${enc('🍒💎')}`), fast: true },
  { name: 'play with variation selector', raw: get(`/api/play/${enc('❤')}`), fast: true },
  { name: 'play family ZWJ sequence', raw: get(`/api/play/${enc('👨‍👩‍👧')}`), fast: true },
  { name: 'play emoji nobody carries', raw: get(`/api/play/${enc('🦄')}`), fast: true },
  { name: 'play text', raw: get('/api/play/abc'), fast: true },
  { name: 'play keycap', raw: get(`/api/play/1${enc('\u{FE0F}\u{20E3}')}`), fast: true },
  { name: 'play cut escape', raw: get('/api/play/%E2%9D'), fast: false },
  { name: 'play invalid UTF-8', raw: get('/api/play/%FF%FE'), fast: false },
  { name: 'play with ASCII escape', raw: get('/api/play/%23%EF%B8%8F%E2%83%A3'), fast: false },
  { name: 'play with a comma', raw: get(`/api/play/${enc('🍒')},${enc('💎')}`), fast: false },
  { name: 'play empty', raw: get('/api/play/'), fast: false },
  { name: 'match', raw: post('{"emojis":["🍒","💎","🎰"]}'), fast: true },
  { name: 'match all', raw: post('{"emojis":["🍒🍋"],"mode":"all"}'), fast: true },
  { name: 'match limit 1', raw: post('{"emojis":["🍒"],"limit":1}'), fast: true },
  { name: 'match limit over the maximum', raw: post('{"emojis":["🍒"],"limit":100000}'), fast: true },
  { name: 'match charset', raw: post('{"emojis":["🍀"]}', 'application/json; charset=utf-8'), fast: true },
  { name: 'match byte order mark', raw: post('\u{FEFF}{"emojis":["🍀"]}'), fast: true },
  { name: 'match limit 0', raw: post('{"emojis":["🍒"],"limit":0}'), fast: true },
  { name: 'match bad mode', raw: post('{"emojis":["🍒"],"mode":"some"}'), fast: true },
  { name: 'match empty list', raw: post('{"emojis":[]}'), fast: true },
  { name: 'match not an array', raw: post('{"emojis":"🍒"}'), fast: true },
  { name: 'match not an object', raw: post('["🍒"]'), fast: true },
  { name: 'match null', raw: post('null'), fast: true },
  { name: 'match text', raw: post('{"emojis":["hello"]}'), fast: true },
  { name: 'match 21 emojis', raw: post(JSON.stringify({ emojis: [...'🍒🍋💎🎰🍀🎲❤🐉🌸🍯🐝🌿🔥⭐🌙☀🌈🎁🔔💰👑'] })), fast: true },
  { name: 'match invalid JSON', raw: post('{"emojis":['), fast: true },
  { name: 'match body too long to remember', raw: post(JSON.stringify({ emojis: ['🍒', ...Array.from({ length: 150 }, () => ' ')] })), fast: true },
  { name: 'match prototype poisoning', raw: post('{"emojis":["🍒"],"__proto__":{"x":1}}'), fast: true },
  { name: 'match constructor poisoning', raw: post('{"emojis":["🍒"],"constructor":{"prototype":{"x":1}}}'), fast: true },
  { name: 'match upper-case type', raw: post('{"emojis":["🍒"]}', 'Application/JSON'), fast: false },
  { name: 'match text type', raw: post('{"emojis":["🍒"]}', 'text/plain'), fast: false },
  { name: 'match empty body', raw: post(''), fast: false },
  { name: 'match too large', raw: post(JSON.stringify({ emojis: ['🍒'], pad: 'x'.repeat(17_000) })), fast: false },
  {
    name: 'match chunked',
    raw: 'POST /api/match HTTP/1.1\r\nHost: slots.test\r\nX-Request-Id: case\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n11\r\n{"emojis":["🍒"]}\r\n0\r\n\r\n',
    fast: false,
  },
  { name: 'match expecting continue', raw: post('{"emojis":["🍒"]}', 'application/json', 'Expect: 100-continue\r\n'), fast: false },
  { name: 'no request id', raw: get('/api/slots/cherry-gems', 'Host: slots.test\r\n'), fast: true },
  { name: 'unusable request id', raw: get('/api/slots/cherry-gems', 'Host: slots.test\r\nX-Request-Id: two words\r\n'), fast: true },
  { name: 'host not a host name', raw: get('/api/slots/cherry-gems', 'Host: bad_host\r\nX-Request-Id: case\r\n'), fast: true },
  { name: 'host with port', raw: get(`/api/play/${enc('🍀')}`, 'Host: slots.test:8080\r\nX-Request-Id: case\r\n'), fast: true },
  { name: 'no host', raw: get('/api/slots/cherry-gems', 'X-Request-Id: case\r\n'), fast: false },
  { name: 'HTTP/1.0 without host', raw: 'GET /api/slots/cherry-gems HTTP/1.0\r\nX-Request-Id: case\r\n\r\n', fast: false },
  { name: 'head', raw: 'HEAD /api/slots/cherry-gems HTTP/1.1\r\nHost: slots.test\r\nX-Request-Id: case\r\n\r\n', fast: false },
  { name: 'get with a body', raw: 'GET /api/slots/cherry-gems HTTP/1.1\r\nHost: slots.test\r\nX-Request-Id: case\r\nContent-Length: 2\r\n\r\n{}', fast: false },
  { name: 'accepts compression', raw: get('/api/slots?limit=3', 'Host: slots.test\r\nX-Request-Id: case\r\nAccept-Encoding: gzip, br\r\n'), fast: true },
  { name: 'keep-alive off', raw: get('/api/emojis', 'Host: slots.test\r\nX-Request-Id: case\r\nConnection: close\r\n'), fast: true },
  { name: 'forwarded (not trusted here)', raw: get('/api/slots/cherry-gems', 'Host: slots.test\r\nX-Request-Id: case\r\nX-Forwarded-For: 203.0.113.9\r\n'), fast: true },
  { name: 'any tag matches', raw: get('/api/slots/cherry-gems', conditional('*')), fast: true },
  { name: 'any tag on a list', raw: get('/api/slots?limit=2', conditional('*')), fast: true },
  { name: 'any tag on emojis', raw: get('/api/emojis?format=raw', conditional('*')), fast: true },
  { name: 'any tag on an unknown slot', raw: get('/api/slots/no-such-slot', conditional('*')), fast: true },
  { name: 'any tag on a bad list', raw: get('/api/slots?limit=0', conditional('*')), fast: true },
  { name: 'any tag on play', raw: get(`/api/play/${enc('🍒')}`, conditional('*')), fast: true },
  { name: 'other tags', raw: get('/api/slots/cherry-gems', conditional('"x", W/"y"')), fast: true },
  { name: 'malformed tag', raw: get('/api/slots/cherry-gems', conditional('x, *')), fast: true },
  { name: 'unterminated tag', raw: get('/api/emojis', conditional('"abc')), fast: true },
  { name: 'thousands of tags', raw: get('/api/slots?limit=1', conditional(Array.from({ length: 1500 }, (_, i) => `W/"${i}"`).join(','))), fast: true },
  { name: 'thousands of tags and any', raw: get('/api/slots?limit=1', conditional(`${'"t",'.repeat(3000)}*`)), fast: true },
  { name: 'tag larger than the header limit', raw: get('/api/slots?limit=1', conditional(`"${'a'.repeat(20_000)}"`)), fast: false },
  { name: 'feed', raw: get('/api/changes'), fast: true },
  { name: 'feed page', raw: get('/api/changes?after=0&limit=2'), fast: true },
  { name: 'feed full page from the middle', raw: get('/api/changes?after=1&limit=1'), fast: true },
  { name: 'feed longest page', raw: get('/api/changes?limit=1000'), fast: true },
  { name: 'feed at the end', raw: get('/api/changes?after=4'), fast: true },
  { name: 'feed beyond the latest', raw: get('/api/changes?after=99999'), fast: true },
  { name: 'feed negative after', raw: get('/api/changes?after=-1'), fast: true },
  { name: 'feed text after', raw: get('/api/changes?after=abc'), fast: true },
  { name: 'feed limit 0', raw: get('/api/changes?limit=0'), fast: true },
  { name: 'feed limit 1001', raw: get('/api/changes?limit=1001'), fast: true },
  { name: 'feed empty limit', raw: get('/api/changes?limit='), fast: true },
  { name: 'feed after repeated', raw: get('/api/changes?after=1&after=2'), fast: true },
  { name: 'feed unknown parameter', raw: get('/api/changes?since=3'), fast: true },
  { name: 'feed conditional', raw: get('/api/changes?limit=1', conditional('*')), fast: true },
  { name: 'feed bad host', raw: get('/api/changes?limit=1', 'Host: bad_host\r\nX-Request-Id: case\r\n'), fast: true },
  { name: 'feed escaped after', raw: get('/api/changes?after=%31'), fast: true },
  { name: 'feed of another history', raw: get('/api/changes?history=AAAAAAAAAAAAAAAAAAAAAA'), fast: true },
  { name: 'feed kept page of another history', raw: get('/api/changes?after=1&limit=1&history=other'), fast: true },
  { name: 'feed empty history', raw: get('/api/changes?after=4&history='), fast: true },
  { name: 'feed history repeated', raw: get('/api/changes?history=a&history=b'), fast: true },
  { name: 'feed trailing slash', raw: get('/api/changes/'), fast: false },
  { name: 'feed stream', raw: get('/api/changes/stream?after=99999'), fast: false },
  { name: 'preflight', raw: 'OPTIONS /api/slots/cherry-gems HTTP/1.1\r\nHost: slots.test\r\nX-Request-Id: case\r\n\r\n', fast: false },
];

interface Wire {
  readonly statusLine: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

function parseWire(data: Buffer): Wire {
  const headEnd = data.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const);
  return { statusLine, headers, body: data.subarray(headEnd + 4) };
}

/** Answers read back to back from one connection, each as long as its Content-Length says. */
function parseWires(data: Buffer): Wire[] {
  const wires: Wire[] = [];
  let rest = data;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    assert.ok(headEnd > 0, `an answer without a head: ${rest.toString('latin1').slice(0, 80)}`);
    const head = parseWire(rest.subarray(0, headEnd + 4));
    const length = Number(new Map(head.headers).get('content-length') ?? 0);
    wires.push({ ...head, body: rest.subarray(headEnd + 4, headEnd + 4 + length) });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return wires;
}

/** Sends bytes on a fresh connection, ends the sending side, and resolves with all it reads until the server closes. */
function sendRaw(port: number, raw: string | Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

/** Sends one request and reads its answer; an interim 100 Continue is checked and left out. */
async function send(port: number, raw: string | Buffer): Promise<Wire> {
  const wire = parseWire(await sendRaw(port, raw));
  if (wire.statusLine !== 'HTTP/1.1 100 Continue') return wire;
  assert.deepEqual(wire.headers, []);
  return parseWire(wire.body);
}

/** The answer with what must differ from one request to the next (the time, a generated id) checked and masked. */
function comparable(wire: Wire): Wire {
  const headers = wire.headers.map(([name, value]): readonly [string, string] => {
    if (name === 'date') return [name, 'DATE'];
    if (name === 'x-response-time') {
      assert.match(value, /^\d+\.\d{2}ms$/);
      return [name, 'TIME'];
    }
    if (name === 'x-request-id' && value !== 'case') {
      assert.match(value, /^[\w-]{12}-[1-9]\d*$/);
      return [name, 'GENERATED'];
    }
    return [name, value];
  });
  return { ...wire, headers };
}

/** A log line without what differs between two apps (time, durations, generated ids, the port). */
function comparableLog(line: string): Record<string, unknown> {
  const { time, pid, hostname, responseTime, reqId, ...rest } = JSON.parse(line) as Record<string, unknown>;
  assert.equal(typeof time, 'number');
  assert.equal(typeof pid, 'number');
  assert.equal(typeof hostname, 'string');
  if (responseTime !== undefined) assert.equal(typeof responseTime, 'number');
  const { req } = rest as { req?: { host?: string } };
  // The metrics scrapes name each app's own port.
  if (req?.host?.startsWith('127.0.0.1:')) rest['req'] = { ...req, host: 'PORT' };
  return { ...rest, reqId: reqId === 'case' ? reqId : typeof reqId };
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return address.port;
}

async function metrics(port: number): Promise<string[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  assert.equal(response.status, 200);
  return (await response.text()).split('\n');
}

/** Two apps over one catalogue, with and without the fast path, each logging into an array. */
interface Pair {
  readonly fast: { readonly app: FastifyInstance; readonly port: number; readonly log: string[]; readonly catalogue: TestApp['catalogue'] };
  readonly framework: { readonly app: FastifyInstance; readonly port: number; readonly log: string[] };
  close(): Promise<void>;
}

async function startPair(env: Readonly<Record<string, string>>, counters?: { readonly fast: InsightCounter; readonly framework: InsightCounter }): Promise<Pair> {
  const fastLog: string[] = [];
  const t: TestApp = await startTestApp({
    env: { LOG_LEVEL: 'info', ADMIN_TOKEN, ...env },
    deps: { logger: undefined, logStream: { write: (line) => void fastLog.push(line) }, now: () => NOW, ...(counters && { insights: counters.fast }) },
  });
  const frameworkLog: string[] = [];
  const framework = await buildApp({
    config: t.config,
    catalogue: t.catalogue,
    fastPath: false,
    logStream: { write: (line) => void frameworkLog.push(line) },
    now: () => NOW,
    ...(counters && { insights: counters.framework }),
  });
  return {
    fast: { app: t.app, port: await listen(t.app), log: fastLog, catalogue: t.catalogue },
    framework: { app: framework, port: await listen(framework), log: frameworkLog },
    async close() {
      await framework.close();
      await t.close();
    },
  };
}

describe('both paths count the same asks (decisions §21)', { timeout: 30_000 }, () => {
  const stores = { fast: recordingInsightStore(), framework: recordingInsightStore() };
  let counters: { fast: InsightCounter; framework: InsightCounter };
  let pair: Pair;
  before(async () => {
    counters = { fast: await startedCounter(stores.fast, () => NOW), framework: await startedCounter(stores.framework, () => NOW) };
    pair = await startPair({ RATE_LIMIT_PER_MINUTE: '1000' }, counters);
  });
  after(async () => {
    await pair.close();
    await Promise.all([counters.fast.stop(), counters.framework.stop()]);
  });

  it('counts every case alike, plays, searches and matches among them, found or not', async () => {
    for (const { raw } of CASES) {
      await send(pair.fast.port, raw);
      await send(pair.framework.port, raw);
    }
    await Promise.all([counters.fast.flush(), counters.framework.flush()]);
    const counted = summed(stores.fast.addedCounts);
    assert.deepEqual(counted, summed(stores.framework.addedCounts));
    assert.deepEqual(stores.fast.raisedRegisters.length, stores.framework.raisedRegisters.length);
    assert.ok(stores.fast.raisedRegisters.length > 0);
    for (const expected of ['search found cherr: 1', 'search not found ff fe: 1', 'match found', 'play found']) {
      assert.ok(counted.some((line) => line.startsWith(expected)), `${expected} in ${counted.join('; ')}`);
    }
  });
});

const fastSeries = (lines: readonly string[]) => lines.filter((line) => line.startsWith('http_fast_path_requests_total{'));
const requestSeries = (lines: readonly string[]) => lines.filter((line) => line.startsWith('http_requests_total{'));

describe('the fast path answers exactly as Fastify does', { timeout: 30_000 }, () => {
  let pair: Pair;
  before(async () => {
    pair = await startPair({ RATE_LIMIT_PER_MINUTE: '1000' });
    // Changes for the feed's cases to page through: after the catalogue's import, two creates, a delete.
    const { catalogue } = pair.fast;
    const first = await catalogue.createSlot(slotFields({ name: 'Fed One' }), TEST_ACTOR);
    await catalogue.createSlot(slotFields({ name: 'Fed Two' }), TEST_ACTOR);
    await catalogue.deleteSlot(first.id, TEST_ACTOR);
  });
  after(() => pair.close());

  it('gives the same status line, headers in order and body for every case, the first time and from its caches', async () => {
    for (const round of ['first', 'again']) {
      for (const { name, raw } of CASES) {
        const fast = await send(pair.fast.port, raw);
        const framework = await send(pair.framework.port, raw);
        assert.ok(fast.statusLine.startsWith('HTTP/1.1 '), `${name}: ${fast.statusLine}`);
        assert.deepEqual(comparable(fast), comparable(framework), `${name} (${round})`);
      }
    }
  });

  it('answered the cases it recognises itself and left the others to Fastify', async () => {
    const expected = new Map<string, number>();
    for (const { raw, fast } of CASES) {
      if (!fast) continue;
      const text = raw.toString();
      const route = text.startsWith('POST')
        ? '/api/match'
        : /^GET \/api\/slots\/[^ ]+\/similar/.test(text)
          ? '/api/slots/:idOrSlug/similar'
          : /^GET \/api\/slots\//.test(text)
            ? '/api/slots/:idOrSlug'
            : /^GET \/api\/slots/.test(text)
              ? '/api/slots'
              : /^GET \/api\/play\//.test(text)
                ? '/api/play/:emojis'
                : /^GET \/api\/changes/.test(text)
                  ? '/api/changes'
                  : '/api/emojis';
      // Each case was sent twice.
      expected.set(route, (expected.get(route) ?? 0) + 2);
    }
    const lines = fastSeries(await metrics(pair.fast.port));
    const counted = new Map(lines.map((line) => [/route="([^"]+)"/.exec(line)?.[1], Number(line.split(' ').at(-1))]));
    assert.deepEqual(counted, expected);
    assert.deepEqual(fastSeries(await metrics(pair.framework.port)), []);
  });

  it('counts the same requests in the same series of http_requests_total', async () => {
    const [fast, framework] = [await metrics(pair.fast.port), await metrics(pair.framework.port)];
    assert.ok(requestSeries(fast).length > 5);
    assert.deepEqual(requestSeries(fast), requestSeries(framework));
  });

  it('writes the same request log lines', () => {
    const requestLines = (log: readonly string[]) =>
      log.map(comparableLog).filter((line) => line['msg'] === 'incoming request' || line['msg'] === 'request completed');
    const [fast, framework] = [requestLines(pair.fast.log), requestLines(pair.framework.log)];
    assert.ok(fast.filter((line) => line['msg'] === 'request completed').length >= CASES.filter((c) => c.fast).length);
    assert.deepEqual(fast, framework);
  });

  it('answers a page of the database\'s own history alike, the first time and kept', async () => {
    const { history } = pair.fast.catalogue.view;
    for (const target of [`/api/changes?after=0&limit=2&history=${history}`, `/api/changes?after=2&history=${history}`]) {
      for (const round of ['first', 'again']) {
        const fast = await send(pair.fast.port, get(target));
        assert.equal(fast.statusLine, 'HTTP/1.1 200 OK', target);
        assert.equal((JSON.parse(fast.body.toString()) as { history: string }).history, history);
        assert.deepEqual(comparable(fast), comparable(await send(pair.framework.port, get(target))), `${target} (${round})`);
      }
    }
  });

  it('answers requests sent together on one connection in order, fast and Fastify-answered ones mixed, as Fastify does', async () => {
    const together = Buffer.concat(
      [
        get('/api/slots/cherry-gems'),
        get('/api/emojis/stats'),
        post('{"emojis":["🍒","💎"]}'),
        get(`/api/play/${enc('🍒')}`),
        get('/api/slots/no-such-slot'),
        get('/api/slots?limit=2'),
        post('{"emojis":['),
      ].map((raw) => Buffer.from(raw)),
    );
    const fast = parseWires(await sendRaw(pair.fast.port, together)).map(comparable);
    const framework = parseWires(await sendRaw(pair.framework.port, together)).map(comparable);
    assert.deepEqual(
      fast.map((wire) => wire.statusLine.split(' ')[1]),
      ['200', '200', '200', '302', '404', '200', '400'],
    );
    assert.deepEqual(fast, framework);
  });
});

describe('the fast path with conditional requests', { timeout: 30_000 }, () => {
  let pair: Pair;
  before(async () => {
    pair = await startPair({ RATE_LIMIT_PER_MINUTE: '1000' });
  });
  after(() => pair.close());

  it('answers 304 alike when If-None-Match names the current tag, strong or weak', async () => {
    const targets = ['/api/slots/cherry-gems', '/api/slots/3', '/api/slots?limit=2&offset=1', '/api/emojis', '/api/emojis?format=raw'];
    for (const target of targets) {
      const first = await send(pair.fast.port, get(target));
      const etag = new Map(first.headers).get('etag');
      assert.match(String(etag), /^"[\w-]+"$/, target);
      assert.equal(new Map((await send(pair.framework.port, get(target))).headers).get('etag'), etag, target);
      for (const field of [String(etag), `W/${etag}`, `"other", ${etag}`]) {
        const fast = await send(pair.fast.port, get(target, conditional(field)));
        const framework = await send(pair.framework.port, get(target, conditional(field)));
        assert.equal(fast.statusLine, 'HTTP/1.1 304 Not Modified', `${target} ${field}`);
        assert.equal(fast.body.length, 0);
        assert.deepEqual(comparable(fast), comparable(framework), `${target} ${field}`);
      }
    }
  });
});

describe('the fast path with clients that leave', { timeout: 30_000 }, () => {
  let pair: Pair;
  before(async () => {
    pair = await startPair({ RATE_LIMIT_PER_MINUTE: '1000' });
  });
  after(() => pair.close());

  it('survives a client hanging up halfway through a match body, and answers the next one', async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(pair.fast.port, '127.0.0.1', () => {
          socket.write('POST /api/match HTTP/1.1\r\nHost: slots.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"emojis":');
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
      });
    }
    const next = await send(pair.fast.port, post('{"emojis":["🍒"]}'));
    assert.equal(next.statusLine, 'HTTP/1.1 200 OK');
  });
});

describe('the fast path under the rate limit', { timeout: 30_000 }, () => {
  let pair: Pair;
  before(async () => {
    pair = await startPair({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  after(() => pair.close());

  it('counts fast and Fastify-answered requests together and refuses the fourth exactly as Fastify does', async () => {
    const sequence = [
      get('/api/slots/cherry-gems'),
      get('/api/emojis/stats'),
      post('{"emojis":["🍒"]}'),
      get('/api/slots/cherry-gems'),
      post('{"emojis":["🍒"]}'),
      get(`/api/play/${enc('🍒')}`),
      get('/api/slots?limit=2'),
    ];
    const statuses: number[] = [];
    for (const raw of sequence) {
      const fast = await send(pair.fast.port, raw);
      assert.deepEqual(comparable(fast), comparable(await send(pair.framework.port, raw)), raw.toString());
      statuses.push(Number(fast.statusLine.split(' ')[1]));
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429, 429]);
    const rejections = (await metrics(pair.fast.port)).filter((line) => line.startsWith('rate_limit_rejections_total{'));
    assert.deepEqual(rejections, ['rate_limit_rejections_total{window="minute"} 4']);
  });
});

describe('the fast path behind proxies, trusted or not', { timeout: 60_000 }, () => {
  const forwarded = (chain: string, extra = 'X-Forwarded-Proto: https\r\nX-Forwarded-Host: emoji.example\r\n') =>
    get(`/api/play/${enc('🍒')}`, `Host: slots.test\r\nX-Request-Id: case\r\nX-Forwarded-For: ${chain}\r\n${extra}`);
  const sequence = [
    forwarded('203.0.113.1'),
    forwarded('203.0.113.1'),
    forwarded('::ffff:203.0.113.1'),
    forwarded('203.0.113.2'),
    forwarded('198.51.100.5, 203.0.113.3'),
    forwarded('198.51.100.5, 203.0.113.4'),
    forwarded('198.51.100.5, 203.0.113.3'),
    forwarded('2001:db8:0:ff01::1'),
    forwarded('2001:db8:0:ffee::2'),
    forwarded('2001:db8:0:ff99::3'),
    forwarded('2001:db8:0:fe00::1'),
    forwarded('203.0.113.9', 'X-Forwarded-Proto: gopher\r\n'),
    forwarded('not-an-address'),
    get('/api/slots/3'),
  ];
  // What each TRUST_PROXY setting makes of the sequence: who is counted (two a minute), and which origin Location names.
  const leftmost = [302, 302, 429, 302, 302, 302, 429, 302, 302, 429, 302, 400, 302, 200];
  const nearest = [302, 302, 429, 302, 302, 302, 302, 302, 302, 429, 302, 400, 302, 200];
  const socket = [302, 302, 429, 429, 429, 429, 429, 429, 429, 429, 429, 429, 429, 429];
  const expected: readonly (readonly [string, readonly number[]])[] = [
    ['false', socket],
    ['true', leftmost],
    ['1', nearest],
    ['2', leftmost],
    ['127.0.0.1', nearest],
    ['10.0.0.0/8', socket],
  ];
  for (const [trustProxy, statuses] of expected) {
    it(`answers alike with TRUST_PROXY=${trustProxy}, counting the client it names, and serves the plain requests itself`, async () => {
      const pair = await startPair({ TRUST_PROXY: trustProxy, RATE_LIMIT_PER_MINUTE: '2' });
      try {
        const seen: number[] = [];
        for (const raw of sequence) {
          const fast = await send(pair.fast.port, raw);
          assert.deepEqual(comparable(fast), comparable(await send(pair.framework.port, raw)), raw);
          seen.push(Number(fast.statusLine.split(' ')[1]));
          const location = fast.headers.find(([name]) => name === 'location')?.[1];
          if (location !== undefined) assert.ok(location.startsWith(trustProxy === 'false' || trustProxy === '10.0.0.0/8' ? 'http://slots.test/' : 'https://emoji.example/'), location);
        }
        assert.deepEqual(seen, statuses);
        // The same client (its network, at info level) and the same forwarded host in the request logs.
        const requestLines = (log: readonly string[]) => log.map(comparableLog).filter((line) => line['msg'] === 'incoming request');
        assert.deepEqual(requestLines(pair.fast.log), requestLines(pair.framework.log));
        const served = fastSeries(await metrics(pair.fast.port));
        assert.ok(served.length > 0, 'the fast path answered forwarded requests');
      } finally {
        await pair.close();
      }
    });
  }
});

describe('the fast path when an answer cannot be written', { timeout: 30_000 }, () => {
  const log: string[] = [];
  let test: TestApp;
  let port: number;
  before(async () => {
    test = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: {
        logger: undefined,
        // The line logged once an answer is written, refused for requests named "unwritable": a throw where the
        // answer is written, as a fault in Node or in the metrics would raise there.
        logStream: {
          write: (line) => {
            if (line.includes('"reqId":"unwritable"') && line.includes('"msg":"request completed"')) throw new Error('the log refused the line');
            log.push(line);
          },
        },
      },
    });
    port = await listen(test.app);
  });
  after(() => test.close());

  const named = (id: string) => get('/api/slots/cherry-gems', `Host: slots.test\r\nX-Request-Id: ${id}\r\n`);

  it('logs the fault and drops that connection, also for an answer written at the end of a turn, and keeps answering', async () => {
    // "unwritable" alone on its connection is written within its request event; after "fine", in the same turn,
    // at the turn's end. Uncaught, either throw would end the process. "dropped" follows on the dropped connection.
    const answeredIds = async (...ids: string[]) =>
      parseWires(await sendRaw(port, ids.map(named).join(''))).map((wire) => new Map(wire.headers).get('x-request-id'));
    assert.deepEqual(await answeredIds('unwritable', 'dropped'), ['unwritable']);
    assert.deepEqual(await answeredIds('fine', 'unwritable', 'dropped'), ['fine', 'unwritable']);
    const faults = log
      .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; level?: number; err?: { message?: string } })
      .filter((line) => line.msg === 'answer could not be written');
    assert.deepEqual(
      faults.map(({ reqId, level, err }) => ({ reqId, level, message: err?.message })),
      [1, 2].map(() => ({ reqId: 'unwritable', level: 50, message: 'the log refused the line' })),
    );
    assert.equal((await send(port, named('after'))).statusLine, 'HTTP/1.1 200 OK');
  });
});
