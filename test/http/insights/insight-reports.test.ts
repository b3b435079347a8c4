import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InsightCounter } from '../../../src/insights/counter.js';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { startedCounter } from '../../support/insights.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const enc = encodeURIComponent;

describe('the insight reports (decisions §21)', { timeout: 30_000 }, () => {
  let t: TestApp;
  let counter: InsightCounter;
  const now = () => NOW;

  /** A request from a browser at `address`. */
  const ask = (address: string, url: string, options: { method?: 'GET' | 'POST' | 'HEAD'; payload?: unknown; agent?: string } = {}) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url,
      remoteAddress: address,
      headers: { 'user-agent': options.agent ?? BROWSER },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const reportOf = async (query: string) => {
    const response = await t.app.inject({ url: `/api/admin/insights?${query}`, headers: AUTH });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ rows: { key: string; count: number; visitors: number; found?: boolean; kind?: string }[]; from: string; to: string }>();
  };

  before(async () => {
    t = await startTestApp({
      env: { ADMIN_TOKEN },
      deps: { now },
      insights: async (store) => (counter = await startedCounter(store.insights, now)),
    });
    // Three visitors ask the same things; two more ask a name nobody else types.
    for (const address of ['192.0.2.1', '192.0.2.2', '2001:db8:1::1']) {
      await ask(address, '/api/slots?q=Cherry');
      await ask(address, '/api/slots?q=cherry');
      await ask(address, '/search?q=unicorn%20castle');
      await ask(address, `/api/play/${enc('🎲')}`);
      await ask(address, '/api/match', { method: 'POST', payload: { emojis: ['🦄', '🦄'] } });
      await ask(address, '/api/emojis/search?q=fire');
      await ask(address, '/slots/lucky-dice');
    }
    for (const address of ['192.0.2.1', '192.0.2.2']) await ask(address, '/api/slots?q=jane%20doe');
    // Not counted: an error, a HEAD, a bot, the admin API.
    await ask('192.0.2.9', '/api/slots?q=x&limit=0');
    await ask('192.0.2.9', '/slots/lucky-dice', { method: 'HEAD' });
    await ask('192.0.2.9', '/slots/lucky-dice', { agent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await counter.flush();
  });
  after(() => t.close());

  it('lists plays, views, searches, matches and emoji searches, each visitor once per key in 30 minutes', async () => {
    const dice = t.catalogue.current.find('lucky-dice');
    assert.ok(dice);
    assert.deepEqual((await reportOf('kind=plays')).rows, [{ key: String(dice.id), count: 3, visitors: 3 }]);
    assert.deepEqual((await reportOf('kind=views')).rows, [{ key: String(dice.id), count: 3, visitors: 3 }]);
    assert.deepEqual((await reportOf('kind=searches')).rows, [
      { key: 'unicorn castle', count: 3, visitors: 3, found: false },
      { key: 'cherry', count: 3, visitors: 3, found: true },
    ].sort((a, b) => (a.key < b.key ? -1 : 1)));
    assert.deepEqual((await reportOf('kind=matches')).rows, [{ key: '🦄', count: 3, visitors: 3, found: false }]);
    assert.deepEqual((await reportOf('kind=emoji-searches')).rows, [{ key: 'fire', count: 3, visitors: 3 }]);
  });

  it('lists what found nothing as gaps, and never a key fewer than 3 visitors asked on one day', async () => {
    const report = await reportOf('kind=gaps&from=2026-06-01&to=2026-06-15&limit=200');
    assert.deepEqual(report, {
      rows: [
        { key: 'unicorn castle', count: 3, visitors: 3, kind: 'search' },
        { key: '🦄', count: 3, visitors: 3, kind: 'match' },
      ],
      from: '2026-06-01',
      to: '2026-06-15',
    });
    const daily = await t.app.inject({ url: '/api/admin/insights/daily?kind=searches&key=jane%20doe', headers: AUTH });
    assert.ok(daily.json<{ days: { count: number }[] }>().days.every(({ count }) => count === 0));
  });

  it('defaults to the last 7 days and answers a day outside them with nothing', async () => {
    const report = await reportOf('kind=plays');
    assert.deepEqual([report.from, report.to], ['2026-06-09', '2026-06-15']);
    assert.deepEqual((await reportOf('kind=plays&from=2026-06-16&to=2026-06-20')).rows, []);
  });

  it("gives a key's daily counts, as JSON and as CSV", async () => {
    const daily = await t.app.inject({ url: '/api/admin/insights/daily?kind=searches&key=cherry&from=2026-06-14&to=2026-06-15', headers: AUTH });
    assert.deepEqual(daily.json(), { kind: 'searches', key: 'cherry', days: [{ date: '2026-06-14', count: 0 }, { date: '2026-06-15', count: 3 }], from: '2026-06-14', to: '2026-06-15' });
    const csv = await t.app.inject({ url: '/api/admin/insights/daily?kind=searches&key=cherry&from=2026-06-15&to=2026-06-15', headers: { ...AUTH, accept: 'text/csv' } });
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(csv.body, 'date,count\r\n2026-06-15,3\r\n');
    const report = await t.app.inject({ url: '/api/admin/insights?kind=searches', headers: { ...AUTH, accept: 'text/csv' } });
    assert.equal(report.body, 'key,count,visitors,found,kind\r\ncherry,3,3,true,\r\nunicorn castle,3,3,false,\r\n');
  });

  it('refuses bad parameters with a 400 naming each, and strangers with a 401', async () => {
    const cases: [string, RegExp][] = [
      ['kind=clicks', /^kind: must be one of plays, views, matches, searches, emoji-searches, gaps/],
      ['', /^kind: is required/],
      ['kind=plays&from=2026-06-15&to=2026-06-01', /^from: 2026-06-15 is after to/],
      ['kind=plays&from=2025-01-01&to=2026-06-15', /^from, to: the range covers 531 days; at most 400/],
      ['kind=plays&limit=0', /^limit: must be a whole number from 1 to 200/],
      ['kind=plays&limit=201', /^limit: /],
      ['kind=plays&from=2026-02-30', /^from: must be a date written YYYY-MM-DD/],
      ['kind=plays&to=yesterday', /^to: must be a date/],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({ url: `/api/admin/insights?${query}`, headers: AUTH });
      assert.equal(response.statusCode, 400, query);
      assert.match(response.json<{ message: string }>().message, message, query);
    }
    const daily = await t.app.inject({ url: '/api/admin/insights/daily?kind=gaps&key=x', headers: AUTH });
    assert.match(daily.json<{ message: string }>().message, /^kind: must be one of plays, views, matches, searches, emoji-searches, got "gaps"/);
    const noKey = await t.app.inject({ url: '/api/admin/insights/daily?kind=plays', headers: AUTH });
    assert.match(noKey.json<{ message: string }>().message, /^key: is required/);
    assert.equal((await t.app.inject({ url: '/api/admin/insights?kind=plays' })).statusCode, 401);
  });
});
