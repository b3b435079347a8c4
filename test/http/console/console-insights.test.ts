import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HourCount, InsightKind, VisitorRegister } from '../../../src/store/insights.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, signIn, type Signed } from '../../support/console.js';

const DAY_MS = 86_400_000;
/**
 * The app's clock, held still once the operators exist (a session older than its operator's last change
 * is refused): the page's weeks are then known even when the test runs across midnight.
 */
let now = Date.now();
const clock = () => now;
let TODAY = Math.floor(now / DAY_MS);
const date = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const count = (kind: InsightKind, daysAgo: number, key: string, n: number, found = true): HourCount => ({ kind, hour: (TODAY - daysAgo) * 24 + 9, key, found, count: n });
/** `visitors` distinct registers of a key's sketch on one day: as many distinct visitors, as the 3-visitor rule reads them. */
const visitors = (kind: InsightKind, daysAgo: number, key: string, how: number): VisitorRegister[] =>
  Array.from({ length: how }, (_, register) => ({ kind, day: TODAY - daysAgo, key, register, rank: 1 }));

/** The rows of the table whose caption starts with `caption`, each as its cells' text. */
function rowsOf(page: string, caption: string): string[][] {
  const start = page.indexOf(`<caption>${caption}`);
  assert.notEqual(start, -1, `no table "${caption}"`);
  const body = page.slice(page.indexOf('<tbody>', start), page.indexOf('</tbody>', start));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map(([, row]) => [...(row ?? '').matchAll(/<td>(.*?)<\/td>/gs)].map(([, cell]) => cell ?? ''));
}

/** The console's Insights page (decisions §21) over counts written straight into the store. */
describe('console insights page', () => {
  let test: TestApp;
  let eddie: Signed;
  before(async () => {
    test = await startTestApp({ deps: { now: clock } });
    await addOperator(test.store.access, 'eddie', 'editor');
    now = Date.now();
    TODAY = Math.floor(now / DAY_MS);
    const insights = test.store.insights;
    await insights.addCounts([
      // Slot 1 (Cherry Gems): 5 plays today, 3 two days ago, 4 last week; 7 views today.
      count('play', 0, '1', 5),
      count('play', 2, '1', 3),
      count('play', 9, '1', 4),
      count('view', 0, '1', 7),
      // Slot 2 (Lucky Dice): 2 plays this week, 6 last week: falling, not rising.
      count('play', 1, '2', 2),
      count('play', 8, '2', 6),
      // Slot 3 (Lemon Drop): 4 plays this week, none before: rising by 4.
      count('play', 3, '3', 4),
      // A slot no longer in the catalogue.
      count('play', 0, '99', 1),
      // Counted 40 days ago: outside the chart.
      count('play', 40, '1', 1000),
      // Gaps: a match and a search that found nothing, each asked by 3 visitors on one day; a search by 2 only.
      count('match', 1, '🐙 🦑', 6, false),
      count('search', 1, 'octopus', 4, false),
      count('search', 1, 'jane doe', 9, false),
      count('search', 1, 'cherry', 5, true),
    ]);
    await insights.addVisitors([
      ...visitors('match', 1, '🐙 🦑', 3),
      ...visitors('search', 1, 'octopus', 3),
      ...visitors('search', 1, 'jane doe', 2),
      ...visitors('search', 1, 'cherry', 3),
      ...visitors('play', 0, '1', 2),
    ]);
    eddie = await signIn(test.app, 'eddie');
  });
  after(() => test.close());

  const get = (url: string) => test.app.inject({ url, headers: { cookie: eddie.cookie } });

  it('is linked from every console page and open to editors, with the console headers', async () => {
    const overview = await get('/admin');
    assert.match(overview.body, /<a href="\/admin\/insights">Insights<\/a>/);
    const response = await get('/admin/insights');
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /<a href="\/admin\/insights" aria-current="page">Insights<\/a>/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['content-security-policy']), /style-src 'self'/);
    const signedOut = await test.app.inject({ url: '/admin/insights' });
    assert.equal(signedOut.statusCode, 303);
    assert.equal(signedOut.headers.location, '/admin/sign-in?next=%2Fadmin%2Finsights');
  });

  it('draws plays and views per day as inline SVG without script or inline style, with the same figures as a table', async () => {
    const page = (await get('/admin/insights')).body;
    const svg = /<svg class="chart-svg"[^>]*role="img" aria-label="([^"]+)">(.*?)<\/svg>/s.exec(page);
    assert.ok(svg, 'no chart');
    assert.match(svg[1] ?? '', new RegExp(`from ${date(TODAY - 27)} to ${date(TODAY)}`));
    assert.doesNotMatch(page, /<script(?![^>]*src=)/);
    assert.doesNotMatch(page, /\sstyle=/);
    const lines = [...(svg[2] ?? '').matchAll(/<polyline class="chart-(plays|views)" points="([^"]+)"/g)];
    assert.deepEqual(lines.map(([, series]) => series), ['views', 'plays']);
    for (const [, , points] of lines) assert.equal(points?.split(' ').length, 28);
    const rows = rowsOf(page, 'Plays and views on each of the last 28 days');
    assert.equal(rows.length, 28);
    assert.deepEqual(rows.at(-1), [date(TODAY), '6', '7']);
    assert.deepEqual(rows.at(-2), [date(TODAY - 1), '2', '0']);
    assert.deepEqual(rows.at(-3), [date(TODAY - 2), '3', '0']);
    assert.deepEqual(rows.at(-10), [date(TODAY - 9), '4', '0']);
    assert.deepEqual(rows[0], [date(TODAY - 27), '0', '0']);
    // The scale's top is the round number above the highest figure (7 views): 10.
    assert.match(svg[2] ?? '', /text-anchor="end">10<\/text>/);
  });

  it('lists the top slots of the week by name, and what rose against the week before', async () => {
    const page = (await get('/admin/insights')).body;
    assert.deepEqual(rowsOf(page, 'The most played slots of the last 7 days'), [
      ['<a href="/admin/slots/1/edit">Cherry Gems</a>', '8', '2'],
      ['<a href="/admin/slots/3/edit">Lemon Drop</a>', '4', '0'],
      ['<a href="/admin/slots/2/edit">Lucky Dice</a>', '2', '0'],
      ['Slot 99 (no longer in the catalogue)', '1', '0'],
    ]);
    assert.deepEqual(rowsOf(page, 'Slots played more in the last 7 days than in the 7 before'), [
      // Equal gains, by key.
      ['<a href="/admin/slots/1/edit">Cherry Gems</a>', '8', '4', '+4'],
      ['<a href="/admin/slots/3/edit">Lemon Drop</a>', '4', '0', '+4'],
      ['Slot 99 (no longer in the catalogue)', '1', '0', '+1'],
    ]);
  });

  it('lists the gaps asked by 3 visitors, each a link to the new-slot form or the slots list', async () => {
    const page = (await get('/admin/insights')).body;
    assert.deepEqual(rowsOf(page, 'Matches and searches of the last 7 days that found nothing'), [
      ['🐙 🦑', 'Emoji match', '6', '3', `<a href="/admin/slots/new?emojis=${encodeURIComponent('🐙 🦑')}">Add a slot with these emojis</a>`],
      ['octopus', 'Search', '4', '3', '<a href="/admin/slots?q=octopus">Search the slots for it</a>'],
    ]);
    assert.doesNotMatch(page, /jane doe/);
    const form = await get(`/admin/slots/new?emojis=${encodeURIComponent('🐙 🦑')}`);
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /id="slot-emojiTags" name="emojiTags"[^>]* value="🐙 🦑"/);
    const list = await get('/admin/slots?q=octopus');
    assert.equal(list.statusCode, 200);
  });

  it('says so when nothing was counted, and never answers 500 to a new-slot form asked with odd emojis', async () => {
    const empty = await startTestApp();
    try {
      await addOperator(empty.store.access, 'olga', 'owner');
      const olga = await signIn(empty.app, 'olga');
      const page = (await empty.app.inject({ url: '/admin/insights', headers: { cookie: olga.cookie } })).body;
      assert.match(page, /No plays or views were counted in these 28 days\./);
      assert.doesNotMatch(page, /<svg class="chart-svg"/);
      assert.match(page, /No gaps in the last 7 days\./);
      for (const emojis of ['x'.repeat(5000), '%FF', '<script>', '']) {
        const form = await empty.app.inject({ url: `/admin/slots/new?emojis=${encodeURIComponent(emojis)}`, headers: { cookie: olga.cookie } });
        assert.equal(form.statusCode, 200);
        assert.doesNotMatch(form.body, /value="<script>"/);
      }
    } finally {
      await empty.close();
    }
  });
});
