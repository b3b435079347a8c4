import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { CatalogueService } from './service/catalogue-service.js';
import { readCatalogueDocument } from './store/bundled.js';
import { SqliteStore } from './store/sqlite.js';
import type { Store } from './store/store.js';

function openStore(config: Config): Store {
  if (config.database.kind === 'postgres') {
    throw new ConfigError('DATABASE_URL: PostgreSQL is not supported yet; use an SQLite path');
  }
  return new SqliteStore(config.database.path);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`slotmoji: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const store = openStore(config);
  const catalogue = await CatalogueService.open(store, () => readCatalogueDocument());
  const app = await buildApp({ config, catalogue });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ slots: catalogue.current.size }, 'catalogue loaded');
}

main().catch((error: unknown) => {
  process.stderr.write(`slotmoji: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
