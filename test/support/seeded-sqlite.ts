import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { SqliteStore } from '../../src/store/sqlite.js';

/**
 * SQLite files migrated and seeded once per test process, copied for each test app: a fresh file
 * cost each app a migration, a seed synced to disk and the store's checkpoint thread started by that
 * commit (some 60 ms of CPU and a third of a second), a copy costs about a millisecond.
 *
 * A template holds no history id: the store's migration gives each copy one of its own, as it gives
 * a new database (decisions §20). Tests of migrating and seeding themselves open fresh files.
 */
let folder: string | undefined;
let made = 0;
/** The template of each document, by the time it was seeded at ('' for the time of first use). */
const templates = new Map<CatalogueDocument, Map<string, Promise<string>>>();

async function madeTemplate(document: CatalogueDocument, seededAt: string): Promise<string> {
  if (folder === undefined) {
    const created = mkdtempSync(join(tmpdir(), 'slotmoji-templates-'));
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
    folder = created;
  }
  made += 1;
  const path = join(folder, `${made}.db`);
  const store = new SqliteStore(path);
  try {
    await CatalogueService.prepare(store, async () => document, seededAt);
  } finally {
    // Closing the last connection copies the log into the file and deletes it: the file is all of it.
    await store.close();
  }
  const db = new Database(path);
  try {
    db.exec('DELETE FROM history_id');
  } finally {
    db.close();
  }
  return path;
}

/**
 * Writes at `path` (where nothing is yet) a database as `CatalogueService.open` leaves a new one:
 * migrated and seeded with `document` at `seededAt`, or, without it, at the time this process first
 * asked for `document` so.
 */
export async function seededSqliteFile(path: string, document: CatalogueDocument, seededAt?: string): Promise<void> {
  const byTime = templates.get(document) ?? new Map<string, Promise<string>>();
  templates.set(document, byTime);
  let template = byTime.get(seededAt ?? '');
  if (template === undefined) {
    template = madeTemplate(document, seededAt ?? new Date().toISOString());
    byTime.set(seededAt ?? '', template);
  }
  copyFileSync(await template, path);
}
