import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { PostgresStore } from '../../src/store/postgres.js';
import { ADMIN_TOKEN, AUTH, startAdminApp } from '../support/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { errorMessage, json } from '../support/http.js';
import { createTestDatabase } from '../support/postgres.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

const EVENTS = ['slot.upserted', 'slot.deleted'];

describe('/api/admin/webhooks', () => {
  let test: TestApp | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await receiver?.close();
    await test?.close();
    [test, receiver] = [undefined, undefined];
  });
  const create = (app: TestApp, payload: unknown) => app.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: payload as object });
  const listed = async (app: TestApp) => json<{ webhooks: unknown[] }>(await app.app.inject({ url: '/api/admin/webhooks', headers: AUTH })).webhooks;

  it('refuses, without WEBHOOK_ALLOW_PRIVATE, every URL that is not public http(s): a 400 naming url, and nothing stored', async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN } });
    for (const [url, expected] of [
      ['https://user:pass@partner.example/hooks', /user name or password/],
      ['file:///etc/passwd', /must be http or https/],
      ['javascript:alert(1)', /must be http or https/],
      ['http://127.0.0.1:8080/hooks', /loopback, private or link-local/],
      ['http://192.168.0.10/hooks', /loopback, private or link-local/],
      ['http://169.254.169.254/latest/meta-data/', /loopback, private or link-local/],
      ['http://[::1]:3000/', /loopback, private or link-local/],
      ['http://localhost:3000/hooks', /localhost \(127\.0\.0\.1\) is a loopback/],
      ['not a url', /not an absolute URL/],
    ] as const) {
      const message = errorMessage(await create(test, { url, events: EVENTS }), 400);
      assert.match(message, /^url: /, url);
      assert.match(message, expected, url);
    }
    for (const [payload, expected] of [
      [{ url: 'https://partner.example/', events: [] }, /events/],
      [{ url: 'https://partner.example/', events: ['slot.renamed'] }, /events/],
      [{ url: 'https://partner.example/', events: ['slot.deleted', 'slot.deleted'] }, /events/],
      [{ events: EVENTS }, /url/],
      [{ url: 'https://partner.example/', events: EVENTS, secret: 'mine' }, /secret/],
      [[1, 2], /body: must be a JSON object/],
    ] as const) {
      assert.match(errorMessage(await create(test, payload), 400), expected, JSON.stringify(payload));
    }
    assert.deepEqual(await listed(test), []);
  });

  it('creates an endpoint with its secret shown once, lists, updates and deletes it; unknown ids are 404', async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    const answer = await create(test, { url: 'http://127.0.0.1:9/hooks', events: EVENTS, description: 'ours' });
    assert.equal(answer.statusCode, 201, answer.body);
    const created = json<{ id: number; url: string; events: string[]; description: string; status: string; secret: string }>(answer);
    assert.equal(answer.headers.location, `/api/admin/webhooks/${created.id}`);
    assert.deepEqual([created.url, created.events, created.description, created.status], ['http://127.0.0.1:9/hooks', EVENTS, 'ours', 'enabled']);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(created.secret.slice(6), 'base64').length, 32);
    const [only] = (await listed(test)) as Record<string, unknown>[];
    assert.equal(only?.['secret'], undefined, 'the list never shows a secret');
    const updated = await test.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${created.id}`, headers: AUTH, payload: { url: 'http://127.0.0.1:10/other', events: ['catalogue.imported'], status: 'disabled' } });
    assert.deepEqual(
      (({ url, events, description, status }) => ({ url, events, description, status }))(json<Record<string, unknown>>(updated)),
      { url: 'http://127.0.0.1:10/other', events: ['catalogue.imported'], description: '', status: 'disabled' },
    );
    for (const [method, url] of [['PUT', '/api/admin/webhooks/42'], ['POST', '/api/admin/webhooks/42/test'], ['POST', '/api/admin/webhooks/42/rotate-secret'], ['GET', '/api/admin/webhooks/42/attempts'], ['DELETE', '/api/admin/webhooks/abc']] as const) {
      const refused = await test.app.inject({ method, url, headers: AUTH, ...(method === 'PUT' ? { payload: { url: 'http://127.0.0.1:9/', events: EVENTS } } : {}) });
      assert.match(errorMessage(refused, 404), /webhook endpoint .* not found/, url);
    }
    assert.equal((await test.app.inject({ method: 'DELETE', url: `/api/admin/webhooks/${created.id}`, headers: AUTH })).statusCode, 204);
    assert.deepEqual(await listed(test), []);
    assert.equal((await test.app.inject({ method: 'GET', url: '/api/admin/webhooks' })).statusCode, 401, 'owners only, behind the admin credentials');
  });

  for (const kind of ['SQLite', 'PostgreSQL'] as const) {
    it(`audits every change to an endpoint with who made it, in the same transaction, never its secret; a write token is refused (${kind})`, async () => {
      const database = kind === 'PostgreSQL' ? await createTestDatabase() : undefined;
      const env = { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' };
      const served = database ? await startAdminApp(new PostgresStore(database.url), { env }) : await startTestApp({ env });
      try {
        const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = AUTH) =>
          served.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        const created = json<{ id: number; secret: string }>(await send('POST', '/api/admin/webhooks', { url: 'http://127.0.0.1:9/hooks', events: EVENTS }));
        const path = `/api/admin/webhooks/${created.id}`;
        assert.equal((await send('PUT', path, { url: 'http://127.0.0.1:9/other', events: EVENTS })).statusCode, 200);
        const rotated = json<{ secret: string }>(await send('POST', `${path}/rotate-secret`));
        assert.equal((await send('DELETE', path)).statusCode, 204);
        assert.equal((await send('DELETE', path)).statusCode, 404, 'nothing to delete, nothing audited');
        const audit = await send('GET', '/api/admin/audit?limit=200');
        const entries = json<{ entries: { action: string; actor: unknown; target: unknown }[] }>(audit).entries.filter((entry) => entry.action.startsWith('webhook.'));
        assert.deepEqual(
          entries.map(({ action, actor, target }) => ({ action, actor, target })),
          // Each entry describes the endpoint as it was then, so a deleted one can still be told apart.
          [
            ['webhook.delete', 'http://127.0.0.1:9/other'],
            ['webhook.rotate', 'http://127.0.0.1:9/other'],
            ['webhook.update', 'http://127.0.0.1:9/other'],
            ['webhook.create', 'http://127.0.0.1:9/hooks'],
          ].map(([action, url]) => ({ action, actor: { type: 'admin-token', name: 'admin-token' }, target: { type: 'webhook', id: String(created.id), url, events: EVENTS } })),
        );
        for (const secret of [created.secret, rotated.secret]) assert.equal(audit.body.includes(secret.slice(6)), false, 'no secret in the audit');
        const token = json<{ secret: string }>(await send('POST', '/api/admin/tokens', { name: 'importer', scope: 'write' }));
        const refused = await send('POST', '/api/admin/webhooks', { url: 'http://127.0.0.1:9/', events: EVENTS }, { authorization: `Bearer ${token.secret}` });
        assert.match(errorMessage(refused, 403), /"admin" scope/);
        assert.deepEqual(json<{ webhooks: unknown[] }>(await send('GET', '/api/admin/webhooks')).webhooks, [], 'the refused create stored nothing');
      } finally {
        await served.close();
        await database?.drop();
      }
    });
  }

  it('signs a test event; after a rotation with both the new secret and, for 24 hours, the old one', async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
    const created = json<{ id: number; secret: string }>(await create(test, { url: receiver.url, events: EVENTS }));
    const tested = json<{ status: number; sequence: null; messageId: string }>(await test.app.inject({ method: 'POST', url: `/api/admin/webhooks/${created.id}/test`, headers: AUTH }));
    assert.deepEqual([tested.status, tested.sequence], [200, null]);
    const first = receiver.received[0];
    assert.ok(first !== undefined);
    assert.deepEqual(new Webhook(created.secret).verify(first.body, first.headers as Record<string, string>), { type: 'webhook.test', time: JSON.parse(first.body).time, endpoint: created.id });
    assert.equal(first.headers['webhook-id'], tested.messageId);

    const rotated = json<{ secret: string }>(await test.app.inject({ method: 'POST', url: `/api/admin/webhooks/${created.id}/rotate-secret`, headers: AUTH }));
    assert.notEqual(rotated.secret, created.secret);
    await test.app.inject({ method: 'POST', url: `/api/admin/webhooks/${created.id}/test`, headers: AUTH });
    const second = receiver.received[1];
    assert.ok(second !== undefined);
    assert.equal(String(second.headers['webhook-signature']).split(' ').length, 2, 'two signatures while the old secret still signs');
    for (const secret of [rotated.secret, created.secret]) new Webhook(secret).verify(second.body, second.headers as Record<string, string>);
    const attempts = json<{ attempts: { status: number }[] }>(await test.app.inject({ url: `/api/admin/webhooks/${created.id}/attempts`, headers: AUTH }));
    assert.deepEqual(attempts.attempts.map((attempt) => attempt.status), [200, 200]);
  });
});
