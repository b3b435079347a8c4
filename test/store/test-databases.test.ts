import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, dropRunDatabases, queryOnce, runDatabases } from '../support/postgres.js';

/** The tests' own databases: one emptied for the next test must be as new, and the last test's name must lead nowhere. */
describe('test databases reused under a run prefix (test/support/postgres.ts)', () => {
  const prefix = `slotmoji_check_${randomBytes(4).toString('hex')}`;
  after(() => dropRunDatabases(prefix));

  const publicSchema = async (url: string) => {
    const tables = await queryOnce(url, "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'");
    const schema = await queryOnce(url, "SELECT nspowner::regrole::text AS owner, nspacl::text AS acl, obj_description(oid, 'pg_namespace') AS comment FROM pg_namespace WHERE nspname = 'public'");
    return { relations: (tables.rows[0] as { n: number }).n, ...(schema.rows[0] as { owner: string; acl: string; comment: string }) };
  };
  const underPrefix = () => runDatabases(prefix);

  it('cuts the last test off, then hands the same database out under a new name, as empty as a new one', async () => {
    const first = await createTestDatabase(prefix);
    const asNew = await publicSchema(first.url);
    const stray = new pg.Client({ connectionString: first.url });
    await stray.connect();
    stray.on('error', () => undefined);
    await stray.query('CREATE TABLE left_over (id serial PRIMARY KEY, note text)');
    await stray.query("INSERT INTO left_over (note) VALUES ('the last test')");
    await first.drop();

    await assert.rejects(stray.query('SELECT 1'), 'the session still open was cut');
    const again = new pg.Client({ connectionString: first.url });
    again.on('error', () => undefined);
    await assert.rejects(again.connect(), (error: { code?: string }) => error.code === '3D000', 'the old name names no database');
    assert.equal((await underPrefix()).length, 1, 'the emptied database is kept');

    const second = await createTestDatabase(prefix);
    assert.notEqual(second.name, first.name);
    assert.deepEqual(await underPrefix(), [second.name], 'the next test has the kept one, not a new one');
    assert.deepEqual(await publicSchema(second.url), asNew, 'empty, its public schema as a new database has it');
    assert.equal(asNew.relations, 0);
    await second.drop();
    await second.drop();
    assert.equal((await underPrefix()).length, 1, 'a second drop of the same database does nothing more');
  });

  it('drops what a run left: the emptied databases and those still in use', async () => {
    const done = await createTestDatabase(prefix);
    await createTestDatabase(prefix);
    await done.drop();
    assert.equal((await underPrefix()).length, 2);
    await dropRunDatabases(prefix);
    assert.deepEqual(await underPrefix(), []);
  });
});
