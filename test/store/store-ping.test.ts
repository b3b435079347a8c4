import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { StoreUnavailableError } from '../../src/store/store.js';
import { createTestDatabase, POSTGRES_PORT } from '../support/postgres.js';
import { startTcpProxy } from '../support/tcp-proxy.js';

describe('Store.ping', () => {
  it('SQLite: answers while the file is open, and rejects once it is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slotmoji-ping-'));
    try {
      const store = new SqliteStore(join(dir, 'catalogue.db'));
      await store.ping();
      await store.close();
      await assert.rejects(store.ping());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: answers, rejects with StoreUnavailableError while the network is down, and answers again after', async () => {
    const database = await createTestDatabase();
    const proxy = await startTcpProxy(POSTGRES_PORT);
    const store = new PostgresStore(database.urlVia(proxy.port));
    try {
      await store.ping();
      proxy.cut();
      await assert.rejects(store.ping(), StoreUnavailableError);
      proxy.restore();
      await store.ping();
    } finally {
      await store.close();
      await proxy.close();
      await database.drop();
    }
  });
});
