import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { AccessService } from '../../src/access/access-service.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { slotFields } from '../support/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/process.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { runCli } from './cli.js';

const SERVER_ENV = { ADMIN_TOKEN, PUBLIC_BASE_URL: 'https://slots.test', WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };
const PASSWORDS = { alice: 'alice has a long password', bob: 'bob has another password' };

/** A backup's header and rows, unpacked. */
function unpacked(file: string): { header: Record<string, unknown>; rows: unknown[] } {
  const [header, ...rows] = gunzipSync(readFileSync(file)).toString().trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
  return { header: header as Record<string, unknown>, rows };
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown, headers: Record<string, string> = AUTH): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T>(response: Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  assert.equal(answer.status, status, text);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** What the source held, to hold the restored database to. */
interface Source {
  readonly tokens: { readonly live: string; readonly expiring: string; readonly revoked: string };
  readonly secrets: readonly string[];
  readonly histories: Readonly<Record<string, unknown>>;
}

/** Fills a SQLite file through the command line and a real server: operators, slots with versions and a deletion, tokens, webhooks, 1,000+ audit entries. */
async function fill(path: string, receiver: Receiver): Promise<Source> {
  for (const [name, role] of [['alice', 'owner'], ['bob', 'editor']] as const) {
    const added = await runCli('operator', ['add', name, '--role', role], { DATABASE_URL: path }, `${PASSWORDS[name]}\n`);
    assert.equal(added.status, 0, added.stderr);
  }
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: path });
  try {
    const ids: string[] = [];
    for (const name of ['Kept One', 'Kept Two', 'Deleted Three']) ids.push((await json<{ id: string }>(call(server, 'POST', '/api/admin/slots', slotFields({ name })), 201)).id);
    await json(call(server, 'DELETE', `/api/admin/slots/${ids[2]}`), 204);
    const token = async (body: unknown) => (await json<{ id: string; secret: string }>(call(server, 'POST', '/api/admin/tokens', body), 201));
    const live = await token({ name: 'live', scope: 'read' });
    const expiring = await token({ name: 'expiring', scope: 'write', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    const revoked = await token({ name: 'revoked', scope: 'read' });
    await json(call(server, 'DELETE', `/api/admin/tokens/${revoked.id}`), 204);
    const events = ['slot.deleted'];
    const plain = await json<{ id: string; secret: string }>(call(server, 'POST', '/api/admin/webhooks', { url: receiver.url, events, description: 'plain' }), 201);
    const rotating = await json<{ id: string; secret: string }>(call(server, 'POST', '/api/admin/webhooks', { url: receiver.url, events, description: 'rotated' }), 201);
    await json(call(server, 'POST', `/api/admin/webhooks/${rotating.id}/rotate-secret`), 200);
    // Versions of the kept slots, until the audit holds 1,000 entries and more.
    for (let round = 0; round < 100; round++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => json(call(server, 'PUT', `/api/admin/slots/${ids[i % 2]}`, slotFields({ name: `Kept ${i % 2 === 0 ? 'One' : 'Two'} ${round}.${i}` })))));
    }
    const histories: Record<string, unknown> = {};
    for (const id of ids) histories[id] = await json(call(server, 'GET', `/api/admin/slots/${id}/history`));
    return { tokens: { live: live.secret, expiring: expiring.secret, revoked: revoked.secret }, secrets: [plain.secret, rotating.secret], histories };
  } finally {
    await server.stop();
  }
}

/** A server on the restored database: everything in the backup works as before, and the sequence goes on after the backup's. */
async function assertWorks(databaseUrl: string, open: () => Store, source: Source, backup: { header: Record<string, unknown> }, receiver: Receiver): Promise<void> {
  const store = open();
  try {
    const access = new AccessService(store.access, undefined);
    assert.equal((await access.verifySignIn('alice', PASSWORDS.alice))?.role, 'owner', 'alice signs in with her old password');
    assert.equal((await access.verifySignIn('bob', PASSWORDS.bob))?.role, 'editor');
    assert.equal(await access.verifySignIn('alice', PASSWORDS.bob), undefined);
  } finally {
    await store.close();
  }
  const server = await startServer({ ...SERVER_ENV, DATABASE_URL: databaseUrl });
  try {
    for (const [secret, status] of [[source.tokens.live, 200], [source.tokens.expiring, 200], [source.tokens.revoked, 401]] as const) {
      assert.equal((await call(server, 'GET', '/api/admin/audit?limit=1', undefined, { authorization: `Bearer ${secret}` })).status, status);
    }
    for (const [id, history] of Object.entries(source.histories)) assert.deepEqual(await json(call(server, 'GET', `/api/admin/slots/${id}/history`)), history);
    const snapshot = await json<{ sequence: number; history: string }>(call(server, 'GET', '/api/catalogue'));
    assert.equal(snapshot.sequence, backup.header['sequence']);
    assert.notEqual(snapshot.history, backup.header['history'], 'a restore makes a new history');
    // A new write goes on after the backup's sequence, and its delivery verifies with the secrets of before.
    const created = await json<{ id: string }>(call(server, 'POST', '/api/admin/slots', slotFields({ name: `After Restore ${snapshot.history}` })), 201);
    const seen = receiver.received.length;
    await json(call(server, 'DELETE', `/api/admin/slots/${created.id}`), 204);
    await receiver.until(seen + 2, 30_000);
    const deliveries = receiver.received.slice(seen);
    for (const delivery of deliveries) {
      const verified = source.secrets.map((secret) => {
        try {
          return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { sequence: number; type: string };
        } catch {
          return undefined;
        }
      });
      const change = verified.find((value) => value !== undefined);
      assert.ok(change !== undefined, 'signed with a secret of before the restore');
      assert.deepEqual([change.sequence, change.type], [Number(backup.header['sequence']) + 2, 'slot.deleted']);
      // The database restored from may have named its own change of that sequence msg_<sequence>: this one is another event.
      assert.equal(delivery.headers['webhook-id'], `msg_${snapshot.history}_${change.sequence}`);
    }
  } finally {
    await server.stop();
  }
}

describe('backup and restore, SQLite to PostgreSQL to SQLite, through the command line', { timeout: 600_000 }, () => {
  let dir: string;
  let receiver: Receiver;
  let database: TestDatabase;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-backup-'));
    receiver = await startReceiver();
    database = await createTestDatabase();
  });
  after(async () => {
    await receiver.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries operators, tokens, webhooks, the audit and every history, and each works after each hop', async () => {
    const sourcePath = join(dir, 'source.db');
    const source = await fill(sourcePath, receiver);

    const first = join(dir, 'first.backup');
    const backedUp = await runCli('backup', [first], { DATABASE_URL: sourcePath });
    assert.equal(backedUp.status, 0, backedUp.stderr);
    assert.equal(statSync(first).mode & 0o777, 0o600, 'it holds secrets');
    const original = unpacked(first);
    assert.equal(original.header['format'], 'slotmoji-backup');
    assert.equal(original.header['version'], 1);
    const counts = original.header['counts'] as Record<string, number>;
    assert.ok((counts['audit'] ?? 0) >= 1000, JSON.stringify(counts));
    assert.deepEqual([counts['operator'], counts['token'], counts['webhook']], [2, 2, 2]);

    const intoPostgres = await runCli('restore', [first], { DATABASE_URL: database.url });
    assert.equal(intoPostgres.status, 0, intoPostgres.stderr);
    const second = join(dir, 'second.backup');
    assert.equal((await runCli('backup', [second], { DATABASE_URL: database.url })).status, 0);
    const fromPostgres = unpacked(second);
    assert.deepEqual(fromPostgres.rows, original.rows, 'PostgreSQL holds every row the SQLite file held');
    assert.deepEqual({ ...fromPostgres.header, history: '', createdAt: '', segments: [] }, { ...original.header, history: '', createdAt: '' });
    assert.deepEqual(original.header['segments'], []);
    assert.deepEqual(fromPostgres.header['segments'], [{ since: original.header['sequence'], history: fromPostgres.header['history'] }], 'the restore began a history');

    const targetPath = join(dir, 'target.db');
    assert.equal((await runCli('restore', [second], { DATABASE_URL: targetPath })).status, 0);
    const third = join(dir, 'third.backup');
    assert.equal((await runCli('backup', [third], { DATABASE_URL: targetPath })).status, 0);
    assert.deepEqual(unpacked(third).rows, original.rows, 'and back in SQLite, the same again');

    // Each against the backup it was restored from.
    await assertWorks(database.url, () => new PostgresStore(database.url), source, original, receiver);
    await assertWorks(targetPath, () => new SqliteStore(targetPath), source, fromPostgres, receiver);
  });
});
