import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.js';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { loadConfig, type Config } from '../../src/config.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { InsightCounter } from '../../src/insights/counter.js';
import type { PopularOrder } from '../../src/insights/popular-order.js';
import { SMALL_CATALOGUE } from './fixtures.js';
import { seededSqliteFile } from './seeded-sqlite.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly catalogue: CatalogueService;
  readonly store: SqliteStore;
  readonly config: Config;
  readonly dir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** What a fresh database is filled with; the small hand-made catalogue by default. */
  readonly document?: CatalogueDocument;
  /** Environment variables, as an operator would set them. */
  readonly env?: Readonly<Record<string, string>>;
  readonly deps?: Partial<Omit<AppDeps, 'config' | 'catalogue'>>;
  /** Counts what visitors ask, made over the app's own store (its insight tables). */
  readonly insights?: (store: SqliteStore) => Promise<InsightCounter>;
  /** The popular order, made over the app's own store; stopped with the app. */
  readonly popular?: (store: SqliteStore) => Promise<PopularOrder>;
}

/** Retentions by age this long cannot tell a seed made earlier in the process from one made now: either is kept. */
const SEED_AGE_UNSEEN_MS = 24 * 3600 * 1000;

/** The real service on a real SQLite file in a temporary folder of its own. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-test-'));
  const path = join(dir, 'test.db');
  const config = loadConfig({ DATABASE_URL: `sqlite://${path}`, LOG_LEVEL: 'silent', ...options.env }, dir);
  if (config.database.kind !== 'sqlite') throw new Error('test apps run on SQLite');
  const document = options.document ?? SMALL_CATALOGUE;
  const retention = config.changesRetention;
  if (config.database.path === path && (retention.kind === 'count' || retention.ms >= SEED_AGE_UNSEEN_MS)) await seededSqliteFile(path, document);
  const store = new SqliteStore(config.database.path, { changeRetention: retention });
  const catalogue = await CatalogueService.open(store, async () => document);
  const insights = await options.insights?.(store);
  const popular = await options.popular?.(store);
  const app = await buildApp({ config, catalogue, logger: false, ...options.deps, ...(insights && { insights }), ...(popular && { popular }) });
  return {
    app,
    catalogue,
    store,
    config,
    dir,
    async close() {
      await app.close();
      await insights?.stop();
      popular?.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
