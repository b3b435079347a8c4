import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

const HOST = 'slots.example:8080';
const BASE = `http://${HOST}`;
/** Thousands of requests come from one client here; rate limits are not what these tests are about. */
const GENEROUS_LIMITS = { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };
const FAST_CHECK = { seed: 20260304, numRuns: 60 } as const;
const enc = encodeURIComponent;

/** A small, fixed-seed PRNG (mulberry32): the spin's draws are the same on every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Exactly evenly spread numbers in [0, 1): k/n for k = 0 … n−1, over and over. */
function evenlySpread(n: number): () => number {
  let k = 0;
  return () => (k++ % n) / n;
}

/** Emojis a client may ask for: the fixture's tags, other written forms of them, and ones no slot carries. */
const REQUESTABLE = ['🍒', '💎', '🎰', '🎲', '🍀', '🍋', '❤️', '❤', '🐉', '🐙', '👍🏽'];
const emojiRequest = fc
  .array(fc.tuple(fc.constantFrom(...REQUESTABLE), fc.constantFrom('', ' ', ',', ', ')), { minLength: 1, maxLength: 6 })
  .map((items) => items.map(([emoji, separator], index) => (index === 0 ? emoji : separator + emoji)).join(''));

function assertRedirect(response: LightMyRequestResponse, base = BASE): string {
  assert.equal(response.statusCode, 302, response.body);
  assert.equal(response.headers['cache-control'], 'no-store');
  assertCors(response);
  const location = String(response.headers.location);
  assert.equal(new URL(location).href, location, 'Location is an absolute URL');
  assert.ok(location.startsWith(`${base}/slots/`), location);
  return location;
}

function assertError(response: LightMyRequestResponse, statusCode: number, ...named: string[]): void {
  const message = errorMessage(response, statusCode);
  assertCors(response);
  assert.equal(response.headers.location, undefined);
  for (const part of named) assert.ok(message.includes(part), `${JSON.stringify(message)} should name ${part}`);
}

describe('redirects', () => {
  let t: TestApp;
  let slots: readonly Slot[];
  let random: () => number = Math.random;
  const get = (url: string, host = HOST) => t.app.inject({ url, headers: { host } });
  const slugOf = (location: string) => location.slice(`${BASE}/slots/`.length);
  /** Where `POST /api/match` says the best slot is, or undefined when nothing matches. */
  const firstMatch = async (emojis: string): Promise<string | undefined> => {
    const response = await t.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: [emojis] }, headers: { host: HOST } });
    assert.equal(response.statusCode, 200, response.body);
    return json<{ slots: { url: string }[] }>(response).slots[0]?.url;
  };

  before(async () => {
    t = await startTestApp({ env: GENEROUS_LIMITS, deps: { random: () => random() } });
    slots = json<{ slots: Slot[] }>(await get('/api/slots?limit=1000')).slots;
  });
  after(() => t.close());

  describe('GET /api/play/{emojis}', () => {
    it('302s to the absolute slot page URL, not cached', async () => {
      assert.equal(assertRedirect(await get(`/api/play/${enc('🍒')}`)), `${BASE}/slots/lemon-drop`);
      assert.equal(assertRedirect(await get(`/api/play/${enc('🎰💎🍒')}`)), `${BASE}/slots/cherry-gems`);
    });

    it('redirects to exactly the first slot POST /api/match lists for the same emojis, or 404s when it lists none', async () => {
      await fc.assert(
        fc.asyncProperty(emojiRequest, async (emojis) => {
          const expected = await firstMatch(emojis);
          const response = await get(`/api/play/${enc(emojis)}`);
          if (expected === undefined) assertError(response, 404);
          else assert.equal(assertRedirect(response), expected);
        }),
        FAST_CHECK,
      );
    });

    it('redirects to a slot page this service serves', async () => {
      const location = assertRedirect(await get(`/api/play/${enc('🍀')}`));
      const slot = await get(`/api/slots/${slugOf(location)}`);
      assert.equal(slot.statusCode, 200, slot.body);
      assert.equal(json<Slot>(slot).url, location);
      const page = await get(new URL(location).pathname);
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /^text\/html/);
    });

    it('reads percent-encoded paths with or without spaces and commas, in either case of hex digit', async () => {
      const expected = `${BASE}/slots/cherry-gems`;
      const paths = [
        enc('🍒💎'),
        enc('🍒 💎'),
        enc('🍒,💎'),
        enc('🍒, 💎'),
        `${enc('🍒')},${enc('💎')}`,
        `${enc('🍒')}%20%20${enc('💎')}`,
        enc('🍒💎').toLowerCase(),
        enc('💎🍒🍒'),
      ];
      for (const path of paths) assert.equal(assertRedirect(await get(`/api/play/${path}`)), expected, path);
    });

    it('accepts text-style forms', async () => {
      for (const heart of ['❤', '❤\uFE0E', '❤️']) assert.equal(assertRedirect(await get(`/api/play/${enc(heart)}`)), `${BASE}/slots/heart-of-gold`);
    });

    it('404s with a JSON error when no slot carries any of the emojis', async () => {
      assertError(await get(`/api/play/${enc('🐙🦑')}`), 404);
    });

    it('400s naming what is not an emoji', async () => {
      assertError(await get('/api/play/abc'), 400, '"abc"');
      assertError(await get(`/api/play/${enc('🍒<script>')}`), 400, '"<script>"');
      assertError(await get('/api/play/%00'), 400, '\\u0000');
      assertError(await get(`/api/play/${enc('a' + '\u0301'.repeat(300))}`), 400, 'not an emoji');
    });

    it('400s for no emoji at all, and for more than 20 distinct', async () => {
      assertError(await get('/api/play/'), 400, 'emoji');
      assertError(await get('/api/play/%20%2C'), 400, 'emoji');
      assertError(await get(`/api/play/${enc('🍒💎🎰🍀🎲🔥🌋🌊🐉🍋⭐🌙☀️🌈🎁🎉💰👑🦁🐯🐼')}`), 400, '20');
    });

    it('400s for malformed percent-encoding or invalid UTF-8', async () => {
      for (const path of ['%FF%FE', '%E0%A4%A', '%', '%F0%9F%8D', '%C0%80', '%ED%A0%80']) assertError(await get(`/api/play/${path}`), 400, 'percent-encoding');
    });

    it('answers 10,000 emojis in the path with a 4xx JSON error', async () => {
      const tenThousand = Array.from({ length: 10_000 }, (_, index) => ['🍒', '💎', '🎰', '🍀', '🎲', '🔥', '🌋', '🌊', '🐉', '🍋', '⭐', '🌙', '🌈', '🎁', '🎉', '💰', '👑', '🦁', '🐯', '🐼', '🐙'][index % 21]).join('');
      const response = await get(`/api/play/${enc(tenThousand)}`);
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, `status ${response.statusCode}`);
      assertError(response, response.statusCode);
    });

    it('builds Location on the request Host, or on PUBLIC_BASE_URL when it is set', async () => {
      assertRedirect(await get(`/api/play/${enc('🍒')}`, 'other.example'), 'http://other.example');
      const configured = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://slotmoji.example' } });
      try {
        const response = await configured.app.inject({ url: `/api/play/${enc('🍒')}`, headers: { host: HOST } });
        assert.equal(assertRedirect(response, 'https://slotmoji.example'), 'https://slotmoji.example/slots/lemon-drop');
      } finally {
        await configured.close();
      }
    });
  });

  describe('GET /api/v1/redirect (legacy)', () => {
    const redirect = (emoji: string) => get(`/api/v1/redirect?emoji=${enc(emoji)}`);

    /** The successor path of the Link header, decoded, after checking the header's form. */
    function successor(response: LightMyRequestResponse): string {
      const link = /^<(\/api\/play\/[^>]+)>; rel="successor-version"$/.exec(String(response.headers.link));
      assert.ok(link, `Link: ${String(response.headers.link)}`);
      return link[1] ?? '';
    }

    it('302s to the same slot as play, with Deprecation and a Link to play', async () => {
      const response = await redirect('🎰💎🍒');
      assert.equal(assertRedirect(response), `${BASE}/slots/cherry-gems`);
      assert.equal(response.headers.deprecation, 'true');
      assert.equal(decodeURIComponent(successor(response)), '/api/play/🎰💎🍒');
    });

    it('gives the same target as play for the same emojis, and its Link leads there too', async () => {
      await fc.assert(
        fc.asyncProperty(emojiRequest, async (emojis) => {
          const play = await get(`/api/play/${enc(emojis)}`);
          const legacy = await redirect(emojis);
          if (play.statusCode === 404) {
            assertError(legacy, 404);
            return;
          }
          const location = assertRedirect(legacy);
          assert.equal(location, assertRedirect(play));
          assert.equal(legacy.headers.deprecation, 'true');
          assert.equal(assertRedirect(await get(successor(legacy))), location);
        }),
        FAST_CHECK,
      );
    });

    it('keeps a lone skin tone apart from the emoji before it in the Link', async () => {
      const response = await redirect('🍒 🏽');
      const location = assertRedirect(response);
      assert.equal(assertRedirect(await get(successor(response))), location);
    });

    it('400s when emoji is missing, empty or blank, or not an emoji', async () => {
      assertError(await get('/api/v1/redirect'), 400, 'emoji');
      assertError(await get('/api/v1/redirect?emoji='), 400, 'emoji');
      assertError(await get('/api/v1/redirect?emoji=%20%20'), 400, 'emoji');
      assertError(await redirect('abc'), 400, '"abc"');
      assertError(await get('/api/v1/redirect?emoji=%FF'), 400, 'emoji');
    });

    it('404s with a JSON error when nothing matches', async () => {
      assertError(await redirect('🐙'), 404);
    });
  });

  describe('GET /api/v1/spin', () => {
    const spin = (query = '') => get(`/api/v1/spin${query}`);
    /** How often each slot was drawn in `draws` spins. */
    async function tally(query: string, draws: number): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (let draw = 0; draw < draws; draw++) {
        const slug = slugOf(assertRedirect(await spin(query)));
        counts.set(slug, (counts.get(slug) ?? 0) + 1);
      }
      return counts;
    }
    const slugs = (filter: (slot: Slot) => boolean) => slots.filter(filter).map(({ slug }) => slug).sort();

    it('gives every slot an equal share of evenly spread random numbers', async () => {
      // Exact shares assume one random number per spin; the chi-square test below assumes nothing.
      random = evenlySpread(1000);
      const counts = await tally('', 1000);
      assert.deepEqual([...counts.keys()].sort(), slugs(() => true));
      for (const [slug, count] of counts) {
        assert.equal(count, 200, slug);
        assert.equal((await get(`/slots/${slug}`)).statusCode, 200, `page of ${slug}`);
      }
      random = evenlySpread(900);
      const cherries = await tally(`?emoji=${enc('🍒')}`, 900);
      assert.deepEqual([...cherries.values()], [300, 300, 300]);
    });

    it('draws uniformly: 3000 seeded spins pass a chi-square test with room to spare', async () => {
      random = mulberry32(7);
      const draws = 3000;
      const counts = await tally('', draws);
      assert.equal(counts.size, slots.length);
      const expected = draws / slots.length;
      const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
      // 4 degrees of freedom: P(χ² > 30) ≈ 5e-6 for a uniform draw, so this bound only catches a bias.
      assert.ok(chiSquare < 30, `chi-square ${chiSquare.toFixed(2)} with counts ${JSON.stringify([...counts])}`);
      for (const count of counts.values()) assert.ok(count > expected * 0.8 && count < expected * 1.2, JSON.stringify([...counts]));
    });

    it('draws only, and every one of, the slots passing all given filters', async () => {
      random = mulberry32(11);
      const carries = (slot: Slot, emojis: readonly string[]) => slot.emojiTags.some((tag) => emojis.includes(tag.replace('\uFE0F', '')));
      const cases: readonly (readonly [string, (slot: Slot) => boolean])[] = [
        ['?provider=Pragmatic%20Play', (slot) => slot.provider === 'Pragmatic Play'],
        ['?provider=pragmatic%20play', (slot) => slot.provider === 'Pragmatic Play'],
        ['?provider=pragmatic-play', (slot) => slot.provider === 'Pragmatic Play'],
        ['?volatility=medium', (slot) => slot.volatility === 'Medium'],
        ['?volatility=HIGH', (slot) => slot.volatility === 'High'],
        ['?minRtp=96.5', (slot) => slot.rtp >= 96.5],
        ['?minRtp=96.5&provider=NetEnt', (slot) => slot.rtp >= 96.5 && slot.provider === 'NetEnt'],
        [`?emoji=${enc('🍒')}`, (slot) => carries(slot, ['🍒'])],
        [`?emoji=${enc('❤')}`, (slot) => carries(slot, ['❤'])],
        [`?emoji=${enc('🍀 💎')}`, (slot) => carries(slot, ['🍀', '💎'])],
        [`?emoji=${enc('🍒')}&volatility=medium&minRtp=97`, (slot) => carries(slot, ['🍒']) && slot.volatility === 'Medium' && slot.rtp >= 97],
      ];
      for (const [query, passes] of cases) {
        const expected = slugs(passes);
        assert.ok(expected.length > 0, `${query} should pass some slot`);
        const counts = await tally(query, 40);
        assert.deepEqual([...counts.keys()].sort(), expected, query);
      }
    });

    it('404s with a JSON error when no slot passes the filters', async () => {
      for (const query of ['?provider=NetEnt&volatility=low', `?emoji=${enc('🐙')}`, '?minRtp=100', '?provider=Unknown%20Games']) {
        assertError(await spin(query), 404);
      }
    });

    it('400s naming a bad filter value', async () => {
      const cases: readonly (readonly [string, string])[] = [
        ['?volatility=bogus', 'volatility'],
        ['?minRtp=abc', 'minRtp'],
        ['?minRtp=101', 'minRtp'],
        ['?minRtp=-1', 'minRtp'],
        ['?emoji=abc', '"abc"'],
        ['?emoji=', 'emoji'],
        ['?provider=', 'provider'],
        ['?provider=NetEnt&provider=Push%20Gaming', 'provider'],
      ];
      for (const [query, named] of cases) assertError(await spin(query), 400, named);
    });
  });
});
