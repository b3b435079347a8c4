import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresStore } from '../../src/store/postgres.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { ChangeRetention, Store } from '../../src/store/store.js';
import { createTestDatabase } from './postgres.js';

/** One database of a kind: every `connect()` is a separate connection (as a separate process would have). */
export interface Database {
  connect(options?: { readonly changeRetention?: ChangeRetention }): Store;
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


/** Connections of the database a test of `kind` gets afresh, each closed after the test. */
export interface StoresOfOneTest {
  /** A connection, not migrated. */
  connect(options?: { readonly changeRetention?: ChangeRetention }): Store;
  /** A migrated connection. */
  open(options?: { readonly changeRetention?: ChangeRetention }): Promise<Store>;
  /** A migrated connection to a database seeded with `seed` at time `at` (the suite must have given one). */
  seeded(): Promise<Store>;
  /** Closes `store` now, as a process that stops would. */
  closeEarly(store: Store): Promise<void>;
}

/** Registers the hooks that give each test of the calling suite a database of its own, with `seed` in it when asked. */
export function storesOfEachTest(
  kind: (typeof STORE_KINDS)[number],
  hooks: { readonly beforeEach: (run: () => Promise<void>) => void; readonly afterEach: (run: () => Promise<void>) => void },
  seed?: { readonly slots: Parameters<Store['seed']>[0]; readonly categories: Parameters<Store['seed']>[1]; readonly at: string },
): StoresOfOneTest {
  let database: Database | undefined;
  const opened: Store[] = [];
  const connect = (options?: { readonly changeRetention?: ChangeRetention }) => {
    if (database === undefined) throw new Error('no database outside a test');
    const store = database.connect(options);
    opened.push(store);
    return store;
  };
  const open = async (options?: { readonly changeRetention?: ChangeRetention }) => {
    const store = connect(options);
    await store.migrate();
    return store;
  };
  hooks.beforeEach(async () => {
    database = await kind.create();
  });
  hooks.afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    await database?.destroy();
  });
  return {
    connect,
    open,
    async seeded() {
      if (seed === undefined) throw new Error('storesOfEachTest: seeded() needs the seed given');
      const store = await open();
      await store.seed(seed.slots, seed.categories, seed.at);
      return store;
    },
    async closeEarly(store) {
      opened.splice(opened.indexOf(store), 1);
      await store.close();
    },
  };
}
