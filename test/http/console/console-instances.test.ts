import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PostgresStore } from '../../../src/store/postgres.js';
import { startAdminApp, type AdminApp } from '../../support/admin.js';
import { addOperator, FORM, form, post, signIn } from '../../support/console.js';
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js';

/**
 * Sessions live in the database (decisions §18): two instances on one PostgreSQL database serve the
 * same operator, and a sign-out or a disable on one ends the session on the other at once.
 */
describe('console sessions across two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: AdminApp;
  let b: AdminApp;

  before(async () => {
    database = await createTestDatabase();
    a = await startAdminApp(new PostgresStore(database.url));
    b = await startAdminApp(new PostgresStore(database.url));
    const access = (a.catalogue.store as PostgresStore).access;
    await addOperator(access, 'olive', 'owner');
    await addOperator(access, 'eddie', 'editor');
  });
  after(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  const status = async (on: AdminApp, cookie: string) => (await on.app.inject({ url: '/admin', headers: { cookie } })).statusCode;

  it('serves a session begun on one instance on the other, CSRF token included', async () => {
    const eddie = await signIn(a.app, 'eddie');
    assert.equal(await status(b, eddie.cookie), 200);
    assert.equal((await post(b.app, '/admin/categories', eddie, { categories: 'luck: 🍀 🎲 🎰' })).statusCode, 303);
  });

  it('ends the session on the other instance at sign-out', async () => {
    const eddie = await signIn(a.app, 'eddie');
    assert.equal(await status(b, eddie.cookie), 200);
    assert.equal((await post(a.app, '/admin/sign-out', eddie)).statusCode, 303);
    assert.equal(await status(b, eddie.cookie), 303);
    assert.equal((await post(b.app, '/admin/categories', eddie, { categories: 'luck: 🍀' })).statusCode, 401);
  });

  it('ends the session on the other instance when an owner disables the operator', async () => {
    const eddie = await signIn(b.app, 'eddie');
    const olive = await signIn(a.app, 'olive');
    assert.equal(await status(b, eddie.cookie), 200);
    assert.equal((await post(a.app, '/admin/operators/eddie/disable', olive)).statusCode, 200);
    assert.equal(await status(b, eddie.cookie), 303);
    assert.equal(await status(a, eddie.cookie), 303);
    // Enabled again, the old session stays ended: the operator changed after it began.
    assert.equal((await post(a.app, '/admin/operators/eddie/enable', olive)).statusCode, 200);
    assert.equal(await status(b, eddie.cookie), 303);
  });

  it('counts failed sign-ins on both instances together', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const on = attempt % 2 === 0 ? a : b;
      const response = await on.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'olive', password: 'wrong wrong wrong' }) });
      assert.equal(response.statusCode, 401);
    }
    const refused = await b.app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name: 'olive', password: 'correct horse battery staple' }) });
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
  });
});
