import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { PostgresStore } from '../../../src/store/postgres.js';
import { SqliteStore } from '../../../src/store/sqlite.js';
import type { Store } from '../../../src/store/store.js';
import { AUTH, startAdminApp, type AdminApp } from '../../support/admin.js';
import { slotFields } from '../../support/fixtures.js';
import { errorMessage, json } from '../../support/http.js';
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js';
import { eventually } from '../../support/wait.js';

/** A revocation reaches another instance on its store's next wake-up: SQLite polls every 250 ms, PostgreSQL notifies. */
const WAKE_UP_MS = 2_000;

interface NewToken {
  id: number;
  name: string;
  scope: string;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  secret: string;
}

interface Backend {
  readonly name: string;
  /** Two stores on one database, and how to drop it. */
  open(): Promise<{ readonly first: Store; readonly second: Store; drop(): Promise<void> }>;
}

const BACKENDS: readonly Backend[] = [
  {
    name: 'one SQLite file',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'slotmoji-tokens-'));
      const path = join(dir, 'shared.db');
      return { first: new SqliteStore(path), second: new SqliteStore(path), drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'one PostgreSQL database',
    async open() {
      const database: TestDatabase = await createTestDatabase();
      return { first: new PostgresStore(database.url), second: new PostgresStore(database.url), drop: () => database.drop() };
    },
  },
];

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

for (const backend of BACKENDS) {
  describe(`API tokens and scopes, two instances on ${backend.name}`, () => {
    let clock = Date.parse('2026-03-01T00:00:00.000Z');
    const now = () => clock;
    let a: AdminApp;
    let b: AdminApp;
    let drop: () => Promise<void>;
    const logLines: string[] = [];

    before(async () => {
      const opened = await backend.open();
      drop = opened.drop;
      a = await startAdminApp(opened.first, { deps: { now } });
      // The second instance logs, so the test can look for secrets in its lines.
      b = await startAdminApp(opened.second, {
        env: { LOG_LEVEL: 'debug' },
        deps: { now, logger: undefined, logStream: { write: (line: string) => void logLines.push(line) } },
      });
    });
    after(async () => {
      await a.close();
      await b.close();
      await drop();
    });

    const request = (on: AdminApp, method: InjectOptions['method'], url: string, headers: Record<string, string>, payload?: unknown) =>
      on.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
    const createToken = async (body: Record<string, unknown>) => {
      const response = await request(a, 'POST', '/api/admin/tokens', AUTH, body);
      assert.equal(response.statusCode, 201, response.body);
      return json<NewToken>(response);
    };

    it('makes a token whose secret is shown once: smj_ and 32 bytes of base64url, never listed', async () => {
      const token = await createToken({ name: 'nightly export', scope: 'read' });
      assert.match(token.secret, /^smj_[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(Object.keys(token).sort(), ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'scope', 'secret']);
      assert.equal(token.expiresAt, null);
      const listed = await request(b, 'GET', '/api/admin/tokens', AUTH);
      assert.equal(listed.statusCode, 200);
      assert.ok(!listed.body.includes(token.secret), 'the list holds no secret');
      assert.ok(!listed.body.includes(token.secret.slice(4)), 'nor any part of it');
      const found = json<{ tokens: Record<string, unknown>[] }>(listed).tokens.find((entry) => entry['id'] === token.id);
      assert.deepEqual(Object.keys(found ?? {}).sort(), ['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'scope']);
    });

    it('lets a read token read, and answers its writes 403 naming the scope needed', async () => {
      const token = await createToken({ name: 'reader', scope: 'read' });
      assert.equal((await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret))).statusCode, 200);
      assert.equal((await request(b, 'GET', '/api/admin/audit', bearer(token.secret))).statusCode, 200);
      const write = await request(b, 'POST', '/api/admin/slots', bearer(token.secret), slotFields({ name: 'Sneaky Slot' }));
      assert.match(errorMessage(write, 403), /needs the "write" scope; this token's scope is "read"/);
      const exported = json<{ slots: { name: string }[] }>(await request(a, 'GET', '/api/admin/catalogue', AUTH));
      assert.ok(!exported.slots.some((slot) => slot.name === 'Sneaky Slot'), 'nothing was written');
    });

    it('lets a write token edit slots but not import, and an admin token import but not make tokens', async () => {
      const writer = await createToken({ name: 'editor script', scope: 'write' });
      const created = await request(b, 'POST', '/api/admin/slots', bearer(writer.secret), slotFields({ name: 'Token Written' }));
      assert.equal(created.statusCode, 201, created.body);
      const importing = await request(b, 'PUT', '/api/admin/catalogue', bearer(writer.secret), { slots: [] });
      assert.match(errorMessage(importing, 403), /needs the "admin" scope/);
      const admin = await createToken({ name: 'partner import', scope: 'admin' });
      const reset = await request(b, 'DELETE', '/api/admin/rate-limits/192.0.2.1', bearer(admin.secret));
      assert.equal(reset.statusCode, 204, reset.body);
      const tokenByToken = await request(b, 'POST', '/api/admin/tokens', bearer(admin.secret), { name: 'escalate', scope: 'admin' });
      assert.match(errorMessage(tokenByToken, 403), /needs an owner/);
      assert.match(errorMessage(await request(b, 'GET', '/api/admin/operators', bearer(admin.secret)), 403), /needs an owner/);
      const audit = json<{ entries: { actor: { type: string; name: string }; action: string }[] }>(
        await request(a, 'GET', '/api/admin/audit?actor=editor%20script', AUTH),
      );
      assert.deepEqual(
        audit.entries.map((entry) => [entry.actor, entry.action]),
        [[{ type: 'token', name: 'editor script' }, 'slot.create']],
      );
    });

    it('answers unknown, malformed, expired and revoked tokens with the same 401', async () => {
      const expiring = await createToken({ name: 'short lived', scope: 'read', expiresAt: new Date(clock + 60_000).toISOString() });
      const revoked = await createToken({ name: 'to revoke', scope: 'read' });
      assert.equal((await request(b, 'GET', '/api/admin/catalogue', bearer(expiring.secret))).statusCode, 200);
      assert.equal((await request(b, 'GET', '/api/admin/catalogue', bearer(revoked.secret))).statusCode, 200);
      assert.equal((await request(a, 'DELETE', `/api/admin/tokens/${revoked.id}`, AUTH)).statusCode, 204);
      clock += 61_000;
      const unknown = `smj_${'A'.repeat(43)}`;
      const answers = [];
      for (const secret of [unknown, `${expiring.secret}x`, expiring.secret]) {
        answers.push(await request(b, 'GET', '/api/admin/catalogue', bearer(secret)));
      }
      await eventually(async () => (await request(b, 'GET', '/api/admin/catalogue', bearer(revoked.secret))).statusCode === 401, WAKE_UP_MS, 'the revocation reaches the other instance');
      answers.push(await request(b, 'GET', '/api/admin/catalogue', bearer(revoked.secret)));
      const bodies = answers.map((answer) => {
        errorMessage(answer, 401);
        assert.equal(answer.headers['www-authenticate'], 'Bearer');
        return answer.body;
      });
      assert.equal(new Set(bodies).size, 1, 'one answer for every kind of bad token');
    });

    it('revokes on the other instance within one wake-up, though that instance had the token cached', async () => {
      const token = await createToken({ name: 'cached elsewhere', scope: 'write' });
      // Used on b, so b holds it in its cache.
      assert.equal((await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret))).statusCode, 200);
      assert.equal((await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret))).statusCode, 200);
      assert.equal((await request(a, 'DELETE', `/api/admin/tokens/${token.id}`, AUTH)).statusCode, 204);
      const revokedAt = Date.now();
      await eventually(async () => (await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret))).statusCode === 401, WAKE_UP_MS, 'b refuses the revoked token');
      const write = await request(b, 'POST', '/api/admin/slots', bearer(token.secret), slotFields({ name: 'After Revocation' }));
      errorMessage(write, 401);
      assert.ok(Date.now() - revokedAt < WAKE_UP_MS);
      assert.equal((await request(a, 'DELETE', `/api/admin/tokens/${token.id}`, AUTH)).statusCode, 404, 'a revoked token is gone');
    });

    it('records the last use at most once a minute', async () => {
      const token = await createToken({ name: 'busy script', scope: 'read' });
      const lastUse = async () => {
        const listed = json<{ tokens: NewToken[] }>(await request(a, 'GET', '/api/admin/tokens', AUTH));
        return listed.tokens.find((entry) => entry.id === token.id)?.lastUsedAt;
      };
      const first = new Date(clock).toISOString();
      await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret));
      await eventually(async () => (await lastUse()) === first, WAKE_UP_MS, 'the first use is written');
      clock += 30_000;
      await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret));
      clock += 20_000;
      await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret));
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(await lastUse(), first, 'uses within the minute are not written');
      clock += 15_000;
      const later = new Date(clock).toISOString();
      await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret));
      await eventually(async () => (await lastUse()) === later, WAKE_UP_MS, 'a use a minute on is written');
    });

    it('refuses bad token input with a 400 naming the field, and writes nothing', async () => {
      const before = json<{ tokens: NewToken[] }>(await request(a, 'GET', '/api/admin/tokens', AUTH)).tokens.length;
      const cases: [unknown, RegExp][] = [
        [{ name: 'x', scope: 'root' }, /^scope:/],
        [{ name: '', scope: 'read' }, /^name:/],
        [{ name: 'x'.repeat(65), scope: 'read' }, /^name:/],
        [{ name: 'x', scope: 'read', expiresAt: 'tomorrow' }, /^expiresAt:/],
        [{ name: 'x', scope: 'read', expiresAt: '2020-01-01T00:00:00Z' }, /^expiresAt: .*not in the future/],
        [{ name: 'x', scope: 'read', owner: 'me' }, /^owner: unknown field/],
        [['x'], /^body:/],
      ];
      for (const [body, message] of cases) {
        assert.match(errorMessage(await request(a, 'POST', '/api/admin/tokens', AUTH, body), 400), message, JSON.stringify(body));
      }
      assert.equal(json<{ tokens: NewToken[] }>(await request(a, 'GET', '/api/admin/tokens', AUTH)).tokens.length, before);
      errorMessage(await request(a, 'DELETE', '/api/admin/tokens/abc', AUTH), 404);
    });

    it('names the token in its creation\'s and revocation\'s audit entries (name, scope, expiry), so a revoked one can still be told apart', async () => {
      const token = await createToken({ name: 'nightly export', scope: 'read', expiresAt: '2031-01-01T00:00:00.000Z' });
      assert.equal((await request(a, 'DELETE', `/api/admin/tokens/${token.id}`, AUTH)).statusCode, 204);
      const described = { type: 'token', id: String(token.id), name: 'nightly export', scope: 'read', expiresAt: '2031-01-01T00:00:00.000Z' };
      for (const action of ['token.create', 'token.revoke']) {
        const answer = await request(a, 'GET', `/api/admin/audit?action=${action}&limit=1`, AUTH);
        const [entry] = json<{ entries: { target: unknown; before?: unknown; after?: unknown }[] }>(answer).entries;
        assert.deepEqual(entry?.target, described, action);
        assert.equal(entry?.after, undefined, `${action}: no record of a slot`);
        assert.ok(!answer.body.includes(token.secret.slice(4)), `${action}: no secret`);
      }
    });

    it('never shows a secret or its hash in the audit or the log', async () => {
      const token = await createToken({ name: 'logged', scope: 'admin' });
      await request(b, 'GET', '/api/admin/catalogue', bearer(token.secret));
      await request(b, 'GET', '/api/admin/catalogue', bearer(`${token.secret}-wrong`));
      const audit = await request(a, 'GET', '/api/admin/audit?limit=200', AUTH);
      const hash = (await import('node:crypto')).createHash('sha256').update(token.secret).digest();
      for (const text of [audit.body, logLines.join('\n')]) {
        assert.ok(!text.includes(token.secret.slice(4)), 'no secret');
        assert.ok(!text.includes(hash.toString('hex')) && !text.includes(hash.toString('base64')), 'no hash');
      }
      assert.ok(logLines.length > 0, 'the instance did log its requests');
    });
  });
}
