import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { CatalogueDocument } from '../../../src/catalogue/records/document.js';
import { PopularOrder } from '../../../src/insights/popular-order.js';
import type { HourCount } from '../../../src/store/insights.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, signIn } from '../../support/console.js';
import { slotFields, SMALL_CATALOGUE } from '../../support/fixtures.js';

/**
 * `sort=popular` (decisions §21) on `GET /api/slots`, both pipelines, the search page and the home
 * page's "Popular this week", from hourly play counts seeded in the store, with a frozen clock.
 */

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const LETTERS = 'ABCDEFGHIJKL';
/** Twelve slots, `Slot A` (id 1) to `Slot L` (id 12); the odd ids are highly volatile. */
const DOCUMENT: CatalogueDocument = {
  categories: SMALL_CATALOGUE.categories,
  slots: [...LETTERS].map((letter, index) => slotFields({ name: `Slot ${letter}`, volatility: index % 2 === 0 ? 'High' : 'Low' })),
};
const slugOf = (id: number) => `slot-${LETTERS[id - 1]?.toLowerCase()}`;

/** `count` plays of slot `id` in the hour `hoursAgo` before the frozen now. */
const plays = (id: number, hoursAgo: number, count: number): HourCount => ({
  hour: Math.floor(NOW / 3_600_000) - hoursAgo,
  kind: 'play',
  key: String(id),
  found: true,
  count,
});
const SEEDED = [
  plays(9, 72, 10), // 3 days ago: weighs 5
  plays(4, 1, 6), // today: 6
  plays(11, 2, 4), // today: 4, tied with 2, which has the lower id
  plays(2, 3, 3),
  plays(2, 4, 1),
  plays(6, 15 * 24, 1000), // 15 days ago: outside the window
  plays(1, 13 * 24, 1), // 13 days ago: a little
];
const POPULAR = [4, 9, 2, 11, 1];
const EXPECTED = [...POPULAR, 3, 5, 6, 7, 8, 10, 12];

type SlotList = { slots: { id: string }[]; total: number };
const idsOf = (body: SlotList) => body.slots.map(({ id }) => Number(id));
/** The slot pages a page's cards link to, in order, after `marker`. */
const cardSlugs = (page: string, marker: string) => [...page.slice(page.indexOf(marker)).matchAll(/<a class="card" href="\/slots\/([a-z-]+)"/g)].map((match) => match[1]);

describe('sort=popular and the popular slots (decisions §21)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let order: PopularOrder;
  let plain: TestApp;
  let port: number;

  const list = async (query: string) => {
    const response = await t.app.inject({ url: `/api/slots?${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<SlotList>();
  };

  before(async () => {
    t = await startTestApp({
      document: DOCUMENT,
      popular: async (store) => {
        order = new PopularOrder({ store: store.insights, now: () => NOW, warn: (details) => assert.fail(String(details['err'])) });
        await order.start();
        return order;
      },
    });
    await t.store.insights.addCounts(SEEDED);
    await order.refresh();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    plain = await startTestApp({ document: DOCUMENT });
  });
  after(async () => {
    await t.close();
    await plain.close();
  });

  it('numbers the slots as the test expects', () => {
    assert.deepEqual(
      t.catalogue.current.slots.map(({ id, slug }) => [id, slug]),
      EXPECTED.toSorted((a, b) => a - b).map((id) => [id, slugOf(id)]),
    );
  });

  it('orders by plays decayed by age over 14 days, ties by id, then every unplayed slot by id', async () => {
    const body = await list('sort=popular');
    assert.deepEqual(idsOf(body), EXPECTED);
    assert.equal(body.total, 12);
  });

  it('keeps the order across pages', async () => {
    const pages = [];
    for (const offset of [0, 5, 10]) pages.push(...idsOf(await list(`sort=popular&limit=5&offset=${offset}`)));
    assert.deepEqual(pages, EXPECTED);
  });

  it('orders what passes the filters and the words', async () => {
    assert.deepEqual(idsOf(await list('sort=popular&volatility=high')), [9, 11, 1, 3, 5, 7]);
    assert.deepEqual(idsOf(await list('sort=popular&q=slot&limit=4')), [4, 9, 2, 11]);
  });

  it('refuses a descending or unknown popular sort, naming the parameter', async () => {
    for (const sort of ['-popular', 'popularity', 'Popular']) {
      const response = await t.app.inject({ url: `/api/slots?sort=${sort}` });
      assert.equal(response.statusCode, 400, sort);
      assert.match(response.json<{ message: string }>().message, /^sort: /, sort);
    }
  });

  it('is the id order without a popular order (INSIGHTS=off)', async () => {
    const response = await plain.app.inject({ url: '/api/slots?sort=popular' });
    assert.deepEqual(idsOf(response.json<SlotList>()), EXPECTED.toSorted((a, b) => a - b));
  });

  it('follows the order when it moves, with no write in between, on the fast path too', async () => {
    const url = `http://127.0.0.1:${port}/api/slots?sort=popular&limit=3`;
    const fetchList = async () => {
      const response = await fetch(url);
      assert.equal(response.status, 200);
      return { ids: idsOf((await response.json()) as SlotList), etag: response.headers.get('etag') };
    };
    const other = async () => (await fetch(`http://127.0.0.1:${port}/api/slots?sort=-rtp&limit=3`)).headers.get('etag');
    // Asked twice, so the fast path's answers by URL would keep it.
    const first = await fetchList();
    assert.deepEqual(await fetchList(), first);
    assert.deepEqual(first.ids, [4, 9, 2]);
    const otherTag = await other();
    const snapshot = t.catalogue.current;
    await t.store.insights.addCounts([plays(12, 0, 50)]);
    try {
      await order.refresh();
      assert.equal(t.catalogue.current, snapshot, 'no write: the same snapshot');
      const moved = await fetchList();
      assert.deepEqual(moved.ids, [12, 4, 9]);
      assert.notEqual(moved.etag, first.etag, 'a new order, a new tag');
      assert.deepEqual(idsOf(await list('sort=popular&limit=3')), [12, 4, 9], 'Fastify agrees');
      assert.equal(await other(), otherTag, 'other sorts keep their answers');
    } finally {
      await t.store.insights.addCounts([plays(12, 0, -50)]);
      await order.refresh();
    }
    assert.deepEqual((await fetchList()).ids, [4, 9, 2]);
  });

  it('orders the search page the same way, and offers the sort', async () => {
    const response = await t.app.inject({ url: '/search?sort=popular&limit=6' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(cardSlugs(response.body, 'search-cards'), EXPECTED.slice(0, 6).map(slugOf));
    assert.match(response.body, /<option value="popular" selected>/);
    const refused = await t.app.inject({ url: '/search?sort=-popular' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /sort: popular has one direction/);
  });

  it("orders the console's slots page the same way, and offers the sort", async () => {
    await addOperator(t.store.access, 'popular-editor', 'editor');
    const { cookie } = await signIn(t.app, 'popular-editor');
    const response = await t.app.inject({ url: '/admin/slots?sort=popular', headers: { cookie } });
    assert.equal(response.statusCode, 200);
    const edited = [...response.body.matchAll(/<a href="\/admin\/slots\/(\d+)\/edit">/g)].map((match) => Number(match[1]));
    assert.deepEqual(edited, EXPECTED);
    assert.match(response.body, /<option value="popular" selected>Most played lately<\/option>/);
  });

  it('shows "Popular this week" on the home page: eight slots in the same order, each linking to its page', async () => {
    const response = await t.app.inject({ url: '/' });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /<h2 id="popular-title">Popular this week<\/h2>/);
    assert.deepEqual(cardSlugs(response.body, 'popular-title'), EXPECTED.slice(0, 8).map(slugOf));
  });

  it('shows no popular slots, not even a heading, before any play', async () => {
    const response = await plain.app.inject({ url: '/' });
    assert.equal(response.statusCode, 200);
    assert.doesNotMatch(response.body, /Popular this week|popular-title/);
  });
});
