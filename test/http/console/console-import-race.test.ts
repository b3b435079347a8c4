import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Store } from '../../../src/store/store.js';
import { startAdminApp, type AdminApp } from '../../support/admin.js';
import { addOperator, ORIGIN, post, signIn, type Signed } from '../../support/console.js';
import { STORE_KINDS, type Database } from '../../support/stores.js';
import { createTestDatabase, type TestDatabase } from '../../support/postgres.js';
import { PostgresStore } from '../../../src/store/postgres.js';
import { eventually } from '../../support/wait.js';

const BOUNDARY = 'slotmoji-race-boundary';

/** `store`, but every import first lets `before` run: a write landing after the console's last look and before the store's. */
function writeBeforeImport(store: Store, before: () => Promise<void>): Store {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'replaceCatalogue') {
        return async (...args: Parameters<Store['replaceCatalogue']>) => {
          await before();
          return target.replaceCatalogue(...args);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Previews the current export with one slot added, as the import form sends it, and answers the confirmation's fields. */
async function previewed(app: AdminApp, signed: Signed, name: string): Promise<Record<string, string>> {
  const exported = JSON.parse((await app.app.inject({ url: '/admin/catalogue.json', headers: { cookie: signed.cookie } })).body) as { slots: Record<string, unknown>[]; categories: unknown };
  const document = JSON.stringify({ slots: [...exported.slots, { ...exported.slots[0], id: undefined, slug: undefined, name }], categories: exported.categories });
  const payload = [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${signed.csrf}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="catalogue.json"\r\nContent-Type: application/json\r\n\r\n${document}\r\n`,
    `--${BOUNDARY}--\r\n`,
  ].join('');
  const page = await app.app.inject({ method: 'POST', url: '/admin/import', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: ORIGIN, cookie: signed.cookie }, payload });
  assert.equal(page.statusCode, 200, page.body.slice(0, 300));
  const field = (key: string) => new RegExp(`name="${key}" value="([^"]+)"`).exec(page.body)?.[1] ?? '';
  return { import: field('import'), sequence: field('sequence'), hash: field('hash') };
}

/**
 * The confirmation applies exactly what was previewed or refuses (decisions §18), judged by the store
 * inside the import's own transaction: a write from another instance landing after the console's
 * last look and before the import is caught, on both stores.
 */
for (const kind of STORE_KINDS) {
  describe(`console import confirmation against a write from another instance (${kind.name})`, () => {
    let database: Database;
    let a: AdminApp;
    let b: AdminApp;
    let landBeforeImport = false;
    let landed = 0;

    before(async () => {
      database = await kind.create();
      b = await startAdminApp(database.connect());
      const store = database.connect();
      a = await startAdminApp(
        writeBeforeImport(store, async () => {
          if (!landBeforeImport) return;
          landed++;
          await b.catalogue.replaceCategories({ [`luck${landed}`]: ['🍀'] }, { type: 'admin-token', name: 'admin-token' });
        }),
      );
      await addOperator(store.access, 'olive', 'owner');
    });
    after(async () => {
      await a.close();
      await b.close();
      await database.destroy();
    });

    it('refuses, writing nothing, when the other instance writes between the console\'s look and the import', async () => {
      const olive = await signIn(a.app, 'olive');
      const fields = await previewed(a, olive, 'Raced Slot');
      landBeforeImport = true;
      const refused = await post(a.app, '/admin/import/confirm', olive, fields);
      landBeforeImport = false;
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /The catalogue changed after the preview/);
      assert.equal(landed, 1);
      const audit = await a.catalogue.store.access.audit({ action: 'catalogue.import', limit: 1 });
      assert.equal(audit.length, 0, 'no import was written');
      await eventually(() => a.catalogue.position === b.catalogue.position, 10_000, 'the console instance follows the other write');
      assert.deepEqual(a.catalogue.current.categories, { luck1: ['🍀'] });
      assert.ok(!a.catalogue.current.slots.some((slot) => slot.name === 'Raced Slot'));
    });

    it('refuses when the other instance wrote before this one caught up, and applies a fresh preview', async () => {
      const olive = await signIn(a.app, 'olive');
      const stale = await previewed(a, olive, 'Stale Slot');
      await b.catalogue.replaceCategories({ fresh: ['🎰'] }, { type: 'admin-token', name: 'admin-token' });
      assert.equal((await post(a.app, '/admin/import/confirm', olive, stale)).statusCode, 409);
      await eventually(() => a.catalogue.position === b.catalogue.position, 10_000, 'the console instance follows the other write');
      const fresh = await previewed(a, olive, 'Fresh Slot');
      const applied = await post(a.app, '/admin/import/confirm', olive, fresh);
      assert.equal(applied.statusCode, 200, applied.body.slice(0, 300));
      assert.ok(a.catalogue.current.slots.some((slot) => slot.name === 'Fresh Slot'));
    });
  });
}

/**
 * On PostgreSQL the import reads the change counter under its row lock: a writer in the middle of its
 * transaction holds the import until it commits, and the import then sees its change and refuses.
 */
describe('console import confirmation waits for a PostgreSQL writer in flight, then refuses', () => {
  let database: TestDatabase;
  let app: AdminApp;
  before(async () => {
    database = await createTestDatabase();
    const store = new PostgresStore(database.url);
    app = await startAdminApp(store);
    await addOperator(store.access, 'olive', 'owner');
  });
  after(async () => {
    await app.close();
    await database.drop();
  });

  it('does not apply the previewed document over a change committed while the import waited', async () => {
    const olive = await signIn(app.app, 'olive');
    const fields = await previewed(app, olive, 'Waiting Slot');
    const writer = new pg.Client({ connectionString: database.url, application_name: 'race-writer' });
    await writer.connect();
    try {
      // A writer mid-transaction, as the store's own writes do it: the counter first, then the change.
      await writer.query('BEGIN');
      const { rows } = await writer.query<{ value: string }>("UPDATE meta SET value = value + 1 WHERE key = 'change_seq' RETURNING value");
      await writer.query('UPDATE category_map SET map = $1', [JSON.stringify({ inflight: ['🎲'] })]);
      await writer.query('INSERT INTO changes (seq, change, time) VALUES ($1, $2, now())', [rows[0]?.value, JSON.stringify({ kind: 'categories', categories: { inflight: ['🎲'] } })]);
      const confirming = post(app.app, '/admin/import/confirm', olive, fields);
      // The import is at its look, waiting for the writer's lock on the counter.
      await eventually(async () => {
        const waiting = await writer.query("SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name <> 'race-writer'");
        return (waiting.rowCount ?? 0) > 0;
      }, 10_000, 'the import waits for the writer');
      await writer.query('COMMIT');
      const refused = await confirming;
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /The catalogue changed after the preview/);
      assert.equal((await app.catalogue.store.access.audit({ action: 'catalogue.import', limit: 1 })).length, 0);
    } finally {
      await writer.end();
    }
  });
});
