import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { WebhookDelivery } from '../../src/webhooks/delivery.js';
import { AUTH, startAdminApp, type AdminApp } from '../support/admin.js';
import { slotFields } from '../support/fixtures.js';
import { createTestDatabase } from '../support/postgres.js';
import { programArguments } from '../support/programs.js';
import { startReceiver, type Receiver } from '../support/receiver.js';

/*
 * At least once, never in parallel: an instance killed while it holds an endpoint's lease, in the
 * middle of a delivery, leaves that delivery to another instance once the lease expires; the
 * receiver gets it once more, only after the first connection is gone.
 */

const KINDS: readonly { readonly name: string; readonly kind: 'sqlite' | 'postgres'; setUp(): Promise<{ location: string; store: Store; drop(): Promise<void> }> }[] = [
  {
    name: 'SQLite',
    kind: 'sqlite',
    async setUp() {
      const dir = mkdtempSync(join(tmpdir(), 'slotmoji-lease-'));
      const location = join(dir, 'shared.db');
      return { location, store: new SqliteStore(location), drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    kind: 'postgres',
    async setUp() {
      const database = await createTestDatabase();
      return { location: database.url, store: new PostgresStore(database.url), drop: () => database.drop() };
    },
  },
];

function startWorker(kind: string, location: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...programArguments('webhookWorker'), kind, location], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
}

for (const { name, kind, setUp } of KINDS) {
  describe(`a webhook lease on ${name}`, { timeout: 60_000 }, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('is freed by the progress write that ends a delivery, in the same transaction, and only by its holder', async () => {
      const { store, drop } = await setUp();
      cleanups.push(drop);
      const app: AdminApp = await startAdminApp(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      cleanups.push(() => app.close());
      assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url: 'http://127.0.0.1:9/hooks', events: ['slot.upserted'] } })).statusCode, 201);
      assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Leased And Freed' }) })).statusCode, 201);
      const now = Date.now();
      const [waiting] = await store.webhooks.backlog();
      assert.deepEqual(waiting && { ...waiting, oldestTime: typeof waiting.oldestTime }, { id: waiting?.id, status: 'enabled', undelivered: 1, oldestTime: 'string' }, 'one change waits');
      assert.ok(Math.abs(Date.parse(waiting?.oldestTime ?? '') - now) < 60_000, 'logged just now');
      const [leased] = await store.webhooks.leaseDue('first', now, now + 60_000, 10);
      assert.ok(leased !== undefined);
      assert.deepEqual(await store.webhooks.leaseDue('second', now, now + 60_000, 10), [], 'leased to one owner');
      const delivered = app.catalogue.position;
      const state = { cursor: delivered, failures: 0, nextAttemptAt: now, status: 'enabled' as const };
      const attempt = { endpointId: leased.endpoint.id, sequence: delivered, messageId: `msg_${delivered}`, time: new Date(now).toISOString(), status: 200, durationMs: 1, error: null };
      assert.equal(await store.webhooks.progress(leased.endpoint.id, 'second', [attempt], state, null), false, 'not the holder: nothing written');
      assert.equal(await store.webhooks.progress(leased.endpoint.id, 'first', [attempt], state, null), true);
      assert.deepEqual(await store.webhooks.backlog(), [{ id: leased.endpoint.id, status: 'enabled', undelivered: 0, oldestTime: null }], 'nothing waits once delivered');
      assert.deepEqual((await store.webhooks.listAttempts(leased.endpoint.id)).map((written) => written.sequence), [delivered]);
      assert.equal(await store.webhooks.progress(leased.endpoint.id, 'first', [], state, null), false, 'freed: the holder holds it no more');
      // Freed, and nothing left to deliver; a new change makes it due for anyone at once.
      assert.deepEqual(await store.webhooks.leaseDue('second', now, now + 60_000, 10), []);
      assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Next One' }) })).statusCode, 201);
      const [again] = await store.webhooks.leaseDue('second', now, now + 60_000, 10);
      assert.equal(again?.cursor, delivered);
    });

    it('passes to another instance when its holder is killed mid-delivery: delivered once more, never in parallel', async () => {
      const { location, store, drop } = await setUp();
      cleanups.push(drop);
      const app: AdminApp = await startAdminApp(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      cleanups.push(() => app.close());
      const receiver: Receiver = await startReceiver();
      cleanups.push(() => receiver.close());
      receiver.answers.push('hang');
      const created = await app.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url: receiver.url, events: ['slot.upserted'] } });
      assert.equal(created.statusCode, 201, created.body);

      const doomed = await startWorker(kind, location);
      cleanups.push(async () => void doomed.kill('SIGKILL'));
      assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Leased Away' }) })).statusCode, 201);
      await receiver.until(1);
      const killed = new Promise((resolve) => doomed.once('exit', resolve));
      doomed.kill('SIGKILL');
      await killed;

      const survivor = new WebhookDelivery({ store, baseUrl: 'http://mirror.test', allowPrivate: true, owner: 'survivor', timeoutMs: 1_000, leaseMs: 1_500, pollMs: 20 });
      cleanups.push(() => survivor.stop());
      survivor.start();
      await receiver.until(2);
      await new Promise((resolve) => setTimeout(resolve, 400));

      const [first, second] = receiver.received;
      assert.equal(receiver.received.length, 2, 'once more, and only once');
      assert.equal(second?.headers['webhook-id'], first?.headers['webhook-id'], 'the same delivery');
      assert.ok(first?.closedAt !== undefined && second !== undefined && second.arrivedAt > first.closedAt, 'the second began only after the first connection was gone');
      const hooks = (await app.app.inject({ url: '/api/admin/webhooks', headers: AUTH })).json<{ webhooks: { status: string }[] }>();
      assert.equal(hooks.webhooks[0]?.status, 'enabled');
    });

    it('is held by one of two live instances at a time: every change once, in order, one request at a time', async () => {
      const { location, store, drop } = await setUp();
      cleanups.push(drop);
      const app: AdminApp = await startAdminApp(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      cleanups.push(() => app.close());
      const receiver: Receiver = await startReceiver('/hooks', { status: 200, delayMs: 15 });
      cleanups.push(() => receiver.close());
      assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url: receiver.url, events: ['slot.upserted'] } })).statusCode, 201);
      const other: Store = kind === 'sqlite' ? new SqliteStore(location) : new PostgresStore(location);
      cleanups.push(() => other.close());
      const instances = [store, other].map(
        (connection, index) => new WebhookDelivery({ store: connection, baseUrl: 'http://mirror.test', allowPrivate: true, owner: `instance-${index}`, timeoutMs: 1_000, leaseMs: 1_500, pollMs: 5 }),
      );
      for (const instance of instances) {
        cleanups.push(() => instance.stop());
        instance.start();
      }
      const sequences: number[] = [];
      for (let i = 0; i < 20; i++) {
        assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: `Raced ${i}` }) })).statusCode, 201);
        sequences.push(app.catalogue.position);
      }
      await receiver.until(20);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(receiver.received.map((request) => request.headers['webhook-id']), sequences.map((sequence) => `msg_${sequence}`));
      receiver.received.slice(1).forEach((request, index) => {
        const before = receiver.received[index];
        assert.ok(before?.doneAt !== undefined && request.arrivedAt > before.doneAt, `request ${index + 1} overlapped the one before`);
      });
    });
  });
}

describe('the lease on SQLite with nothing due', () => {
  it('reads and leaves the write lock to writers: an instance holding it does not hold the delivery loop up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotmoji-lease-idle-'));
    const location = join(dir, 'shared.db');
    const store = new SqliteStore(location);
    const writer = new Database(location);
    try {
      await store.migrate();
      const app: AdminApp = await startAdminApp(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
      try {
        assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: AUTH, payload: { url: 'http://127.0.0.1:9/hooks', events: ['slot.upserted'] } })).statusCode, 201);
        writer.prepare('BEGIN IMMEDIATE').run();
        const now = Date.now();
        // An endpoint with every change delivered: taking the lock would wait out the busy timeout, then fail.
        assert.deepEqual(await store.webhooks.leaseDue('idle', now, now + 60_000, 10), []);
        writer.prepare('ROLLBACK').run();
        assert.equal((await app.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name: 'Due Now' }) })).statusCode, 201);
        const [leased] = await store.webhooks.leaseDue('idle', now, now + 60_000, 10);
        assert.equal(leased?.endpoint.url, 'http://127.0.0.1:9/hooks', 'a change makes it due, and leased');
      } finally {
        await app.close();
      }
    } finally {
      writer.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
