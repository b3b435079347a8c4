import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { WebhookDelivery } from '../../src/webhooks/delivery.js';
import { AUTH, startAdminApp, type AdminApp } from '../support/admin.js';
import { slotFields } from '../support/fixtures.js';
import { createTestDatabase } from '../support/postgres.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

/** The retry schedule of decisions §19 in milliseconds instead of minutes, so the test waits for none of it. */
const SHORT_DELAYS = [50, 50, 50, 50, 50, 50, 50];
/**
 * How long a delivery waits for the receiver: the test's one hung answer waits it out. At 400 ms a loaded
 * machine's slow 410 was once taken for a time-out, retried and followed by the next change.
 */
const TIMEOUT_MS = 2_000;

interface Setup {
  readonly app: AdminApp;
  readonly store: Store;
  close(): Promise<void>;
}

const KINDS: readonly { readonly name: string; setUp(): Promise<Setup> }[] = [
  {
    name: 'SQLite',
    async setUp() {
      const dir = mkdtempSync(join(tmpdir(), 'slotmoji-webhooks-'));
      const store = new SqliteStore(join(dir, 'hooks.db'));
      const app = await startAdminApp(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      return { app, store, close: async () => (await app.close(), rmSync(dir, { recursive: true, force: true })) };
    },
  },
  {
    name: 'PostgreSQL',
    async setUp() {
      const database = await createTestDatabase();
      const store = new PostgresStore(database.url);
      const app = await startAdminApp(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      return { app, store, close: async () => (await app.close(), await database.drop()) };
    },
  },
];

async function endpoint(app: AdminApp, url: string, events = ['slot.upserted', 'slot.deleted']): Promise<{ id: number; secret: string }> {
  const answer = await app.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url, events, description: 'test receiver' } });
  assert.equal(answer.statusCode, 201, answer.body);
  return answer.json<{ id: number; secret: string }>();
}

const create = async (app: AdminApp, name: string) => {
  const answer = await app.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name }) });
  assert.equal(answer.statusCode, 201, answer.body);
  return app.catalogue.position;
};

for (const kind of KINDS) {
  describe(`webhook delivery on ${kind.name}`, { timeout: 60_000 }, () => {
    let setup: Setup | undefined;
    let receiver: Receiver | undefined;
    let delivery: WebhookDelivery | undefined;
    afterEach(async () => {
      await delivery?.stop();
      await receiver?.close();
      await setup?.close();
      [setup, receiver, delivery] = [undefined, undefined, undefined];
    });

    it('delivers in sequence order, signed, retrying 500s, timeouts and 429s (after Retry-After), and stops for good at a 410', async () => {
      setup = await kind.setUp();
      receiver = await startReceiver();
      const { app, store } = setup;
      const { id, secret } = await endpoint(app, receiver.url);
      receiver.answers.push({ status: 200 }, { status: 200 }, { status: 500 }, 'hang', { status: 429, headers: { 'retry-after': '1' } }, { status: 200 }, { status: 410 });
      delivery = new WebhookDelivery({ store, baseUrl: 'http://mirror.test', allowPrivate: true, retryDelaysMs: SHORT_DELAYS, timeoutMs: TIMEOUT_MS, pollMs: 20 });
      app.catalogue.onAdvance(() => delivery?.changed());
      delivery.start();

      const sequences = [];
      for (const name of ['Hooked One', 'Hooked Two', 'Hooked Three', 'Hooked Four']) sequences.push(await create(app, name));
      await receiver.until(7);
      // After the 410 nothing more goes out, whatever happens.
      await create(app, 'Never Delivered');
      await new Promise((resolve) => setTimeout(resolve, 500));

      const [one, two, three, four] = sequences as [number, number, number, number];
      assert.deepEqual(
        receiver.received.map((request) => request.headers['webhook-id']),
        [one, two, three, three, three, three, four].map((sequence) => `msg_${sequence}`),
        'each change in order, retried under the same id, none after the 410',
      );
      const verifier = new Webhook(secret);
      for (const request of receiver.received) {
        const item = verifier.verify(request.body, request.headers as Record<string, string>) as { sequence: number; type: string; slot: { url: string } };
        assert.equal(`msg_${item.sequence}`, request.headers['webhook-id']);
        assert.equal(item.type, 'slot.upserted');
        assert.match(item.slot.url, /^http:\/\/mirror\.test\/slots\//);
        assert.throws(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, request.headers as Record<string, string>), 'another secret does not verify it');
      }
      const after429 = (receiver.received[5]?.arrivedAt ?? 0) - (receiver.received[4]?.arrivedAt ?? 0);
      assert.ok(after429 >= 950, `Retry-After: 1 honoured (${Math.round(after429)} ms)`);

      const attempts = (await app.app.inject({ url: `/api/admin/webhooks/${id}/attempts`, headers: AUTH })).json<{ attempts: { status: number | null; sequence: number; error: string | null }[] }>();
      assert.deepEqual(attempts.attempts.map((attempt) => attempt.status), [410, 200, 429, null, 500, 200, 200], 'newest first');
      assert.equal(attempts.attempts[3]?.error, `no answer within ${TIMEOUT_MS / 1000} s`);
      const listed = (await app.app.inject({ url: '/api/admin/webhooks', headers: AUTH })).json<{ webhooks: { id: number; status: string }[] }>();
      assert.deepEqual(listed.webhooks.map((hook) => [hook.id, hook.status]), [[id, 'disabled']]);
      // What /metrics reports as webhook_deliveries_total: the 500, the timeout and the 429 failed.
      assert.deepEqual(delivery.outcomes, { delivered: 3, failed: 3, gone: 1 });
    });

    it('waits for a pause in the writes, but not past its bound: a steady stream of writes is delivered while it goes on, in order', async () => {
      setup = await kind.setUp();
      receiver = await startReceiver();
      const { app, store } = setup;
      await endpoint(app, receiver.url);
      // Never quiet for 10 s while the writes go on, so only the 300 ms bound lets a round start.
      delivery = new WebhookDelivery({ store, baseUrl: 'http://mirror.test', allowPrivate: true, pollMs: 20, quietMs: 10_000, maxDeferMs: 300 });
      app.catalogue.onAdvance(() => delivery?.changed());
      delivery.start();
      const sequences: number[] = [];
      let receivedWhileWriting = 0;
      for (let i = 0; receivedWhileWriting === 0; i++) {
        assert.ok(i < 500, 'nothing was delivered during 500 writes');
        sequences.push(await create(app, `Streamed ${i}`));
        receivedWhileWriting = receiver.received.length;
      }
      await receiver.until(sequences.length);
      assert.deepEqual(
        receiver.received.map((request) => request.headers['webhook-id']),
        sequences.map((sequence) => `msg_${sequence}`),
      );
    });

    it('marks an endpoint failing after the last retry, skips the change types it did not ask for, and resumes when enabled again', async () => {
      setup = await kind.setUp();
      receiver = await startReceiver();
      const { app, store } = setup;
      const { id } = await endpoint(app, receiver.url, ['slot.deleted']);
      for (let i = 0; i < 3; i++) receiver.answers.push({ status: 503 });
      delivery = new WebhookDelivery({ store, baseUrl: 'http://mirror.test', allowPrivate: true, retryDelaysMs: [30, 30], timeoutMs: TIMEOUT_MS, pollMs: 20 });
      delivery.start();
      await create(app, 'Not Asked For');
      assert.equal((await app.app.inject({ method: 'DELETE', url: '/api/admin/slots/1', headers: AUTH })).statusCode, 204);
      delivery.wake();
      await receiver.until(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(receiver.received.length, 3, 'the first try and two retries, then no more');
      const item = JSON.parse(receiver.received[0]?.body ?? '') as { type: string; id: string; slug: string };
      assert.deepEqual([item.type, item.id, item.slug], ['slot.deleted', '1', 'cherry-gems']);
      const hooks = (await app.app.inject({ url: '/api/admin/webhooks', headers: AUTH })).json<{ webhooks: { status: string }[] }>();
      assert.equal(hooks.webhooks[0]?.status, 'failing');
      const enabled = await app.app.inject({ method: 'PUT', url: `/api/admin/webhooks/${id}`, headers: AUTH, payload: { url: receiver.url, events: ['slot.deleted'], status: 'enabled' } });
      assert.equal(enabled.json<{ status: string }>().status, 'enabled');
      delivery.wake();
      await receiver.until(4);
      assert.equal(receiver.received[3]?.headers['webhook-id'], receiver.received[0]?.headers['webhook-id'], 'the same change again');
    });
  });
}
