import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.js';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { loadConfig } from '../../src/config.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Store } from '../../src/store/store.js';
import { SMALL_CATALOGUE } from './fixtures.js';
import { seededSqliteFile } from './seeded-sqlite.js';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
export const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}` } as const;

/** A clock that moves one second on every reading, so each write has a time of its own. */
export function tickingClock(start = Date.parse('2026-03-01T00:00:00.000Z')): () => Date {
  let next = start;
  return () => {
    const now = new Date(next);
    next += 1000;
    return now;
  };
}

export interface AdminApp {
  readonly app: FastifyInstance;
  readonly catalogue: CatalogueService;
  close(): Promise<void>;
}

export interface AdminAppOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly document?: CatalogueDocument;
  readonly now?: () => Date;
  /** Told of trouble the service meets in the background. */
  readonly onTrouble?: (error: unknown, what: string) => void;
  readonly deps?: Partial<Omit<AppDeps, 'config' | 'catalogue'>>;
}

/** The real service over `store` (SQLite or PostgreSQL) with admin on; closing the app closes the store. */
export async function startAdminApp(store: Store, options: AdminAppOptions = {}): Promise<AdminApp> {
  const config = loadConfig({ ADMIN_TOKEN, LOG_LEVEL: 'silent', ...options.env });
  const document = options.document ?? SMALL_CATALOGUE;
  const catalogue = await CatalogueService.open(store, async () => document, options.now ?? tickingClock(), options.onTrouble);
  const app = await buildApp({ config, catalogue, logger: false, ...options.deps });
  return {
    app,
    catalogue,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/**
 * `startAdminApp` over a new SQLite file at `path`, copied from one seeded at the clock's first reading
 * (the time `startAdminApp` seeds at), which the service is then handed again as its first.
 */
export async function startSqliteAdminApp(path: string, options: AdminAppOptions = {}): Promise<AdminApp> {
  const clock = options.now ?? tickingClock();
  let first: Date | undefined = clock();
  await seededSqliteFile(path, options.document ?? SMALL_CATALOGUE, first.toISOString());
  const now = () => {
    const reading = first ?? clock();
    first = undefined;
    return reading;
  };
  return startAdminApp(new SqliteStore(path), { ...options, now });
}
