import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, post, signIn, type Signed } from '../../support/console.js';

/** The console's forms through HTTP: the API's validator beside each field, typed values kept, and no 500 for any input. */
describe('console forms', () => {
  let test: TestApp;
  let eddie: Signed;
  before(async () => {
    test = await startTestApp();
    await addOperator(test.store.access, 'eddie', 'editor');
    eddie = await signIn(test.app, 'eddie');
  });
  after(() => test.close());

  const slot = (overrides: Readonly<Record<string, string>> = {}) => ({
    name: 'Console Fruits',
    provider: 'Test Gaming',
    rtp: '96.1',
    volatility: 'High',
    maxWin: '5000',
    emojiTags: '🍒 🍋',
    theme: 'fruit\nclassic',
    features: 'free spins',
    description: 'A test slot.',
    review: 'Fine.',
    rating: '4.1',
    pros: 'Simple',
    cons: 'Plain',
    ...overrides,
  });
  const get = (url: string) => test.app.inject({ url, headers: { cookie: eddie.cookie } });

  it('creates a slot from the form, every list as lines', async () => {
    const response = await post(test.app, '/admin/slots/new', eddie, slot());
    assert.equal(response.statusCode, 303);
    const id = Number(/\/admin\/slots\/(\d+)\/edit\?saved=1$/.exec(String(response.headers.location))?.[1]);
    const record = test.catalogue.current.find(String(id));
    assert.deepEqual(
      { theme: record?.theme, emojiTags: record?.emojiTags, pros: record?.pros, slug: record?.slug, hasBonusBuy: record?.hasBonusBuy },
      { theme: ['fruit', 'classic'], emojiTags: ['🍒', '🍋'], pros: ['Simple'], slug: 'console-fruits', hasBonusBuy: false },
    );
    const audit = await test.store.access.audit({ slot: id, limit: 5 });
    assert.deepEqual(audit[0]?.actor, { type: 'operator', name: 'eddie' });
  });

  it('shows each invalid field with the API\'s message beside it, keeping what was typed', async () => {
    const response = await post(test.app, '/admin/slots/new', eddie, slot({ name: 'Kept <Name>', rtp: 'lots', rating: '9' }));
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /<span class="field-error" id="rtp-error">rtp: [^<]+<\/span>/);
    assert.match(response.body, /<span class="field-error" id="rating-error">rating: [^<]+<\/span>/);
    assert.match(response.body, /id="slot-name" name="name" type="text" value="Kept &lt;Name&gt;"/);
    assert.match(response.body, /id="slot-rtp" name="rtp" type="text" inputmode="decimal" value="lots" aria-describedby="rtp-error" aria-invalid="true"/);
    // The rules past the schema (one emoji each) run once the shape is right, as they do for the API.
    const emoji = await post(test.app, '/admin/slots/new', eddie, slot({ emojiTags: '🍒 x' }));
    assert.equal(emoji.statusCode, 400);
    assert.match(emoji.body, /<span class="field-error" id="emojiTags-error">emojiTags\[1\]: &quot;x&quot; is not a single emoji<\/span>/);
  });

  it('finds emojis by word without script, keeping the form, and adds the ticked ones', async () => {
    const found = await post(test.app, '/admin/slots/new', eddie, slot({ name: 'Still here', intent: 'find-emojis', emojiQuery: 'cherry' }));
    assert.equal(found.statusCode, 200);
    assert.match(found.body, /name="addEmoji" value="🍒"/);
    assert.match(found.body, /value="Still here"/);
    const saved = await test.app.inject({
      method: 'POST',
      url: '/admin/slots/new',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', cookie: eddie.cookie },
      payload: `${new URLSearchParams({ _csrf: eddie.csrf, ...slot({ name: 'Tagged', emojiTags: '🍋' }) }).toString()}&addEmoji=${encodeURIComponent('🍒')}`,
    });
    assert.equal(saved.statusCode, 303);
    assert.deepEqual(test.catalogue.current.find('tagged')?.emojiTags, ['🍋', '🍒']);
  });

  it('refuses a stale save with the conflict and both versions, and deletes only the version confirmed', async () => {
    const created = await post(test.app, '/admin/slots/new', eddie, slot({ name: 'Contested' }));
    const id = Number(/slots\/(\d+)\//.exec(String(created.headers.location))?.[1]);
    const page = await get(`/admin/slots/${id}/edit`);
    const version = /name="version" value="(\d+)"/.exec(page.body)?.[1] ?? '';
    assert.equal((await post(test.app, `/admin/slots/${id}/edit`, eddie, slot({ name: 'Contested', provider: 'First Gaming', version }))).statusCode, 303);
    const stale = await post(test.app, `/admin/slots/${id}/edit`, eddie, slot({ name: 'Contested', provider: 'Second Gaming', version }));
    assert.equal(stale.statusCode, 409);
    assert.match(stale.body, /<td class="diff-before">First Gaming<\/td><td class="diff-after">Second Gaming<\/td>/);
    assert.equal(test.catalogue.current.find(String(id))?.provider, 'First Gaming');
    assert.equal((await post(test.app, `/admin/slots/${id}/delete`, eddie, { version })).statusCode, 409);
    assert.notEqual(test.catalogue.current.find(String(id)), undefined);
    const current = /name="version" value="(\d+)"/.exec((await get(`/admin/slots/${id}/delete`)).body)?.[1] ?? '';
    assert.equal((await post(test.app, `/admin/slots/${id}/delete`, eddie, { version: current })).statusCode, 303);
    assert.equal(test.catalogue.current.find(String(id)), undefined);
  });

  it('answers every kind of bad input with a 4xx page, never a 500', async () => {
    const cases: readonly (readonly [string, Promise<{ statusCode: number }>])[] = [
      ['unknown slot', get('/admin/slots/999999/edit')],
      ['not an id', get('/admin/slots/abc/edit')],
      ['huge id', get('/admin/slots/99999999999999999999/history')],
      ['bad search', get('/admin/slots?minRtp=99&maxRtp=1')],
      ['broken encoding', get('/admin/slots?q=%E0%A4%A')],
      ['bad audit time', get('/admin/audit?since=yesterday')],
      ['bad audit cursor', get('/admin/audit?cursor=nonsense')],
      ['unknown page', get('/admin/nothing-here')],
      ['restore of no version', post(test.app, '/admin/slots/1/restore', eddie, { version: '999999' })],
      ['restore without a version', post(test.app, '/admin/slots/1/restore', eddie, {})],
      ['categories unreadable', post(test.app, '/admin/categories', eddie, { categories: 'no colon here' })],
      ['categories not emojis', post(test.app, '/admin/categories', eddie, { categories: 'luck: a b' })],
      ['a JSON body', test.app.inject({ method: 'POST', url: '/admin/slots/new', headers: { 'content-type': 'application/json', cookie: eddie.cookie, origin: 'http://localhost:80' }, payload: JSON.stringify({ _csrf: eddie.csrf, name: ['x'] }) })],
      ['a multipart body', test.app.inject({ method: 'POST', url: '/admin/slots/new', headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: eddie.cookie }, payload: '--x--' })],
      ['an oversized body', post(test.app, '/admin/slots/new', eddie, slot({ review: 'x'.repeat(600_000) }))],
      ['a redirect elsewhere after sign-in', test.app.inject({ url: '/admin/sign-in?next=https://evil.example/' })],
    ];
    for (const [what, answer] of cases) {
      const { statusCode } = await answer;
      assert.ok(statusCode >= 200 && statusCode < 500, `${what}: ${statusCode}`);
    }
    const bounced = await test.app.inject({ url: '/admin/sign-in?next=https://evil.example/' });
    assert.match(bounced.body, /name="next" value="\/admin"/);
  });
});
