import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuditAction } from '../../../src/store/access.js';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, FORM, signIn, type Signed } from '../../support/console.js';
import { json } from '../../support/http.js';
import { startReceiver, type Receiver } from '../../support/receiver.js';

/** A console form as a browser sends it: ticked checkboxes repeat their name. */
function send(test: TestApp, url: string, signed: Signed, pairs: readonly (readonly [string, string])[] = [], csrf = signed.csrf) {
  return test.app.inject({ method: 'POST', url, headers: { ...FORM, cookie: signed.cookie }, payload: new URLSearchParams([['_csrf', csrf], ...pairs.map(([name, value]): [string, string] => [name, value])]).toString() });
}

const endpointFields = (url: string, events: readonly string[], description = '', status?: string) => [
  ['url', url],
  ...events.map((event) => ['events', event] as const),
  ['description', description],
  ...(status === undefined ? [] : [['status', status] as const]),
] as const;

const secretOn = (page: string) => /<code id="webhook-secret">(whsec_[^<]+)<\/code>/.exec(page)?.[1];
const fieldError = (page: string, field: string) => new RegExp(`<span class="field-error" id="webhook-${field}-error">([^<]*)</span>`).exec(page)?.[1];

interface ApiEndpoint {
  id: number;
  url: string;
  events: string[];
  description: string;
  status: string;
}

/**
 * The console's webhooks pages (decisions §18, §19): the admin API's webhook operations as forms for
 * owners, through the same service, with the API's messages beside the fields and the same audit.
 */
describe('console webhooks pages', () => {
  let test: TestApp;
  let receiver: Receiver;
  let olive: Signed;
  before(async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' } });
    receiver = await startReceiver();
    await addOperator(test.store.access, 'olive', 'owner');
    await addOperator(test.store.access, 'eddie', 'editor');
    olive = await signIn(test.app, 'olive');
  });
  after(async () => {
    await receiver.close();
    await test.close();
  });

  const endpoints = async () => json<{ webhooks: ApiEndpoint[] }>(await test.app.inject({ url: '/api/admin/webhooks', headers: AUTH })).webhooks;
  const latestAudit = async (action: AuditAction) => (await test.store.access.audit({ action, limit: 1 }))[0];
  const page = (url: string, signed = olive) => test.app.inject({ url, headers: { cookie: signed.cookie } });

  async function created(description: string): Promise<{ id: number; secret: string }> {
    const answer = await send(test, '/admin/webhooks', olive, endpointFields(receiver.url, ['slot.upserted', 'slot.deleted'], description));
    assert.equal(answer.statusCode, 200, answer.body.slice(0, 500));
    const secret = secretOn(answer.body);
    assert.ok(secret !== undefined, 'the new secret is on the page');
    const made = (await endpoints()).find((endpoint) => endpoint.description === description);
    assert.ok(made !== undefined);
    return { id: made.id, secret };
  }

  it('adds an endpoint, shows its secret this once, lists it escaped, and audits webhook.create', async () => {
    const { id, secret } = await created('Partner <b>site</b>');
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const [endpoint] = (await endpoints()).filter((line) => line.id === id);
    assert.deepEqual({ url: endpoint?.url, events: endpoint?.events, status: endpoint?.status }, { url: receiver.url, events: ['slot.upserted', 'slot.deleted'], status: 'enabled' });
    const listed = await page('/admin/webhooks');
    assert.equal(listed.statusCode, 200);
    assert.match(listed.body, new RegExp(`<a href="/admin/webhooks/${id}">[^<]+</a></td><td>slot\\.upserted, slot\\.deleted</td><td>enabled</td><td>Partner &lt;b&gt;site&lt;/b&gt;</td>`));
    assert.equal(listed.body.includes(secret), false, 'the secret is shown once only');
    assert.equal((await page(`/admin/webhooks/${id}`)).body.includes(secret), false);
    const audit = await latestAudit('webhook.create');
    assert.deepEqual([audit?.actor, audit?.target], [{ type: 'operator', name: 'olive' }, { type: 'webhook', id: String(id), url: receiver.url, events: ['slot.upserted', 'slot.deleted'] }]);
  });

  it('refuses a bad endpoint with the API\'s messages beside the fields, keeping what was typed, and stores nothing', async () => {
    const before = (await endpoints()).length;
    const scheme = await send(test, '/admin/webhooks', olive, endpointFields('ftp://partner.example/hooks', ['catalogue.imported'], 'Kept <text>'));
    assert.equal(scheme.statusCode, 400);
    assert.match(fieldError(scheme.body, 'url') ?? '', /^url: must be http or https/);
    assert.match(scheme.body, /id="webhook-url"[^>]*value="ftp:\/\/partner\.example\/hooks"[^>]*aria-invalid="true"/);
    assert.match(scheme.body, /value="Kept &lt;text&gt;"/);
    assert.match(scheme.body, /value="catalogue\.imported" checked/);
    assert.doesNotMatch(scheme.body, /value="slot\.upserted" checked/);
    const noEvents = await send(test, '/admin/webhooks', olive, endpointFields('http://127.0.0.1:9/x', []));
    assert.equal(noEvents.statusCode, 400);
    assert.match(fieldError(noEvents.body, 'events') ?? '', /^events: /);
    assert.equal(fieldError(noEvents.body, 'url'), undefined);
    const unknownEvent = await send(test, '/admin/webhooks', olive, endpointFields('http://127.0.0.1:9/x', ['slot.renamed']));
    assert.equal(unknownEvent.statusCode, 400);
    assert.match(fieldError(unknownEvent.body, 'events') ?? '', /events/);
    const credentials = await send(test, '/admin/webhooks', olive, endpointFields('https://user:pass@partner.example/', ['slot.deleted']));
    assert.equal(credentials.statusCode, 400);
    assert.match(fieldError(credentials.body, 'url') ?? '', /user name or password/);
    assert.equal((await endpoints()).length, before);
  });

  it('saves a change of every field and the delivery status, audited; refuses a bad one beside its field', async () => {
    const { id } = await created('to change');
    const saved = await send(test, `/admin/webhooks/${id}`, olive, endpointFields(`${receiver.url}?v=2`, ['categories.replaced'], 'changed', 'disabled'));
    assert.equal(saved.statusCode, 303);
    assert.equal(saved.headers.location, `/admin/webhooks/${id}?saved=1`);
    const endpoint = (await endpoints()).find((line) => line.id === id);
    assert.deepEqual(endpoint && { url: endpoint.url, events: endpoint.events, description: endpoint.description, status: endpoint.status }, { url: `${receiver.url}?v=2`, events: ['categories.replaced'], description: 'changed', status: 'disabled' });
    assert.match((await page(`/admin/webhooks/${id}?saved=1`)).body, /The endpoint was saved\./);
    assert.deepEqual((await latestAudit('webhook.update'))?.target, { type: 'webhook', id: String(id), url: `${receiver.url}?v=2`, events: ['categories.replaced'] });
    const bad = await send(test, `/admin/webhooks/${id}`, olive, endpointFields('mailto:someone@example.com', ['slot.upserted'], 'typed'));
    assert.equal(bad.statusCode, 400);
    assert.match(fieldError(bad.body, 'url') ?? '', /^url: must be http or https/);
    assert.match(bad.body, /value="mailto:someone@example\.com"/);
    assert.equal((await endpoints()).find((line) => line.id === id)?.url, `${receiver.url}?v=2`, 'nothing changed');
    assert.equal((await send(test, '/admin/webhooks/999999', olive, endpointFields(receiver.url, ['slot.upserted']))).statusCode, 404);
  });

  it('rotates the secret, showing the new one once, audited as webhook.rotate', async () => {
    const { id, secret } = await created('to rotate');
    const rotated = await send(test, `/admin/webhooks/${id}/rotate-secret`, olive);
    assert.equal(rotated.statusCode, 200);
    const fresh = secretOn(rotated.body);
    assert.ok(fresh !== undefined && fresh !== secret);
    assert.match(rotated.body, /24 hours/);
    assert.equal((await page(`/admin/webhooks/${id}`)).body.includes(fresh), false);
    assert.deepEqual((await latestAudit('webhook.rotate'))?.actor, { type: 'operator', name: 'olive' });
  });

  it('sends a signed test event and lists the attempt', async () => {
    const { id } = await created('to test');
    const before = receiver.received.length;
    const tested = await send(test, `/admin/webhooks/${id}/test`, olive);
    assert.equal(tested.statusCode, 200);
    assert.match(tested.body, /The test event was sent: HTTP 200/);
    assert.equal(receiver.received.length, before + 1);
    const last = receiver.received.at(-1);
    assert.equal((JSON.parse(last?.body ?? '{}') as { type?: string }).type, 'webhook.test');
    assert.match(String(last?.headers['webhook-signature']), /^v1,/);
    const shown = await page(`/admin/webhooks/${id}`);
    assert.match(shown.body, /<td>test event<\/td><td>200<\/td>/);
  });

  it('deletes only after its confirmation, audited as webhook.delete', async () => {
    const { id } = await created('to delete');
    const confirmation = await page(`/admin/webhooks/${id}/delete`);
    assert.equal(confirmation.statusCode, 200);
    assert.match(confirmation.body, new RegExp(`<form class="console-form" method="post" action="/admin/webhooks/${id}/delete">`));
    assert.ok((await endpoints()).some((line) => line.id === id), 'the confirmation page changes nothing');
    const deleted = await send(test, `/admin/webhooks/${id}/delete`, olive);
    assert.equal(deleted.statusCode, 303);
    assert.equal(deleted.headers.location, '/admin/webhooks?deleted=1');
    assert.ok(!(await endpoints()).some((line) => line.id === id));
    assert.equal((await page(`/admin/webhooks/${id}`)).statusCode, 404);
    assert.equal((await send(test, `/admin/webhooks/${id}/delete`, olive)).statusCode, 404);
    assert.deepEqual((await latestAudit('webhook.delete'))?.target?.id, String(id));
  });

  it('refuses every change without the session\'s CSRF token, or with another session\'s, and changes nothing', async () => {
    const { id } = await created('guarded');
    const other = await signIn(test.app, 'olive');
    const count = (await endpoints()).length;
    for (const csrf of ['', other.csrf.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      for (const [url, pairs] of [
        ['/admin/webhooks', endpointFields(receiver.url, ['slot.upserted'], 'forged')],
        [`/admin/webhooks/${id}`, endpointFields('http://127.0.0.1:9/forged', ['slot.upserted'])],
        [`/admin/webhooks/${id}/rotate-secret`, []],
        [`/admin/webhooks/${id}/test`, []],
        [`/admin/webhooks/${id}/delete`, []],
      ] as const) {
        assert.equal((await send(test, url, olive, pairs, csrf)).statusCode, 403, `${url} with token "${csrf.slice(0, 6)}"`);
      }
    }
    // A token another session holds is not this session's.
    assert.equal((await send(test, `/admin/webhooks/${id}/delete`, olive, [], other.csrf)).statusCode, 403);
    assert.equal((await endpoints()).length, count);
    assert.equal((await endpoints()).find((line) => line.id === id)?.url, receiver.url);
  });

  it('answers an editor 403 on every webhooks page and form', async () => {
    const { id } = await created('owners only');
    const eddie = await signIn(test.app, 'eddie');
    for (const url of ['/admin/webhooks', `/admin/webhooks/${id}`, `/admin/webhooks/${id}/delete`]) assert.equal((await page(url, eddie)).statusCode, 403, url);
    for (const url of ['/admin/webhooks', `/admin/webhooks/${id}`, `/admin/webhooks/${id}/rotate-secret`, `/admin/webhooks/${id}/test`, `/admin/webhooks/${id}/delete`]) {
      assert.equal((await send(test, url, eddie, endpointFields(receiver.url, ['slot.upserted']))).statusCode, 403, url);
    }
    assert.ok((await endpoints()).some((line) => line.id === id));
    assert.doesNotMatch((await page('/admin', eddie)).body, /href="\/admin\/webhooks"/);
  });
});

describe('console webhooks pages without WEBHOOK_ALLOW_PRIVATE', () => {
  let test: TestApp;
  before(async () => {
    test = await startTestApp({ env: { ADMIN_TOKEN } });
    await addOperator(test.store.access, 'olive', 'owner');
  });
  after(() => test.close());

  it('refuses a private address beside the URL field, with the message of the API', async () => {
    const olive = await signIn(test.app, 'olive');
    const url = 'http://169.254.169.254/latest/meta-data/';
    const page = await send(test, '/admin/webhooks', olive, endpointFields(url, ['slot.upserted']));
    const api = await test.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url, events: ['slot.upserted'] } });
    assert.equal(page.statusCode, 400);
    assert.equal(api.statusCode, 400);
    const message = fieldError(page.body, 'url');
    assert.match(message ?? '', /loopback, private or link-local/);
    assert.equal(message, json<{ message: string }>(api).message);
  });
});
