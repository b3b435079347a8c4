import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, signIn } from '../../support/console.js';
import { json } from '../../support/http.js';

describe("the console's audit page", () => {
  let test: TestApp;
  before(async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    await addOperator(test.store.access, 'olive', 'owner');
  });
  after(() => test.close());

  it('tells a revoked token and a deleted endpoint apart by what they were, never by a secret', async () => {
    const created = await test.app.inject({ method: 'POST', url: '/api/admin/tokens', headers: AUTH, payload: { name: 'nightly export', scope: 'read', expiresAt: '2031-01-01T00:00:00.000Z' } });
    const token = json<{ id: number; secret: string }>(created);
    assert.equal((await test.app.inject({ method: 'DELETE', url: `/api/admin/tokens/${token.id}`, headers: AUTH })).statusCode, 204);
    const endpoint = await test.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url: 'http://127.0.0.1:9/hooks', events: ['slot.upserted', 'slot.deleted'] } });
    const { id: endpointId, secret } = json<{ id: number; secret: string }>(endpoint);
    assert.equal((await test.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${endpointId}`, headers: AUTH })).statusCode, 204);

    const olive = await signIn(test.app, 'olive');
    const page = await test.app.inject({ url: '/admin/audit', headers: { cookie: olive.cookie } });
    assert.equal(page.statusCode, 200);
    const rows = page.body.split('<tr>').filter((row) => row.includes('<td>'));
    const rowOf = (action: string) => rows.find((row) => row.includes(`<td>${action}</td>`)) ?? assert.fail(`no ${action} row`);
    for (const action of ['token.create', 'token.revoke']) {
      assert.match(rowOf(action), new RegExp(`token ${token.id} <span class="muted">“nightly export” \\(read, expires <time datetime="2031-01-01T00:00:00.000Z">2031-01-01</time>\\)</span>`), action);
    }
    for (const action of ['webhook.create', 'webhook.delete']) {
      assert.match(rowOf(action), new RegExp(`webhook ${endpointId} <span class="muted">http://127.0.0.1:9/hooks \\(slot.upserted, slot.deleted\\)</span>`), action);
    }
    assert.ok(!page.body.includes(token.secret), 'no token secret');
    assert.ok(!page.body.includes(secret), 'no endpoint secret');
  });
});
