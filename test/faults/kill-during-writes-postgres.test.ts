import assert from 'node:assert/strict';
import pg from 'pg';
import { after, before, describe, it } from 'node:test';
import type { Slot } from '../../src/catalogue/records/slot.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { startServer } from '../support/process.js';
import { eventually } from '../support/wait.js';

const WRITES = 40;
/** The kill comes once this many creations have been confirmed, with the rest still in flight. */
const KILL_AFTER = 10;

describe('SIGKILL during a burst of admin writes (PostgreSQL, real server process): writes and audit entries', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.drop());

  it('leaves every acknowledged write with its entry, and no entry without its write', async () => {
    const seeding = new PostgresStore(database.url);
    await seeding.migrate();
    await seeding.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, '2026-01-01T00:00:00.000Z');
    await seeding.close();
    const server = await startServer({ DATABASE_URL: database.url, ADMIN_TOKEN, LOG_LEVEL: 'silent' });
    const confirmed: Slot[] = [];
    let killed: Promise<void> | undefined;
    const outcomes = await Promise.all(
      Array.from({ length: WRITES }, async (_, index) => {
        try {
          const response = await fetch(`${server.url}/api/admin/slots`, {
            method: 'POST',
            headers: { ...AUTH, 'content-type': 'application/json' },
            body: JSON.stringify(slotFields({ name: `Postgres Burst ${index}` })),
          });
          if (response.status !== 201) return `status ${response.status}`;
          confirmed.push((await response.json()) as Slot);
          if (confirmed.length === KILL_AFTER) killed ??= server.kill();
          return 'confirmed';
        } catch {
          return 'lost';
        }
      }),
    );
    await (killed ?? server.kill());
    assert.deepEqual(outcomes.filter((outcome) => outcome !== 'confirmed' && outcome !== 'lost'), []);
    assert.ok(outcomes.includes('lost'), 'the kill came while writes were still in flight');

    // The killed server's connections end with it; a commit already sent finishes first. Read once they are gone.
    const watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    try {
      const others = async () =>
        Number((await watcher.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database.name])).rows[0]?.n);
      await eventually(async () => (await others()) === 0, 10_000, "the killed server's connections are gone");
    } finally {
      await watcher.end();
    }
    const store = new PostgresStore(database.url);
    try {
      const seeded = new Set(SMALL_CATALOGUE.slots.map((slot) => slot.name));
      const written = (await store.load()).slots.filter((slot) => !seeded.has(slot.name));
      const entries = await store.access.audit({ action: 'slot.create', limit: 200 });
      assert.deepEqual(
        entries.map((entry) => Number(entry.target.id)).sort((a, b) => a - b),
        written.map((slot) => slot.id).sort((a, b) => a - b),
        'one slot.create entry per slot written, and no entry without its slot',
      );
      for (const entry of entries) assert.deepEqual(entry.after, written.find((slot) => slot.id === Number(entry.target.id)));
      for (const slot of confirmed) assert.ok(written.some((stored) => String(stored.id) === slot.id), `${slot.name} was acknowledged and is stored`);
    } finally {
      await store.close();
    }
  });
});
