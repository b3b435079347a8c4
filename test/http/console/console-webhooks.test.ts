import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, signIn } from '../../support/console.js';

/** The console's webhooks page lists what `/api/admin/webhooks` manages, as text, and never a secret. */
describe('console webhooks page', () => {
  let test: TestApp;
  before(async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await addOperator(test.store.access, 'olive', 'owner');
  });
  after(() => test.close());

  it('lists each endpoint with its events and status, escaped, without its secret', async () => {
    const owner = await signIn(test.app, 'olive');
    const empty = await test.app.inject({ url: '/admin/webhooks', headers: { cookie: owner.cookie } });
    assert.equal(empty.statusCode, 200);
    assert.match(empty.body, /No webhook endpoints\./);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: AUTH,
      payload: { url: 'http://127.0.0.1:9/hooks?a=1&b=<2>', events: ['slot.upserted'], description: 'Partner <b>site</b>' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const { secret } = JSON.parse(created.body) as { secret: string };
    const page = await test.app.inject({ url: '/admin/webhooks', headers: { cookie: owner.cookie } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<td>http:\/\/127\.0\.0\.1:9\/hooks\?a=1&amp;b=%3C2%3E<\/td><td>slot\.upserted<\/td><td>enabled<\/td><td>Partner &lt;b&gt;site&lt;\/b&gt;<\/td>/);
    assert.equal(page.body.includes(secret.slice(6)), false, 'no secret on the page');
  });
});
