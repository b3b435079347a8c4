import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { CatalogueService } from '../src/service/catalogue-service.js';
import { SqliteStore } from '../src/store/sqlite.js';

/** The server the written document names; the document a server serves names that server itself. */
export const DOCUMENT_SERVER = 'http://127.0.0.1:3000';

/**
 * `/openapi.json` as the service answers it, from an app built over an empty throw-away database
 * and never listening: the document depends on the routes, not on the data.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-openapi-'));
  const store = new SqliteStore(join(dir, 'openapi.db'));
  try {
    const config = loadConfig({ DATABASE_URL: `sqlite://${join(dir, 'openapi.db')}`, PUBLIC_BASE_URL: DOCUMENT_SERVER, LOG_LEVEL: 'silent' }, dir);
    const catalogue = await CatalogueService.open(store, async () => ({ slots: [], categories: {} }));
    const app = await buildApp({ config, catalogue, logger: false });
    try {
      const response = await app.inject({ url: '/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`/openapi.json answered ${response.statusCode}: ${response.body}`);
      return response.json<Record<string, unknown>>();
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node --import tsx scripts/openapi-document.ts [file]` writes it (to stdout without a file).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  const file = process.argv[2];
  if (file === undefined) process.stdout.write(text);
  else writeFileSync(file, text);
}
