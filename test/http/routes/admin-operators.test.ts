import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { AccessService } from '../../../src/access/access-service.js';
import { operatorPrincipal, refusal } from '../../../src/access/principal.js';
import { SqliteStore } from '../../../src/store/sqlite.js';
import { AUTH, startAdminApp, type AdminApp } from '../../support/admin.js';
import { errorMessage, json } from '../../support/http.js';

interface OperatorBody {
  name: string;
  role: string;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

const PASSWORD = 'correct horse battery staple';

describe('operators under /api/admin/operators', () => {
  let t: AdminApp;
  let store: SqliteStore;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-operators-'));
    store = new SqliteStore(join(dir, 'test.db'));
    t = await startAdminApp(store);
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: AUTH, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
  const operators = async () => json<{ operators: OperatorBody[] }>(await send('GET', '/api/admin/operators')).operators;
  const auditCount = async () => json<{ entries: unknown[] }>(await send('GET', '/api/admin/audit?limit=200')).entries.length;

  it('adds an operator, showing neither the password nor its hash', async () => {
    const created = await send('POST', '/api/admin/operators', { name: 'alice', role: 'owner', password: PASSWORD });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(Object.keys(json(created)).sort(), ['createdAt', 'disabled', 'name', 'role', 'updatedAt']);
    const listed = await send('GET', '/api/admin/operators');
    assert.ok(!listed.body.includes('argon2') && !listed.body.includes(PASSWORD));
    assert.deepEqual((await operators()).map((operator) => [operator.name, operator.role, operator.disabled]), [['alice', 'owner', false]]);
    const credentials = await store.access.operatorCredentials('alice');
    assert.match(credentials?.passwordHash ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'Argon2id, 19 MiB, 2 passes');
  });

  it('refuses bad names and passwords with a 400 naming the field, writing nothing', async () => {
    const entries = await auditCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'bob', role: 'editor', password: 'x'.repeat(11) }, /^password: must be 12-1024 characters, got 11/],
      [{ name: 'bob', role: 'editor', password: 'x'.repeat(2000) }, /^password: must be 12-1024 characters, got 2000/],
      [{ name: 'a/b', role: 'editor', password: PASSWORD }, /^name: must be 1-64 of a-z 0-9/],
      [{ name: '..', role: 'editor', password: PASSWORD }, /^name: "\.\." is not a name/],
      [{ name: 'Bob', role: 'editor', password: PASSWORD }, /^name: .*lower case/],
      [{ name: 'b'.repeat(1000), role: 'editor', password: PASSWORD }, /^name: must be 1-64/],
      [{ name: 'bob', role: 'admin', password: PASSWORD }, /^role: must be one of editor, owner/],
      [{ name: 'bob', role: 'editor', password: PASSWORD, extra: 1 }, /^extra: unknown field/],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/api/admin/operators', body);
      const text = errorMessage(response, 400);
      assert.match(text, message, JSON.stringify(body).slice(0, 80));
      assert.ok(text.length < 300, 'a long name is not echoed whole');
    }
    assert.deepEqual((await operators()).map((operator) => operator.name), ['alice']);
    assert.equal(await auditCount(), entries, 'nothing audited');
  });

  it('refuses a name another operator has in any case with 409', async () => {
    const response = await send('POST', '/api/admin/operators', { name: 'alice', role: 'editor', password: PASSWORD });
    assert.match(errorMessage(response, 409), /already taken/);
    // Stored names are compared without case, should one ever be written otherwise.
    await assert.rejects(
      store.access.createOperator({ name: 'ALICE', role: 'editor', passwordHash: 'x' }, '2026-03-01T00:00:00.000Z', { type: 'admin-token', name: 'admin-token' }),
      /already taken/,
    );
  });

  it('changes role, password and the disabled flag, each an audited action', async () => {
    assert.equal((await send('POST', '/api/admin/operators', { name: 'carol', role: 'editor', password: PASSWORD })).statusCode, 201);
    const changed = await send('PATCH', '/api/admin/operators/carol', { role: 'owner', password: 'another long password', disabled: true });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual([json<OperatorBody>(changed).role, json<OperatorBody>(changed).disabled], ['owner', true]);
    const audit = json<{ entries: { action: string; target: { id: string } }[] }>(await send('GET', '/api/admin/audit?limit=4'));
    assert.deepEqual(
      audit.entries.map((entry) => [entry.action, entry.target.id]),
      [
        ['operator.disable', 'carol'],
        ['operator.role', 'carol'],
        ['operator.passwd', 'carol'],
        ['operator.create', 'carol'],
      ],
    );
    assert.match(errorMessage(await send('PATCH', '/api/admin/operators/nobody', { disabled: true }), 404), /not found/);
    assert.match(errorMessage(await send('PATCH', '/api/admin/operators/carol', { password: 'short' }), 400), /^password:/);
    assert.match(errorMessage(await send('PATCH', '/api/admin/operators/carol', {}), 400), /give role, password or disabled/);
  });

  it('verifies sign-ins: the right password of an enabled operator only, unknown names costing the same Argon2id', async () => {
    const access = new AccessService(store.access, undefined);
    assert.equal((await access.verifySignIn('alice', PASSWORD))?.name, 'alice');
    assert.equal(await access.verifySignIn('alice', `${PASSWORD}!`), undefined);
    assert.equal(await access.verifySignIn('carol', 'another long password'), undefined, 'carol is disabled');
    // The work, not the wall clock: the process's CPU time (Argon2id runs on its thread pool, so it counts)
    // does not grow while other programs load the machine, as elapsed time does. The least of several tries
    // drops what else the process did meanwhile. Both verify one Argon2id hash of the same parameters
    // (milliseconds of CPU); a missing decoy would answer an unknown name in well under a tenth of that.
    const leastCpu = async (name: string) => {
      let least = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const started = process.cpuUsage();
        await access.verifySignIn(name, 'some wrong password');
        const spent = process.cpuUsage(started);
        least = Math.min(least, (spent.user + spent.system) / 1000);
      }
      return least;
    };
    const unknown = await leastCpu('nobody');
    const wrong = await leastCpu('alice');
    assert.ok(unknown > wrong / 3 && unknown < wrong * 3, `CPU: unknown ${unknown.toFixed(1)} ms, wrong password ${wrong.toFixed(1)} ms`);
  });

  it('lets an editor edit slots but not manage tokens or operators', () => {
    const editor = operatorPrincipal({ id: 1, name: 'ed', role: 'editor', disabled: false, createdAt: '', updatedAt: '' });
    assert.equal(refusal(editor, 'write'), undefined);
    assert.match(refusal(editor, 'owner') ?? '', /needs an owner .*ed is an editor/);
    assert.match(refusal(editor, 'admin') ?? '', /needs the "admin" scope/);
  });
});
