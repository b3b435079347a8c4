import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { createHash } from 'node:crypto';
import { STORE_KINDS, storesOfEachTest } from '../support/stores.js';

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const hash = (id: string) => createHash('sha256').update(id).digest();
const ACTOR = { type: 'admin-token', name: 'admin-token' } as const;

for (const kind of STORE_KINDS) {
  describe(`${kind.name} session store`, () => {
    const { open } = storesOfEachTest(kind, { beforeEach, afterEach });

    test('a session made on one connection is read, touched and ended on another, with its operator as it is now', async () => {
      const a = await open();
      const b = await open();
      const operator = await a.access.createOperator({ name: 'olive', role: 'editor', passwordHash: 'x' }, new Date(T0).toISOString(), ACTOR);
      await a.sessions.createSession(hash('one'), operator.id, T0 + 1000);
      assert.deepEqual(await b.sessions.session(hash('one')), {
        operatorId: operator.id,
        operatorName: 'olive',
        role: 'editor',
        disabled: false,
        operatorChangedAt: T0,
        createdAt: T0 + 1000,
        lastSeenAt: T0 + 1000,
      });
      assert.equal(await b.sessions.session(hash('other')), undefined);
      await b.sessions.touchSession(hash('one'), T0 + 5000);
      assert.equal((await a.sessions.session(hash('one')))?.lastSeenAt, T0 + 5000);
      await b.access.changeOperator('olive', { action: 'operator.disable' }, new Date(T0 + 6000).toISOString(), ACTOR);
      const disabled = await a.sessions.session(hash('one'));
      assert.equal(disabled?.disabled, true);
      assert.equal(disabled?.operatorChangedAt, T0 + 6000);
      await a.sessions.endSession(hash('one'));
      assert.equal(await b.sessions.session(hash('one')), undefined);
    });

    test('pruning removes sessions idle or begun too long ago, and only those', async () => {
      const store = await open();
      const operator = await store.access.createOperator({ name: 'olive', role: 'owner', passwordHash: 'x' }, new Date(T0).toISOString(), ACTOR);
      await store.sessions.createSession(hash('idle'), operator.id, T0);
      await store.sessions.createSession(hash('old'), operator.id, T0 + 10);
      await store.sessions.touchSession(hash('old'), T0 + 500);
      await store.sessions.createSession(hash('fresh'), operator.id, T0 + 400);
      await store.sessions.pruneSessions(T0 + 100, T0 + 20);
      assert.equal(await store.sessions.session(hash('idle')), undefined);
      assert.equal(await store.sessions.session(hash('old')), undefined);
      assert.notEqual(await store.sessions.session(hash('fresh')), undefined);
    });

    test('sign-in failures are counted per key since a time, and cleared per key and by age, also as new ones are recorded', async () => {
      const a = await open();
      const b = await open();
      await a.sessions.recordSignInFailure(['name:olive', 'client:1.2.3.4'], T0, 0);
      await b.sessions.recordSignInFailure(['name:olive', 'client:1.2.3.4'], T0 + 100, 0);
      await b.sessions.recordSignInFailure(['name:eddie', 'client:1.2.3.4'], T0 + 200, 0);
      assert.deepEqual(await a.sessions.signInFailures('name:olive', T0), { count: 2, latest: T0 + 100 });
      assert.deepEqual(await a.sessions.signInFailures('name:olive', T0 + 50), { count: 1, latest: T0 + 100 });
      assert.deepEqual(await a.sessions.signInFailures('client:1.2.3.4', T0), { count: 3, latest: T0 + 200 });
      assert.deepEqual(await a.sessions.signInFailures('name:nobody', T0), { count: 0, latest: 0 });
      await b.sessions.clearSignInFailures('name:olive', T0 + 150);
      assert.deepEqual(await a.sessions.signInFailures('name:olive', 0), { count: 0, latest: 0 });
      assert.deepEqual(await a.sessions.signInFailures('client:1.2.3.4', 0), { count: 1, latest: T0 + 200 });
      // Recording sweeps what is older than the window, so failures that never end in a sign-in do not pile up.
      await a.sessions.recordSignInFailure(['name:ruth'], T0 + 300, T0 + 250);
      assert.deepEqual(await b.sessions.signInFailures('client:1.2.3.4', 0), { count: 0, latest: 0 });
      assert.deepEqual(await b.sessions.signInFailures('name:ruth', 0), { count: 1, latest: T0 + 300 });
    });

    test('a pending import is kept for its operator only, dropped on demand and when too old', async () => {
      const a = await open();
      const b = await open();
      const olive = await a.access.createOperator({ name: 'olive', role: 'owner', passwordHash: 'x' }, new Date(T0).toISOString(), ACTOR);
      const eddie = await a.access.createOperator({ name: 'eddie', role: 'owner', passwordHash: 'x' }, new Date(T0).toISOString(), ACTOR);
      // Bytes as sent, whatever they are: a NUL, invalid UTF-8, an emoji.
      const document = Buffer.concat([Buffer.from(JSON.stringify({ slots: [{ name: 'Ünïcode 🍒 "quoted"' }] })), Buffer.from([0, 0xff, 0xfe])]);
      await a.sessions.savePendingImport(hash('old'), olive.id, T0, Buffer.from('old'), T0);
      await a.sessions.savePendingImport(hash('new'), olive.id, T0 + 100, document, T0);
      assert.deepEqual(await b.sessions.pendingImport(hash('new'), olive.id), document);
      assert.equal(await b.sessions.pendingImport(hash('new'), eddie.id), undefined);
      assert.deepEqual(await b.sessions.pendingImport(hash('old'), olive.id), Buffer.from('old'));
      await b.sessions.savePendingImport(hash('newer'), eddie.id, T0 + 200, Buffer.from('{}'), T0 + 50);
      assert.equal(await a.sessions.pendingImport(hash('old'), olive.id), undefined);
      await b.sessions.dropPendingImport(hash('new'));
      assert.equal(await a.sessions.pendingImport(hash('new'), olive.id), undefined);
      assert.deepEqual(await a.sessions.pendingImport(hash('newer'), eddie.id), Buffer.from('{}'));
    });
  });
}
