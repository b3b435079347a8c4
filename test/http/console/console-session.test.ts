import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, cookieOf, FORM, form, post, signIn } from '../../support/console.js';

describe('console sessions', () => {
  let test: TestApp;
  before(async () => {
    test = await startTestApp();
    await addOperator(test.store.access, 'olive', 'owner');
    await addOperator(test.store.access, 'eddie', 'editor');
  });
  after(() => test.close());

  it('sends a signed-out browser to the sign-in page, keeping where it was going', async () => {
    const response = await test.app.inject({ url: '/admin/slots?q=wild' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/admin/sign-in?next=%2Fadmin%2Fslots%3Fq%3Dwild');
  });

  it('signs in with an HttpOnly, SameSite=Strict, Path=/ cookie and a fresh id every time', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'olive', password: 'correct horse battery staple', next: '/admin/slots' }) });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/admin/slots');
    const header = String(response.headers['set-cookie']);
    assert.match(header, /^slotmoji-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const again = await signIn(test.app, 'olive');
    assert.notEqual(again.cookie, cookieOf(response.headers['set-cookie']));
  });

  it('is Secure and __Host- prefixed over HTTPS as a trusted proxy reports it', async () => {
    const proxied = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    try {
      await addOperator(proxied.store.access, 'olive', 'owner');
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/admin/sign-in',
        remoteAddress: '127.0.0.1',
        headers: { ...FORM, origin: 'https://console.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example' },
        payload: form({ name: 'olive', password: 'correct horse battery staple' }),
      });
      assert.equal(response.statusCode, 303);
      assert.match(String(response.headers['set-cookie']), /^__Host-slotmoji-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    } finally {
      await proxied.close();
    }
  });

  it('does not keep an id the browser held before signing in (fixation)', async () => {
    const planted = 'slotmoji-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const response = await test.app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, cookie: planted }, payload: form({ name: 'eddie', password: 'correct horse battery staple' }) });
    assert.equal(response.statusCode, 303);
    assert.notEqual(cookieOf(response.headers['set-cookie']), planted);
    assert.equal((await test.app.inject({ url: '/admin', headers: { cookie: planted } })).statusCode, 303);
  });

  it('answers an unknown name and a wrong password alike', async () => {
    const unknown = await test.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'nobody', password: 'whatever whatever' }) });
    const wrong = await test.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'eddie', password: 'whatever whatever' }) });
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.statusCode, 401);
    const message = (body: string) => /role="alert">([^<]*)</.exec(body)?.[1];
    assert.equal(message(unknown.body), message(wrong.body));
    assert.equal(unknown.headers['set-cookie'], undefined);
    // The same headers too (but for what differs per request): the challenge RFC 9110 asks of a 401 on both.
    const alike = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'x-request-id', 'x-response-time', 'content-length'].includes(name)));
    assert.deepEqual(alike(unknown.headers), alike(wrong.headers));
    assert.equal(unknown.headers['www-authenticate'], 'Form realm="slotmoji console"');
  });

  it('names how to sign in on every 401: a POST after the session ended gets the challenge too, and no browser dialog scheme', async () => {
    const signed = await signIn(test.app, 'eddie');
    assert.equal((await post(test.app, '/admin/sign-out', signed)).statusCode, 303);
    const ended = await post(test.app, '/admin/categories', signed, { categories: 'luck: 🍀' });
    assert.equal(ended.statusCode, 401);
    assert.equal(ended.headers['www-authenticate'], 'Form realm="slotmoji console"');
    assert.doesNotMatch(String(ended.headers['www-authenticate']), /^(Basic|Digest|Negotiate|NTLM)\b/i);
    // Answers other than 401 carry no challenge.
    assert.equal((await test.app.inject({ url: '/admin/sign-in' })).headers['www-authenticate'], undefined);
  });

  it('ends the session at sign-out: the old cookie opens nothing', async () => {
    const signed = await signIn(test.app, 'eddie');
    assert.equal((await test.app.inject({ url: '/admin', headers: { cookie: signed.cookie } })).statusCode, 200);
    const out = await post(test.app, '/admin/sign-out', signed);
    assert.equal(out.statusCode, 303);
    assert.equal((await test.app.inject({ url: '/admin', headers: { cookie: signed.cookie } })).statusCode, 303);
  });

  it('refuses a POST without the token, with another session\'s token, and from another origin', async () => {
    const eddie = await signIn(test.app, 'eddie');
    const olive = await signIn(test.app, 'olive');
    const fields = { categories: 'luck: 🍀 🎲 🎰' };
    assert.equal((await post(test.app, '/admin/categories', { ...eddie, csrf: '' }, fields)).statusCode, 403);
    assert.equal((await post(test.app, '/admin/categories', { ...eddie, csrf: olive.csrf }, fields)).statusCode, 403);
    assert.equal((await post(test.app, '/admin/categories', eddie, fields, { origin: 'https://evil.example' })).statusCode, 403);
    const fromReferer = await test.app.inject({
      method: 'POST',
      url: '/admin/categories',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: eddie.cookie, referer: 'https://evil.example/page' },
      payload: form({ _csrf: eddie.csrf, ...fields }),
    });
    assert.equal(fromReferer.statusCode, 403);
    assert.equal((await post(test.app, '/admin/categories', eddie, fields)).statusCode, 303);
  });

  it('shows owners-only pages to owners, and refuses them to editors with 403', async () => {
    const eddie = await signIn(test.app, 'eddie');
    const olive = await signIn(test.app, 'olive');
    for (const url of ['/admin/operators', '/admin/tokens', '/admin/webhooks']) {
      assert.equal((await test.app.inject({ url, headers: { cookie: eddie.cookie } })).statusCode, 403, url);
      assert.equal((await test.app.inject({ url, headers: { cookie: olive.cookie } })).statusCode, 200, url);
    }
    for (const [url, fields] of [
      ['/admin/operators', { name: 'mallory', role: 'owner', password: 'correct horse battery staple' }],
      ['/admin/tokens', { name: 'script', scope: 'admin' }],
      ['/admin/operators/olive/disable', {}],
      ['/admin/tokens/1/revoke', {}],
    ] as const) {
      assert.equal((await post(test.app, url, eddie, fields)).statusCode, 403, url);
    }
  });

  it('ends every session of an operator the moment an owner disables it', async () => {
    await addOperator(test.store.access, 'dana', 'editor');
    const dana = await signIn(test.app, 'dana');
    const olive = await signIn(test.app, 'olive');
    assert.equal((await post(test.app, '/admin/operators/dana/disable', olive)).statusCode, 200);
    assert.equal((await test.app.inject({ url: '/admin', headers: { cookie: dana.cookie } })).statusCode, 303);
    assert.equal((await test.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'dana', password: 'correct horse battery staple' }) })).statusCode, 401);
  });

  it("lets an owner set an operator's password: the old one stops working, the operator's sessions end, the audit names the owner", async () => {
    await addOperator(test.store.access, 'pat', 'editor');
    const pat = await signIn(test.app, 'pat');
    const olive = await signIn(test.app, 'olive');
    const page = await test.app.inject({ url: '/admin/operators', headers: { cookie: olive.cookie } });
    assert.match(page.body, /<form class="console-form" method="post" action="\/admin\/operators\/password">/);
    assert.match(page.body, /<select id="password-operator" name="name">.*<option>pat<\/option>/);

    const fresh = 'a brand new passphrase for pat';
    const set = await post(test.app, '/admin/operators/password', olive, { name: 'pat', password: fresh });
    assert.equal(set.statusCode, 200);
    assert.match(set.body, /pat has a new password; their sessions have ended\./);
    assert.doesNotMatch(set.body, new RegExp(fresh));
    assert.equal((await test.app.inject({ url: '/admin', headers: { cookie: pat.cookie } })).statusCode, 303);
    const signInWith = async (password: string) => (await test.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'pat', password }) })).statusCode;
    assert.equal(await signInWith('correct horse battery staple'), 401);
    assert.equal(await signInWith(fresh), 303);
    const [entry] = await test.store.access.audit({ action: 'operator.passwd', limit: 1 });
    assert.deepEqual({ actor: entry?.actor, target: entry?.target }, { actor: { type: 'operator', name: 'olive' }, target: { type: 'operator', id: 'pat' } });
  });

  it('refuses a password the rules do not allow beside its form, keeping the chosen operator, and changes nothing', async () => {
    await addOperator(test.store.access, 'quinn', 'editor');
    const quinn = await signIn(test.app, 'quinn');
    const olive = await signIn(test.app, 'olive');
    const before = (await test.store.access.audit({ action: 'operator.passwd', limit: 200 })).length;
    const short = await post(test.app, '/admin/operators/password', olive, { name: 'quinn', password: 'too short' });
    assert.equal(short.statusCode, 400);
    assert.match(short.body, /<p class="field-error" id="password-problem" role="alert">password: [^<]+<\/p>/);
    assert.doesNotMatch(short.body, /id="operator-problem"/, 'not beside the form that adds operators');
    assert.match(short.body, /<option selected>quinn<\/option>/);
    const long = await post(test.app, '/admin/operators/password', olive, { name: 'quinn', password: 'x'.repeat(1025) });
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /id="password-problem" role="alert">password: /);
    const empty = await post(test.app, '/admin/operators/password', olive);
    assert.equal(empty.statusCode, 400, 'a form without its fields');
    assert.match(empty.body, /id="password-problem" role="alert">password: /);
    const unknown = await post(test.app, '/admin/operators/password', olive, { name: 'nobody', password: 'a long enough passphrase' });
    assert.equal(unknown.statusCode, 404);
    assert.match(unknown.body, /There is no operator &quot;nobody&quot;\./);
    assert.equal((await test.store.access.audit({ action: 'operator.passwd', limit: 200 })).length, before);
    assert.equal((await test.app.inject({ url: '/admin', headers: { cookie: quinn.cookie } })).statusCode, 200, 'the session goes on');
    const eddie = await signIn(test.app, 'eddie');
    assert.equal((await post(test.app, '/admin/operators/password', eddie, { name: 'quinn', password: 'a long enough passphrase' })).statusCode, 403);
  });

  it('sends console pages uncached, unindexed and unframeable, without unsafe-inline', async () => {
    const { cookie } = await signIn(test.app, 'olive');
    for (const url of ['/admin/sign-in', '/admin', '/admin/slots', '/admin/slots/new', '/admin/slots/1/edit', '/admin/slots/1/history', '/admin/slots/1/delete', '/admin/categories', '/admin/audit', '/admin/operators', '/admin/tokens', '/admin/webhooks']) {
      const response = await test.app.inject({ url, headers: { cookie } });
      assert.equal(response.statusCode, 200, url);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow');
      assert.match(response.body, /<meta name="robots" content="noindex">/);
    }
    const robots = await test.app.inject({ url: '/robots.txt' });
    assert.match(robots.body, /^Disallow: \/admin$/m);
  });

  it('does not count console pages against the public rate limits', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      await addOperator(limited.store.access, 'olive', 'owner');
      const { cookie } = await signIn(limited.app, 'olive');
      for (let request = 0; request < 10; request++) {
        const response = await limited.app.inject({ url: '/admin/slots', headers: { cookie } });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['x-ratelimit-limit'], undefined);
      }
      const api = [await limited.app.inject({ url: '/api/slots' }), await limited.app.inject({ url: '/api/slots' }), await limited.app.inject({ url: '/api/slots' })];
      assert.deepEqual(api.map((response) => response.statusCode), [200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
