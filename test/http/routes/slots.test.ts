import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields } from '../../support/fixtures.js';
import { errorMessage, json } from '../../support/http.js';

interface SlotList {
  slots: Slot[];
  count: number;
  total: number;
}

const SLOT_FIELDS = [
  'cons', 'createdAt', 'description', 'emojiTags', 'features', 'hasBonusBuy', 'id', 'maxWin', 'name', 'pros', 'provider',
  'rating', 'releaseYear', 'review', 'rtp', 'slug', 'theme', 'updatedAt', 'url', 'volatility',
];

describe('GET /api/slots', () => {
  let t: TestApp;
  const list = async (query: string) => {
    const response = await t.app.inject({ url: `/api/slots${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return json<SlotList>(response);
  };
  const ids = (page: SlotList) => page.slots.map((slot) => slot.id);

  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('lists every slot in id order with count and total', async () => {
    const page = await list('');
    assert.deepEqual(ids(page), ['1', '2', '3', '4', '5']);
    assert.equal(page.count, 5);
    assert.equal(page.total, 5);
  });

  it('returns list items of exactly the detail shape', async () => {
    const page = await list('?limit=1');
    const detail = json<Slot>(await t.app.inject({ url: '/api/slots/1' }));
    assert.deepEqual(page.slots[0], detail);
    assert.deepEqual(Object.keys(detail).sort(), SLOT_FIELDS);
    assert.equal(detail.id, '1');
    assert.equal(detail.url, 'http://localhost:80/slots/cherry-gems');
    assert.match(detail.createdAt, /^\d{4}-\d{2}-\d{2}T/);
  });

  it('pages with limit and offset, keeping the filtered total', async () => {
    assert.deepEqual(ids(await list('?limit=2')), ['1', '2']);
    const second = await list('?limit=2&offset=2');
    assert.deepEqual(ids(second), ['3', '4']);
    assert.equal(second.count, 2);
    assert.equal(second.total, 5);
    const past = await list('?offset=99');
    assert.deepEqual(past, { slots: [], count: 0, total: 5 });
    assert.deepEqual(await list('?offset=99999999999999999999999'), { slots: [], count: 0, total: 5 });
  });

  it('clamps a limit above 1000 instead of rejecting it', async () => {
    assert.equal((await list('?limit=1001')).count, 5);
    assert.equal((await list('?limit=99999999999999999999')).count, 5);
  });

  it('filters by provider name (any case) or provider slug', async () => {
    assert.deepEqual(ids(await list('?provider=Pragmatic%20Play')), ['1', '2']);
    assert.deepEqual(ids(await list('?provider=pragmatic%20play')), ['1', '2']);
    assert.deepEqual(ids(await list('?provider=pragmatic-play')), ['1', '2']);
    assert.deepEqual(ids(await list("?provider=play'n%20go")), ['3']);
    assert.deepEqual(await list('?provider=nobody'), { slots: [], count: 0, total: 0 });
  });

  it('filters by minRtp, volatility and hasBonusBuy, combined with AND', async () => {
    assert.deepEqual(ids(await list('?minRtp=96.5')), ['1', '3', '5']);
    assert.deepEqual(ids(await list('?volatility=medium')), ['3', '5']);
    assert.deepEqual(ids(await list('?volatility=EXTREME')), ['4']);
    assert.deepEqual(ids(await list('?hasBonusBuy=true')), ['1', '4']);
    assert.deepEqual(ids(await list('?hasBonusBuy=FALSE')), ['2', '3', '5']);
    const combined = await list('?provider=Pragmatic%20Play&minRtp=96&hasBonusBuy=true&volatility=high');
    assert.deepEqual(ids(combined), ['1']);
    assert.equal(combined.total, 1);
    const paged = await list('?minRtp=96&limit=1&offset=1');
    assert.deepEqual(ids(paged), ['3']);
    assert.equal(paged.total, 3);
  });

  it('accepts a parameter repeated with the same value and ignores unknown ones', async () => {
    assert.deepEqual(ids(await list('?limit=2&limit=2&colour=blue')), ['1', '2']);
  });

  const badQueries: [string, string][] = [
    ['limit=abc', 'limit'], ['limit=0', 'limit'], ['limit=-5', 'limit'], ['limit=2.5', 'limit'], ['limit=1e3', 'limit'],
    ['limit=1e309', 'limit'], ['limit=', 'limit'], ['limit=%20', 'limit'], ['offset=-1', 'offset'], ['offset=-0', 'offset'],
    ['offset=1.5', 'offset'], ['offset=x', 'offset'], ['minRtp=NaN', 'minRtp'], ['minRtp=abc', 'minRtp'], ['minRtp=101', 'minRtp'],
    ['minRtp=-1', 'minRtp'], ['minRtp=Infinity', 'minRtp'], ['minRtp=', 'minRtp'], ['minRtp=0x10', 'minRtp'], ['volatility=wild', 'volatility'],
    ['volatility=', 'volatility'], ['hasBonusBuy=yes', 'hasBonusBuy'], ['hasBonusBuy=1', 'hasBonusBuy'], ['limit=1&limit=2', 'limit'],
    ['provider=a&provider=b', 'provider'], ['provider=', 'provider'], ['minRtp=%00', 'minRtp'],
  ];
  for (const [query, parameter] of badQueries) {
    it(`answers ?${query} with a 400 naming ${parameter}`, async () => {
      const message = errorMessage(await t.app.inject({ url: `/api/slots?${query}` }), 400);
      assert.ok(message.startsWith(`${parameter}:`), message);
    });
  }
});

describe('GET /api/slots/{id_or_slug}', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://slots.example/' } });
  });
  after(() => t.close());

  it('finds a slot by id and by slug in any case', async () => {
    const byId = json<Slot>(await t.app.inject({ url: '/api/slots/3' }));
    assert.equal(byId.name, 'Lemon Drop');
    assert.equal(byId.url, 'https://slots.example/slots/lemon-drop');
    assert.deepEqual(json<Slot>(await t.app.inject({ url: '/api/slots/lemon-drop' })), byId);
    assert.deepEqual(json<Slot>(await t.app.inject({ url: '/api/slots/Lemon-DROP' })), byId);
  });

  it('returns the stored facts verbatim', async () => {
    const slot = json<Slot>(await t.app.inject({ url: '/api/slots/heart-of-gold' }));
    const fields = slotFields({ name: 'Heart Of Gold', provider: 'Push Gaming', rtp: 94, volatility: 'Extreme', hasBonusBuy: true, emojiTags: ['❤️', '💎', '🐉'], rating: 2.5 });
    for (const [key, value] of Object.entries(fields)) assert.deepEqual(slot[key as keyof Slot], value, key);
  });

  for (const path of ['99', '0', '-1', 'no-such-slot', '1.0', '%F0%9F%8D%92', 'a'.repeat(300)]) {
    it(`answers an unknown slot ${path.slice(0, 20)} with a JSON 404 naming it`, async () => {
      const message = errorMessage(await t.app.inject({ url: `/api/slots/${path}` }), 404);
      assert.ok(message.includes(decodeURIComponent(path).slice(0, 20)), message);
    });
  }

  it('answers malformed percent-encoding, invalid UTF-8 and an over-long segment with 4xx JSON', async () => {
    assert.match(errorMessage(await t.app.inject({ url: '/api/slots/%E0%A4%A' }), 400), /^path:/);
    assert.match(errorMessage(await t.app.inject({ url: '/api/slots/%FF' }), 400), /^path:/);
    assert.match(errorMessage(await t.app.inject({ url: `/api/slots/${'a'.repeat(5000)}` }), 414), /^path:/);
  });
});
