import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { RedisRateLimiter } from '../../../src/ratelimit/redis-limiter.js';
import { ADMIN_TOKEN, AUTH, startSqliteAdminApp, type AdminApp, type AdminAppOptions } from '../../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../../support/fixtures.js';
import { freePort } from '../../support/process.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

interface Export {
  slots: Slot[];
  categories: Record<string, string[]>;
}

const BASE = 'http://admin.test';

/** The real service on a fresh SQLite file, admin on, a clock that ticks a second per write. */
async function start(options: AdminAppOptions = {}): Promise<AdminApp & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-admin-'));
  const started = await startSqliteAdminApp(join(dir, 'catalogue.db'), {
    ...options,
    env: { PUBLIC_BASE_URL: BASE, ...options.env },
  });
  return {
    ...started,
    dir,
    async close() {
      await started.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('admin authentication', () => {
  let t: AdminApp;
  before(async () => {
    t = await start();
  });
  after(() => t.close());

  const PATHS: readonly [InjectOptions['method'], string][] = [
    ['GET', '/api/admin/catalogue'],
    ['PUT', '/api/admin/catalogue'],
    ['POST', '/api/admin/slots'],
    ['PUT', '/api/admin/slots/1'],
    ['DELETE', '/api/admin/slots/1'],
    ['PUT', '/api/admin/emojis/categories'],
    ['DELETE', '/api/admin/rate-limits/127.0.0.1'],
    ['GET', '/api/admin'],
    ['GET', '/api/admin/'],
    ['GET', '/api/admin/no-such-thing'],
    ['PATCH', '/api/admin/slots/1'],
    ['POST', '/api/admin/catalogue?x=1'],
    ['GET', '/api/%61dmin/catalogue'],
    // Paths the router cannot read: their refusal comes after the credentials.
    ['GET', '/api/admin/%ZZ'],
    ['DELETE', '/api/admin/slots/%E0%A4%A'],
    ['PUT', `/api/admin/slots/${'1'.repeat(5000)}`],
  ];
  const BAD_CREDENTIALS: readonly (Record<string, string> | undefined)[] = [
    undefined,
    { authorization: '' },
    { authorization: 'Bearer' },
    { authorization: 'Bearer ' },
    { authorization: `Bearer ${ADMIN_TOKEN}x` },
    { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` },
    { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` },
    { authorization: ADMIN_TOKEN },
    { authorization: `Token ${ADMIN_TOKEN}` },
    { 'x-admin-token': ADMIN_TOKEN },
  ];

  it('answers 401 with WWW-Authenticate: Bearer to every admin path, known or not, without valid credentials', async () => {
    for (const [method, url] of PATHS) {
      for (const headers of BAD_CREDENTIALS) {
        const response = await t.app.inject({ method, url, ...(headers ? { headers } : {}), payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        const message = errorMessage(response, 401);
        assert.equal(response.headers['www-authenticate'], 'Bearer', `${method} ${url}`);
        assert.match(message, /Authorization|admin/);
        assertCors(response);
        assert.equal(response.headers['x-ratelimit-limit'], undefined, `${method} ${url} is not rate limited`);
      }
    }
  });

  it('refuses a path the router cannot read for what it is, once the caller is authenticated', async () => {
    assert.match(errorMessage(await t.app.inject({ url: '/api/admin/%ZZ', headers: AUTH }), 400), /^path: malformed percent-encoding/);
    assert.match(errorMessage(await t.app.inject({ method: 'PUT', url: `/api/admin/slots/${'1'.repeat(5000)}`, headers: AUTH, payload: {} }), 414), /^path: a segment is longer than/);
  });

  it('lets a valid token through, whatever the case of the scheme', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await t.app.inject({ url: '/api/admin/catalogue', headers: { authorization: `${scheme} ${ADMIN_TOKEN}` } });
      assert.equal(response.statusCode, 200, response.body);
    }
  });

  it('says 404 for an unknown admin path only once the caller is authenticated', async () => {
    for (const [method, url] of [['GET', '/api/admin'], ['GET', '/api/admin/no-such-thing'], ['PATCH', '/api/admin/slots/1'], ['POST', '/api/admin/catalogue']] as const) {
      const response = await t.app.inject({ method, url, headers: AUTH, ...(method === 'GET' ? {} : { payload: {} }) });
      assert.match(errorMessage(response, 404), /No route/, `${method} ${url}`);
      assertCors(response);
    }
  });

  it('answers a browser preflight without credentials', async () => {
    const response = await t.app.inject({ method: 'OPTIONS', url: '/api/admin/slots', headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' } });
    assert.equal(response.statusCode, 204);
    assertCors(response);
  });

  it('does not rate limit admin responses', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ url: '/api/admin/catalogue', headers: AUTH });
      assert.equal(response.statusCode, 200);
      assert.equal(Object.keys(response.headers).some((name) => name.startsWith('x-ratelimit')), false);
    }
  });
});

describe('admin switched off', () => {
  let t: AdminApp;
  before(async () => {
    t = await start({ env: { ADMIN_TOKEN: '' } });
  });
  after(() => t.close());

  it('refuses every admin request, even one carrying a token, with 401; only API tokens could get in', async () => {
    for (const [headers, message] of [
      [undefined, /send "Bearer/],
      [AUTH, /no ADMIN_TOKEN is set/],
      [{ authorization: 'Bearer ' }, /Bearer scheme/],
      [{ authorization: 'Bearer smj_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, /the token is not valid/],
    ] as const) {
      const response = await t.app.inject({ url: '/api/admin/catalogue', ...(headers ? { headers } : {}) });
      assert.match(errorMessage(response, 401), message);
      assert.equal(response.headers['www-authenticate'], 'Bearer');
    }
  });
});

describe('admin slot writes', () => {
  let t: AdminApp;
  beforeEach(async () => {
    t = await start();
  });
  afterEach(() => t.close());

  const admin = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: AUTH, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => t.app.inject({ url });
  const publicSlot = async (idOrSlug: string) => {
    const response = await get(`/api/slots/${encodeURIComponent(idOrSlug)}`);
    return response.statusCode === 200 ? json<Slot>(response) : undefined;
  };

  it('creates a slot: 201, its public shape, Location, and the next id', async () => {
    const fields = slotFields({ name: 'Brand New', emojiTags: ['🦄', '❤'] });
    const response = await admin('POST', '/api/admin/slots', fields);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.headers['location'], '/api/slots/6');
    assertCors(response);
    const created = json<Slot>(response);
    assert.equal(created.id, '6');
    assert.equal(created.url, `${BASE}/slots/brand-new`);
    assert.deepEqual(created.emojiTags, ['🦄', '❤️'], 'tags are stored fully qualified');
    assert.equal(created.createdAt, created.updatedAt);
    assert.deepEqual(await publicSlot('6'), created);
    assert.deepEqual(await publicSlot('brand-new'), created);
  });

  it('derives the slug from the name when none is given', async () => {
    const { slug: _slug, ...fields } = slotFields({ name: "Ça Va Bien: Play'n Win" });
    const response = await admin('POST', '/api/admin/slots', fields);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(json<Slot>(response).slug, 'ca-va-bien-playn-win');
  });

  it('makes a write visible to every public endpoint at once, and a delete likewise', async () => {
    const response = await admin('POST', '/api/admin/slots', slotFields({ name: 'Unicorn Party', emojiTags: ['🦄', '🍒'], rating: 5 }));
    assert.equal(response.statusCode, 201, response.body);

    const list = json<{ total: number; slots: Slot[] }>(await get('/api/slots?limit=1000'));
    assert.equal(list.total, 6);
    assert.equal(list.slots.at(-1)?.slug, 'unicorn-party');
    const match = json<{ slots: { id: number }[] }>(await t.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: ['🦄'] } }));
    assert.deepEqual(match.slots.map((slot) => slot.id), [6]);
    const play = await get(`/api/play/${encodeURIComponent('🦄')}`);
    assert.equal(play.statusCode, 302);
    assert.match(String(play.headers['location']), /\/slots\/unicorn-party$/);
    const spin = await get(`/api/v1/spin?emoji=${encodeURIComponent('🦄')}`);
    assert.match(String(spin.headers['location']), /\/slots\/unicorn-party$/);
    const emojis = json<{ emojis: { emoji: string; count: number }[]; totalUsage: number }>(await get('/api/emojis'));
    assert.deepEqual(emojis.emojis.find((entry) => entry.emoji === '🦄'), { emoji: '🦄', count: 1, category: 'Uncategorized', name: 'unicorn' });
    assert.equal(emojis.totalUsage, 16);
    const raw = json<{ mappings: { slotId: string; emoji: string }[]; total: number }>(await get('/api/emojis?format=raw'));
    assert.deepEqual(raw.mappings.filter((row) => row.slotId === '6').map((row) => row.emoji), ['🦄', '🍒']);
    const stats = json<{ totalUsage: number; totalEmojis: number; averagePerSlot: number }>(await get('/api/emojis/stats'));
    assert.equal(stats.totalUsage, 16);
    assert.equal(stats.averagePerSlot, 2.67);

    assert.equal((await admin('DELETE', '/api/admin/slots/6')).statusCode, 204);
    assert.equal(json<{ total: number }>(await get('/api/slots')).total, 5);
    assert.deepEqual(json<{ slots: unknown[] }>(await t.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: ['🦄'] } })).slots, []);
    assert.equal((await get(`/api/play/${encodeURIComponent('🦄')}`)).statusCode, 404);
    assert.equal(json<{ emojis: { emoji: string }[] }>(await get('/api/emojis')).emojis.some((entry) => entry.emoji === '🦄'), false);
    assert.equal(json<{ totalUsage: number }>(await get('/api/emojis/stats')).totalUsage, 14);
  });

  it('replaces a slot whole, keeping its id and creation time', async () => {
    const before = await publicSlot('2');
    const { releaseYear: _dropped, ...fields } = slotFields({ name: 'Lucky Dice Deluxe', slug: 'lucky-dice-deluxe', rtp: 97.25, emojiTags: ['🎲'] });
    const response = await admin('PUT', '/api/admin/slots/2', fields);
    assert.equal(response.statusCode, 200, response.body);
    const replaced = json<Slot>(response);
    assert.equal(replaced.id, '2');
    assert.equal(replaced.createdAt, before?.createdAt);
    assert.ok(Date.parse(replaced.updatedAt) > Date.parse(before?.updatedAt ?? ''), 'updatedAt moves on');
    assert.equal(replaced.rtp, 97.25);
    assert.equal('releaseYear' in replaced, false, 'a field left out is gone');
    assert.deepEqual(await publicSlot('lucky-dice-deluxe'), replaced);
    assert.equal(await publicSlot('lucky-dice'), undefined, 'the old slug is free');
  });

  it('accepts a slot as exported (id, url and timestamps included) back as a replacement', async () => {
    const exported = await publicSlot('3');
    const response = await admin('PUT', '/api/admin/slots/3', { ...exported, rating: 1 });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(json<Slot>(response).rating, 1);
    assert.match(errorMessage(await admin('PUT', '/api/admin/slots/4', exported), 400), /id: must be 4/);
  });

  it('deletes a slot: 204, then it is gone, and its id is never handed out again', async () => {
    const response = await admin('DELETE', '/api/admin/slots/5');
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
    assert.equal(await publicSlot('5'), undefined);
    assert.match(errorMessage(await admin('DELETE', '/api/admin/slots/5'), 404), /slot "5" not found/);
    const created = await admin('POST', '/api/admin/slots', slotFields({ name: 'After Delete' }));
    assert.equal(json<Slot>(created).id, '6');
  });

  it('says 404 for a slot id that does not exist or is not an id', async () => {
    for (const id of ['99', '0', 'abc', '1.5', '-1', '99999999999999999999', 'lucky-dice', '%2e%2e%2fslots']) {
      assert.equal((await admin('PUT', `/api/admin/slots/${id}`, slotFields({ name: 'Ghost' }))).statusCode, 404, id);
      assert.equal((await admin('DELETE', `/api/admin/slots/${id}`)).statusCode, 404, id);
    }
    assert.equal(json<{ total: number }>(await get('/api/slots')).total, 5);
  });

  it('refuses a duplicate slug with 409 and writes nothing', async () => {
    const created = await admin('POST', '/api/admin/slots', slotFields({ name: 'Lucky Dice Again', slug: 'lucky-dice' }));
    assert.match(errorMessage(created, 409), /slug: "lucky-dice" is already taken/);
    const derived = await admin('POST', '/api/admin/slots', { ...slotFields({ name: 'Lemon Drop' }), slug: undefined });
    assert.equal(derived.statusCode, 409, 'a slug derived from the name clashes too');
    const replaced = await admin('PUT', '/api/admin/slots/1', slotFields({ name: 'Cherry Gems', slug: 'lemon-drop' }));
    assert.equal(replaced.statusCode, 409);
    assert.equal(json<{ total: number }>(await get('/api/slots')).total, 5);
    assert.equal((await publicSlot('1'))?.slug, 'cherry-gems');
    assert.equal(json<Slot>(await admin('POST', '/api/admin/slots', slotFields({ name: 'Fresh' }))).id, '6', 'refusals used no id');
  });

  it('names every bad field of an invalid slot in one 400', async () => {
    const shape = await admin('POST', '/api/admin/slots', {
      ...slotFields({ name: 'Broken' }),
      rtp: 101,
      volatility: 'huge',
      maxWin: 'lots',
      colour: 'red',
      id: 7,
    });
    const shapeMessage = errorMessage(shape, 400);
    for (const field of ['rtp:', 'volatility:', 'maxWin:', 'colour: unknown field', 'id: assigned by the service']) {
      assert.ok(shapeMessage.includes(field), `${field} in ${shapeMessage}`);
    }
    const rules = await admin('POST', '/api/admin/slots', {
      ...slotFields({ name: 'Broken' }),
      emojiTags: ['abc', '🍒', '🍒'],
      rating: 4.55,
      rtp: 96.123,
      theme: ['Fruit'],
    });
    const rulesMessage = errorMessage(rules, 400);
    for (const field of ['emojiTags[0]', 'emojiTags[2]', 'rating:', 'rtp:', 'theme[0]']) {
      assert.ok(rulesMessage.includes(field), `${field} in ${rulesMessage}`);
    }
    assert.equal(json<{ total: number }>(await get('/api/slots')).total, 5);
  });
});

describe('admin bad input', () => {
  let t: AdminApp;
  before(async () => {
    t = await start();
  });
  after(() => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: { ...AUTH, 'content-type': contentType }, payload });
  const total = async () => json<{ total: number }>(await t.app.inject({ url: '/api/slots' })).total;

  it('answers a clear 4xx, never a 500, and writes nothing', async () => {
    const valid = slotFields({ name: 'Valid Base' });
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const cases: readonly [string, string, number, RegExp][] = [
      ['a body over 16 KiB', JSON.stringify({ ...valid, description: 'x'.repeat(17 * 1024) }), 413, /body/],
      ['deep nesting in a field', JSON.stringify({ ...valid, name: 'x' }).replace('"x"', deep(5000)), 400, /name/],
      ['deep nesting as the body', deep(8000), 400, /body/],
      ['deep nesting in an unknown field', JSON.stringify({ ...valid, extra: 'x' }).replace('"x"', deep(5000)), 400, /extra: unknown field/],
      ['a prototype-polluting key', JSON.stringify(valid).replace('{', '{"__proto__":{"admin":true},'), 400, /.+/],
      ['a self-reference', JSON.stringify({ ...valid, $ref: '#' }), 400, /\$ref: unknown field/],
      ['not JSON', '{"name": ', 400, /JSON/],
      ['an empty body', '', 400, /body/],
      ['null', 'null', 400, /body/],
      ['an array', '[]', 400, /body/],
      ['a string', '"slot"', 400, /body/],
      ['NaN', JSON.stringify(valid).replace('"rtp":96', '"rtp":NaN'), 400, /JSON/],
      ['an overflowing number', JSON.stringify(valid).replace('"rtp":96', '"rtp":1e999'), 400, /rtp/],
      ['a numeric string', JSON.stringify({ ...valid, rtp: '96' }), 400, /rtp/],
      ['a null number', JSON.stringify({ ...valid, maxWin: null }), 400, /maxWin/],
      ['a negative zero rating and huge max win', JSON.stringify({ ...valid, maxWin: 1e300 }), 400, /maxWin/],
      ['emojis that are not emojis', JSON.stringify({ ...valid, emojiTags: ['abc', '<script>', '\ud800', '1', '🍒🍒'] }), 400, /emojiTags\[0\].*emojiTags\[1\].*emojiTags\[2\].*emojiTags\[3\].*emojiTags\[4\]/],
      ['a slug with a slash', JSON.stringify({ ...valid, slug: 'a/b' }), 400, /slug/],
      ['a slug climbing up', JSON.stringify({ ...valid, slug: '../etc' }), 400, /slug/],
      ['a slug with an encoded slash', JSON.stringify({ ...valid, slug: 'a%2Fb' }), 400, /slug/],
      ['a slug with a query', JSON.stringify({ ...valid, slug: 'slot?x=1' }), 400, /slug/],
      ['an upper-case slug', JSON.stringify({ ...valid, slug: 'Valid-Base' }), 400, /slug/],
    ];
    for (const [what, payload, status, message] of cases) {
      const response = await post(payload);
      assert.match(errorMessage(response, status), message, what);
      assertCors(response);
    }
    assert.match(errorMessage(await post('name=x', 'application/x-www-form-urlencoded'), 415), /Content-Type/);
    assert.match(errorMessage(await post('name=x', 'text/plain'), 415), /Content-Type/);
    assert.equal(await total(), 5);
  });

  it('stores SQL metacharacters and other awkward text in every string field verbatim', async () => {
    const nasty = (field: string) => `${field}'); DROP TABLE slots; -- " \\ %_ $1 ?; SELECT * FROM meta; \u0000 \ud800 🍒‍🔥 \u202e`;
    const fields = {
      ...slotFields({ name: nasty('name') }),
      slug: 'robert-drop-tables',
      provider: nasty('provider'),
      theme: ["t'); drop table slots; -- \\ %_"],
      features: ['f"; select 1; -- $1 ?'],
      description: nasty('description'),
      review: nasty('review'),
      pros: [nasty('pros'), "'"],
      cons: [nasty('cons'), '"'],
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: fields });
    assert.equal(response.statusCode, 201, response.body);
    const stored = json<Slot>(await t.app.inject({ url: '/api/slots/robert-drop-tables' }));
    for (const [name, value] of Object.entries(fields)) assert.deepEqual(stored[name as keyof Slot], value, name);
    assert.equal(await total(), 6);
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/api/admin/slots/6', headers: AUTH })).statusCode, 204);
  });
});

describe('admin catalogue export and import', () => {
  let t: AdminApp;
  beforeEach(async () => {
    t = await start();
  });
  afterEach(() => t.close());

  const exported = async () => {
    const response = await t.app.inject({ url: '/api/admin/catalogue', headers: AUTH });
    assert.equal(response.statusCode, 200, response.body);
    return json<Export>(response);
  };
  const put = (payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue',
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('exports every slot in its public shape with the category map', async () => {
    const document = await exported();
    const listed = json<{ slots: Slot[] }>(await t.app.inject({ url: '/api/slots?limit=1000' }));
    assert.deepEqual(document.slots, listed.slots);
    assert.deepEqual(document.categories, SMALL_CATALOGUE.categories);
  });

  it('takes its own export back unchanged', async () => {
    const before = await exported();
    const response = await put(before);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(json(response), { imported: { slots: 5, categories: 4 } });
    assert.deepEqual(await exported(), before);
  });

  it('replaces everything: imported slots keep their ids, the others get ids never used before', async () => {
    await t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Short Lived' }) });
    const response = await put({
      slots: [
        { ...slotFields({ name: 'Kept Forty' }), id: '40' },
        slotFields({ name: 'Needs An Id', emojiTags: ['🐙'] }),
        { ...slotFields({ name: 'Kept Two' }), id: 2 },
      ],
      categories: { sea: ['🐙'] },
    });
    assert.equal(response.statusCode, 200, response.body);
    const after = await exported();
    assert.deepEqual(after.slots.map((slot) => [slot.id, slot.slug]), [['2', 'kept-two'], ['40', 'kept-forty'], ['41', 'needs-an-id']]);
    assert.deepEqual(after.categories, { sea: ['🐙'] });
    assert.equal((await t.app.inject({ url: '/api/slots/1' })).statusCode, 404);
    const emojis = json<{ emojis: { emoji: string; category: string }[] }>(await t.app.inject({ url: '/api/emojis' }));
    assert.equal(emojis.emojis.find((entry) => entry.emoji === '🐙')?.category, 'sea');
  });

  it('rejects an invalid document whole, naming each problem, and changes nothing', async () => {
    const before = await exported();
    const response = await put({
      slots: [slotFields({ name: 'Fine' }), { ...slotFields({ name: 'Bad Rtp' }), rtp: -1 }, { ...slotFields({ name: 'Fine' }) }, 'nope'],
      categories: { luck: ['not an emoji'] },
      extra: true,
    });
    const message = errorMessage(response, 400);
    for (const part of ['extra: unknown field', 'slots[1].rtp', 'slots[2].slug', 'slots[3]', 'categories.luck[0]']) {
      assert.ok(message.includes(part), `${part} in ${message}`);
    }
    assert.deepEqual(await exported(), before);
    assert.match(errorMessage(await put([]), 400), /body/);
    assert.match(errorMessage(await put({ slots: [{ ...slotFields({ name: 'A' }), id: 'x' }] }), 400), /slots\[0\]\.id/);
  });

  it('accepts a document far over the public 16 KiB limit, which other routes still refuse', async () => {
    const slots = Array.from({ length: 300 }, (_, index) => slotFields({ name: `Bulk Slot ${index + 1}`, description: 'd'.repeat(200) }));
    const payload = JSON.stringify({ slots, categories: {} });
    assert.ok(payload.length > 100 * 1024);
    const response = await put(payload);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(json<{ total: number }>(await t.app.inject({ url: '/api/slots' })).total, 300);
    const tooBig = await t.app.inject({ method: 'PUT', url: '/api/admin/slots/1', headers: { ...AUTH, 'content-type': 'application/json' }, payload });
    assert.equal(tooBig.statusCode, 413);
    const publicTooBig = await t.app.inject({ method: 'POST', url: '/api/match', payload: { emojis: ['🍒'], padding: payload } });
    assert.equal(publicTooBig.statusCode, 413);
  });

  it('draws the line at exactly 128 MiB, going by the announced length before reading the body', async () => {
    const announced = (length: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/catalogue',
        headers: { ...AUTH, 'content-type': 'application/json', 'content-length': String(length) },
        payload: '{}',
      });
    assert.match(errorMessage(await announced(128 * 1024 * 1024 + 1), 413), /body: larger than this route accepts/);
    // Within the limit the body is read, and found shorter than announced.
    assert.match(errorMessage(await announced(128 * 1024 * 1024), 400), /Content-Length/);
  });

  it('answers a deeply nested document with 400', async () => {
    const response = await put(`{"slots":${'['.repeat(200_000)}${']'.repeat(200_000)},"categories":{}}`);
    assert.equal(errorMessage(response, 400).length > 0, true);
  });
});

describe('admin category map', () => {
  let t: AdminApp;
  beforeEach(async () => {
    t = await start();
  });
  afterEach(() => t.close());

  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/emojis/categories', headers: AUTH, payload: payload as InjectOptions['payload'] });
  const categories = async () => json<{ categories: Record<string, string[]> }>(await t.app.inject({ url: '/api/emojis/categories' })).categories;
  const categoryOf = async (emoji: string) =>
    json<{ emojis: { emoji: string; category: string }[] }>(await t.app.inject({ url: '/api/emojis' })).emojis.find((entry) => entry.emoji === emoji)?.category;

  it('replaces the map, in the given order, and every emoji endpoint follows', async () => {
    const response = await put({ gems: ['💎', '🍒'], red: ['❤'] });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(json(response), { categories: { gems: ['💎', '🍒'], red: ['❤️'] } });
    assert.deepEqual(Object.keys(await categories()), ['gems', 'red']);
    assert.equal(await categoryOf('🍒'), 'gems');
    assert.equal(await categoryOf('🍀'), 'Uncategorized');
  });

  it('takes the map wrapped as GET /api/emojis/categories returns it', async () => {
    const response = await put({ categories: { luck: ['🍀'] } });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(await categories(), { luck: ['🍀'] });
  });

  it('refuses a map holding non-emojis or non-lists, naming each, and keeps the old one', async () => {
    assert.match(errorMessage(await put({ luck: ['🍀', 'clover', '🎲', 'x'] }), 400), /categories\.luck\[1\].*categories\.luck\[3\]/);
    assert.match(errorMessage(await put({ luck: 'x', other: 1 }), 400), /categories\.luck.*categories\.other/);
    assert.match(errorMessage(await put(['🍀']), 400), /categories/);
    assert.deepEqual(await categories(), SMALL_CATALOGUE.categories);
  });

  it('stores category names with SQL metacharacters verbatim', async () => {
    const name = "luck'); DELETE FROM categories; --";
    assert.equal((await put({ [name]: ['🍀'] })).statusCode, 200);
    assert.deepEqual(await categories(), { [name]: ['🍀'] });
  });
});

describe('admin rate-limit reset', () => {
  let t: AdminApp;
  before(async () => {
    t = await start({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
  });
  after(() => t.close());

  const reset = (ip: string) => t.app.inject({ method: 'DELETE', url: `/api/admin/rate-limits/${encodeURIComponent(ip)}`, headers: AUTH });
  const publicFrom = (remoteAddress: string) => t.app.inject({ url: '/api/emojis/stats', remoteAddress });

  it("clears one client's counters and no other's, and is never limited itself", async () => {
    for (const client of ['203.0.113.7', '198.51.100.1']) {
      assert.equal((await publicFrom(client)).statusCode, 200);
      assert.equal((await publicFrom(client)).statusCode, 200);
      assert.equal((await publicFrom(client)).statusCode, 429);
    }
    for (let i = 0; i < 3; i++) {
      const response = await reset('203.0.113.7');
      assert.equal(response.statusCode, 204);
      assert.equal(Object.keys(response.headers).some((name) => name.startsWith('x-ratelimit')), false);
    }
    const again = await publicFrom('203.0.113.7');
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers['x-ratelimit-remaining'], '1');
    assert.equal((await publicFrom('198.51.100.1')).statusCode, 429, 'the other client is still limited');
  });

  it('takes IPv6 addresses, and refuses what is not an address with 400', async () => {
    assert.equal((await reset('2001:db8::1')).statusCode, 204);
    assert.equal((await reset('::ffff:203.0.113.7')).statusCode, 204);
    for (const bad of ['localhost', '999.1.1.1', "1.2.3.4'; --", '1.2.3.4/24']) {
      assert.match(errorMessage(await reset(bad), 400), /ip: .* is not an IPv4 or IPv6 address/, bad);
    }
  });
});

describe('admin rate-limit reset while Redis is unreachable', () => {
  let t: AdminApp;
  let limiter: RedisRateLimiter;
  before(async () => {
    // A real Redis client pointed at a port where nothing listens: the shared store is down.
    limiter = await RedisRateLimiter.connect({
      url: `redis://127.0.0.1:${await freePort()}`,
      keyPrefix: `slotmoji-test-${process.pid}`,
      limits: { perMinute: 2, perHour: 100, perDay: 1000, ipv6Prefix: 56 },
      reconnectDelayMs: 20,
    });
    t = await start({ deps: { rateLimiter: limiter } });
  });
  after(async () => {
    await t.close();
    await limiter.close();
  });

  it('answers 503 with Retry-After, having cleared this instance\'s counters', async () => {
    const client = '203.0.113.9';
    const publicFrom = () => t.app.inject({ url: '/api/emojis/stats', remoteAddress: client });
    assert.equal((await publicFrom()).statusCode, 200);
    assert.equal((await publicFrom()).statusCode, 200);
    assert.equal((await publicFrom()).statusCode, 429);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/admin/rate-limits/${client}`, headers: AUTH });
    assert.match(errorMessage(response, 503), /^rate limits: the shared counter store is unreachable/);
    assert.equal(response.headers['retry-after'], '5');
    assertCors(response);
    assert.equal((await publicFrom()).statusCode, 200, 'the per-instance counters were cleared');
  });
});

/** Status of many requests at once, for a failure message that says which went wrong. */
function statuses(responses: readonly LightMyRequestResponse[]): string {
  return responses.map((response) => response.statusCode).join(',');
}

describe('admin writes under load', () => {
  let t: AdminApp;
  before(async () => {
    t = await start();
  });
  after(() => t.close());

  it('loses and corrupts nothing when 100 writes arrive at once', async () => {
    const creates = Array.from({ length: 100 }, (_, index) =>
      t.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: `Burst ${index}`, emojiTags: ['🐝'] }) }),
    );
    const replaces = [1, 2, 3].map((id) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/slots/${id}`, headers: AUTH, payload: slotFields({ name: `Replaced ${id}` }) }),
    );
    const responses = await Promise.all([...creates, ...replaces]);
    assert.ok(responses.every((response) => response.statusCode === 201 || response.statusCode === 200), statuses(responses));
    const ids = responses.slice(0, 100).map((response) => Number(json<Slot>(response).id));
    assert.deepEqual([...ids].sort((a, b) => a - b), Array.from({ length: 100 }, (_, index) => index + 6), 'ids are distinct and contiguous');

    const listed = json<{ slots: Slot[]; total: number }>(await t.app.inject({ url: '/api/slots?limit=1000' }));
    assert.equal(listed.total, 105);
    assert.deepEqual(listed.slots.slice(0, 3).map((slot) => slot.name), ['Replaced 1', 'Replaced 2', 'Replaced 3']);
    const stored = await t.catalogue.store.load();
    assert.deepEqual(stored.slots.map((slot) => slot.id), listed.slots.map((slot) => Number(slot.id)), 'the database holds what is served');
    const bee = json<{ emojis: { emoji: string; count: number }[] }>(await t.app.inject({ url: '/api/emojis' }));
    assert.equal(bee.emojis.find((entry) => entry.emoji === '🐝')?.count, 100);
  });
});
