import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { createTestDatabase } from './postgres.js';

/** One database of a kind: every `connect()` is a separate connection (as a separate process would have). */
export interface Database {
  connect(options?: { readonly changeLogRetention?: number }): Store;
  destroy(): Promise<void>;
}

export const STORE_KINDS: readonly { readonly name: string; create(): Promise<Database> }[] = [
  {
    name: 'SQLite',
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'slotmoji-store-'));
      return {
        connect: (options) => new SqliteStore(join(dir, 'catalogue.db'), options),
        destroy: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'PostgreSQL',
    async create() {
      const database = await createTestDatabase();
      return { connect: (options) => new PostgresStore(database.url, options), destroy: () => database.drop() };
    },
  },
];

