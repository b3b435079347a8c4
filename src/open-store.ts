import type { Config } from './config.js';
import { SqliteStore } from './store/sqlite.js';
import type { Store } from './store/store.js';

/** Reports trouble that happens in the background, away from any request. */
export type Warn = (error: unknown, what: string) => void;

/** How the store is used: by a server for its life, or by a command (or the cluster's primary) that does one job and closes it. */
export type StoreUse = 'serving' | 'command';

/** The configured store. PostgreSQL's client is loaded only when it is asked for: a tenth of a SQLite start-up otherwise. */
export async function openStore(config: Config, warn: Warn, use: StoreUse = 'serving'): Promise<Store> {
  if (config.database.kind === 'sqlite') {
    return new SqliteStore(config.database.path, {
      changeRetention: config.changesRetention,
      onCheckpointError: (error) => warn(error, 'a SQLite checkpoint failed'),
      checkpointThread: use === 'serving',
    });
  }
  const { PostgresStore } = await import('./store/postgres.js');
  return new PostgresStore(config.database.url, {
    changeRetention: config.changesRetention,
    onError: (error) => warn(error, 'database connection lost; reconnecting'),
  });
}
