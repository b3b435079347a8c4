import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields } from '../../support/fixtures.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

interface MatchItem {
  id: number;
  name: string;
  url: string;
  emojis: string[];
  rtp: number;
}

const HOST = 'slots.example:8080';
/** Many requests come from one client here; rate limits are not what these tests are about. */
const GENEROUS_LIMITS = { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };
const TWENTY_ONE = ['🍒', '💎', '🎰', '🍀', '🎲', '🔥', '🌋', '🌊', '🐉', '🍋', '⭐', '🌙', '☀️', '🌈', '🎁', '🎉', '💰', '👑', '🦁', '🐯', '🐼'];

describe('POST /api/match', () => {
  let t: TestApp;
  const post = (payload: InjectOptions['payload'], headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/match', payload, headers: { host: HOST, ...headers } });
  const postJson = (text: string) => post(text, { 'content-type': 'application/json' });
  const matched = async (body: object): Promise<MatchItem[]> => {
    const response = await post(body);
    assert.equal(response.statusCode, 200, response.body);
    assertCors(response);
    return json<{ slots: MatchItem[] }>(response).slots;
  };
  const names = (items: readonly MatchItem[]) => items.map(({ name }) => name);

  before(async () => {
    t = await startTestApp({ env: GENEROUS_LIMITS });
  });
  after(() => t.close());

  it('lists matching slots with integer id, name, absolute url, matched emojis and RTP', async () => {
    const items = await matched({ emojis: ['🍒'] });
    // All score 1 and rate 4.5: RTP decides, then the smaller id (Cherry Gems 1 before Fruit Frenzy 5).
    assert.deepEqual(names(items), ['Lemon Drop', 'Cherry Gems', 'Fruit Frenzy']);
    for (const item of items) {
      assert.ok(Number.isInteger(item.id), `id ${item.id}`);
      assert.deepEqual(item.emojis, ['🍒']);
      const response = await t.app.inject({ url: `/api/slots/${item.id}`, headers: { host: HOST } });
      assert.equal(response.statusCode, 200, response.body);
      const slot = json<Slot>(response);
      assert.equal(slot.id, String(item.id));
      assert.equal(item.name, slot.name);
      assert.equal(item.rtp, slot.rtp);
      assert.equal(item.url, `http://${HOST}/slots/${slot.slug}`);
      assert.equal(item.url, slot.url);
    }
  });

  it('ranks by how many requested emojis a slot carries, then rating', async () => {
    const items = await matched({ emojis: ['🍒', '💎', '🎰'] });
    assert.deepEqual(
      items.map(({ name, emojis }) => [name, emojis]),
      [
        ['Cherry Gems', ['🍒', '💎', '🎰']],
        ['Fruit Frenzy', ['🍒', '🎰']],
        ['Lemon Drop', ['🍒']],
        ['Heart Of Gold', ['💎']],
      ],
    );
  });

  it('lists the matched emojis in request order, as the slot stores them', async () => {
    const [best] = await matched({ emojis: ['🎰', '🍒'] });
    assert.deepEqual(best?.emojis, ['🎰', '🍒']);
    for (const heart of ['❤', '❤\uFE0E', '❤️']) {
      const items = await matched({ emojis: [heart] });
      assert.deepEqual(items.map(({ name, emojis }) => [name, emojis]), [['Heart Of Gold', ['❤️']]], JSON.stringify(heart));
    }
  });

  it('splits each item into emojis, ignoring spaces and commas, and drops duplicates', async () => {
    const expected = await matched({ emojis: ['🍒', '💎', '🎰'] });
    assert.deepEqual(await matched({ emojis: ['🍒 💎,🎰'] }), expected);
    assert.deepEqual(await matched({ emojis: ['🍒', '🍒💎', ' 🎰 ', '💎'] }), expected);
  });

  it('keeps, with mode "all", only slots carrying every requested emoji', async () => {
    assert.deepEqual(names(await matched({ emojis: ['🍒', '🎰'], mode: 'all' })), ['Cherry Gems', 'Fruit Frenzy']);
    assert.deepEqual(names(await matched({ emojis: ['🍒', '🎰'], mode: 'any' })), ['Cherry Gems', 'Fruit Frenzy', 'Lemon Drop']);
    assert.deepEqual(await matched({ emojis: ['🍒', '🐉'], mode: 'all' }), []);
  });

  it('stops at limit, and takes a limit above 1000 without error', async () => {
    assert.deepEqual(names(await matched({ emojis: ['🍒'], limit: 1 })), ['Lemon Drop']);
    assert.deepEqual(names(await matched({ emojis: ['🍒'], limit: 2 })), ['Lemon Drop', 'Cherry Gems']);
    assert.equal((await matched({ emojis: ['🍒'], limit: 1000 })).length, 3);
    assert.equal((await matched({ emojis: ['🍒'], limit: 5000 })).length, 3);
  });

  it('lists 100 slots by default and at most 1000 whatever the limit', async () => {
    const slots = Array.from({ length: 1001 }, (_, index) => slotFields({ name: `Cherry ${index + 1}`, emojiTags: ['🍒'] }));
    const large = await startTestApp({ document: { categories: {}, slots } });
    try {
      const count = async (body: object) => {
        const response = await large.app.inject({ method: 'POST', url: '/api/match', payload: body });
        assert.equal(response.statusCode, 200, response.body);
        return json<{ slots: MatchItem[] }>(response).slots.length;
      };
      assert.equal(await count({ emojis: ['🍒'] }), 100);
      assert.equal(await count({ emojis: ['🍒'], limit: 1000 }), 1000);
      assert.equal(await count({ emojis: ['🍒'], limit: 5000 }), 1000);
    } finally {
      await large.close();
    }
  });

  it('answers 200 {"slots": []} when nothing matches', async () => {
    const response = await post({ emojis: ['🐙', '🦑'] });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(json(response), { slots: [] });
  });

  it('accepts 20 distinct emojis and a body just under 16 KiB', async () => {
    assert.equal((await matched({ emojis: TWENTY_ONE.slice(0, 20) })).length, 5);
    const big = JSON.stringify({ emojis: ['🍒'.repeat(4000)] });
    assert.ok(Buffer.byteLength(big) < 16 * 1024);
    assert.equal((await matched(JSON.parse(big) as object)).length, 3);
  });

  it('uses the request Host for urls, and PUBLIC_BASE_URL when it is set', async () => {
    const other = await t.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: ['🍋'] }, headers: { host: 'other.example' } });
    assert.deepEqual(json<{ slots: MatchItem[] }>(other).slots.map(({ url }) => url), ['http://other.example/slots/lemon-drop', 'http://other.example/slots/fruit-frenzy']);
    const configured = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://slotmoji.example/' } });
    try {
      const response = await configured.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: ['🍋'] }, headers: { host: HOST } });
      assert.deepEqual(json<{ slots: MatchItem[] }>(response).slots.map(({ url }) => url), ['https://slotmoji.example/slots/lemon-drop', 'https://slotmoji.example/slots/fruit-frenzy']);
    } finally {
      await configured.close();
    }
  });

  describe('bad input: a 4xx JSON error naming what was wrong', () => {
    const rejected = async (response: Awaited<ReturnType<typeof post>>, statusCode: number, ...named: string[]) => {
      const message = errorMessage(response, statusCode);
      assertCors(response);
      for (const part of named) assert.ok(message.includes(part), `${JSON.stringify(message)} should name ${part}`);
    };

    it('400 for a body that is not JSON, or not an object', async () => {
      await rejected(await postJson('{"emojis": ["🍒"'), 400, 'JSON');
      await rejected(await postJson('emojis=🍒'), 400, 'JSON');
      for (const body of ['[1, 2, 3]', '[["🍒"]]', '"🍒"', '42', 'null', 'true']) await rejected(await postJson(body), 400, 'body');
      await rejected(await post('', { 'content-type': 'application/json' }), 400, 'body');
    });

    it('400 for emojis missing, not an array, or empty', async () => {
      for (const body of [{}, { emoji: ['🍒'] }, { emojis: '🍒' }, { emojis: null }, { emojis: { 0: '🍒' } }, { emojis: [] }]) {
        await rejected(await post(body), 400, 'emojis');
      }
    });

    it('400 naming the item for numbers, nested arrays and other non-strings', async () => {
      await rejected(await post({ emojis: [1, 2, 3] }), 400, 'emojis[0]');
      await rejected(await post({ emojis: [['🍒'], ['💎']] }), 400, 'emojis[0]');
      await rejected(await post({ emojis: ['🍒', null] }), 400, 'emojis[1]');
      await rejected(await post({ emojis: ['🍒', { emoji: '💎' }] }), 400, 'emojis[1]');
    });

    it('400 naming the offending text for non-emojis', async () => {
      await rejected(await post({ emojis: ['abc'] }), 400, 'emojis[0]', '"abc"');
      await rejected(await post({ emojis: ['🍒', '💎<script>'] }), 400, 'emojis[1]', '"<script>"');
      await rejected(await postJson('{"emojis": ["\\ud800"]}'), 400, 'emojis[0]', '\\ud800');
      await rejected(await postJson('{"emojis": ["🍒\\u0007"]}'), 400, 'emojis[0]', '\\u0007');
      await rejected(await post({ emojis: ['🍒', ''] }), 400, 'emojis[1]');
    });

    it('400 for a string of combining marks, with a short message', async () => {
      for (const marks of ['a' + '\u0301'.repeat(5000), '\u0301'.repeat(5000)]) {
        const response = await post({ emojis: [marks] });
        await rejected(response, 400, 'emojis[0]');
        assert.ok(response.body.length < 300, `${response.body.length} bytes`);
      }
    });

    it('400 for more than 20 distinct emojis', async () => {
      await rejected(await post({ emojis: TWENTY_ONE }), 400, 'emojis', '20');
      await rejected(await post({ emojis: [TWENTY_ONE.join('')] }), 400, 'emojis', '20');
    });

    it('400 for an unknown mode or a bad limit', async () => {
      for (const mode of ['some', 'ALL', '', null, 1]) await rejected(await post({ emojis: ['🍒'], mode }), 400, 'mode');
      for (const limit of [0, -1, 1.5, '10', null, true, [5]]) await rejected(await post({ emojis: ['🍒'], limit }), 400, 'limit');
    });

    it('413 for a body over 16 KiB, such as 10,000 emojis', async () => {
      const tenThousand = Array.from({ length: 10_000 }, (_, index) => TWENTY_ONE[index % TWENTY_ONE.length] ?? '🍒');
      await rejected(await post({ emojis: tenThousand }), 413, 'body');
      await rejected(await post({ emojis: [tenThousand.join('')] }), 413, 'body');
      await rejected(await postJson(`{"emojis": ["🍒"], "padding": "${' '.repeat(16 * 1024)}"}`), 413, 'body');
    });

    it('415 for any content type but JSON', async () => {
      await rejected(await post('{"emojis": ["🍒"]}', { 'content-type': 'text/plain' }), 415, 'Content-Type');
      await rejected(await post('emojis=%F0%9F%8D%92', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'Content-Type');
      await rejected(await post('<emojis/>', { 'content-type': 'application/xml' }), 415, 'Content-Type');
      await rejected(await post(Buffer.from('{"emojis": ["🍒"]}')), 415, 'Content-Type');
    });
  });
});
