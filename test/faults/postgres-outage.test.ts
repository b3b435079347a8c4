import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import type { Slot } from '../../src/catalogue/records/slot.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';
import { createTestDatabase } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/process.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { eventually } from '../support/wait.js';

/** After an outage the change listener first has to reconnect, which it retries at most a second apart. */
const RECOVERY_MS = 5_000;

const create = (server: ServerProcess, name: string) =>
  fetch(`${server.url}/api/admin/slots`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(slotFields({ name })),
  });

const status = async (server: ServerProcess, path: string) => {
  const response = await fetch(`${server.url}${path}`);
  await response.arrayBuffer();
  return response.status;
};

/** Ends every session of `database` from the server side, as a restart of PostgreSQL does. */
async function terminateSessions(url: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/**
 * Two server processes on one database; `a` reaches it through a relay that the test cuts while it
 * also ends every session on the database side, so `a` loses PostgreSQL for a while and `b` only
 * for a moment. The in-process tests of test/http/routes/admin-postgres.test.ts cut only the network.
 */
describe('server processes on PostgreSQL when it goes down mid-run', () => {
  it('stay up, keep serving reads, refuse writes with 503 while it is down, and recover', async () => {
    const database = await createTestDatabase();
    const proxy = await startTcpProxy(5432);
    const seeding = new PostgresStore(database.url);
    await seeding.migrate();
    await seeding.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, '2026-01-01T00:00:00.000Z');
    await seeding.close();
    const env = { ADMIN_TOKEN, LOG_LEVEL: 'warn', PUBLIC_BASE_URL: 'http://shared.test' };
    const a = await startServer({ ...env, DATABASE_URL: database.urlVia(proxy.port) });
    const b = await startServer({ ...env, DATABASE_URL: database.url });
    try {
      assert.equal((await create(a, 'Before Outage')).status, 201);

      proxy.cut();
      assert.ok((await terminateSessions(database.url, database.name)) > 0, 'the servers had sessions to end');
      for (const path of ['/api/slots', '/api/slots/cherry-gems', '/api/emojis', '/api/emojis/stats', '/']) {
        assert.equal(await status(a, path), 200, path);
      }
      const refused = await create(a, 'During Outage');
      assert.equal(refused.status, 503, await refused.clone().text());
      assert.equal(refused.headers.get('retry-after'), '5');
      assert.match(((await refused.json()) as { message: string }).message, /nothing was written/);
      // b reaches the database again at once: its pool opens fresh connections.
      let onB = await create(b, 'Written On B');
      await eventually(async () => onB.status === 201 || (onB = await create(b, 'Written On B')).status === 201, RECOVERY_MS, 'b writing again');
      assert.equal(a.child.exitCode, null, 'a is still running');

      proxy.restore();
      const bSlot = (await onB.json()) as Slot;
      await eventually(async () => (await status(a, `/api/slots/${bSlot.id}`)) === 200, RECOVERY_MS, "a hearing of b's write once it is back");
      const afterOutage = await create(a, 'After Outage');
      assert.equal(afterOutage.status, 201, await afterOutage.clone().text());
      const aSlot = (await afterOutage.json()) as Slot;
      await eventually(async () => (await status(b, `/api/slots/${aSlot.id}`)) === 200, RECOVERY_MS, "b hearing of a's write");
      assert.equal(await status(b, '/api/slots/during-outage'), 404, 'the refused write left nothing behind');
      assert.match(a.output(), /database connection lost/);
    } finally {
      const codes = await Promise.all([a.stop(), b.stop()]);
      await proxy.close();
      await database.drop();
      assert.deepEqual(codes, [0, 0], 'both shut down cleanly');
    }
  });
});
