import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The rows of `table` the database file at `path` holds by itself, without its log: what has been
 * checkpointed into it (0 where the table is not there yet). Read from a copy of the file alone,
 * since any connection to the file itself would read the log too; `undefined` when the copy caught a
 * checkpoint half-way and does not read as a database.
 */
export function rowsInFileAlone(path: string, table: string, where = '1'): number | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-file-alone-'));
  try {
    const copy = join(dir, 'alone.db');
    copyFileSync(path, copy);
    const db = new Database(copy);
    try {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
      return exists ? (db.prepare(`SELECT COUNT(*) FROM ${table} WHERE ${where}`).pluck().get() as number) : 0;
    } catch (error) {
      if (error instanceof Database.SqliteError && /^SQLITE_(CORRUPT|NOTADB)/.test(error.code)) return undefined;
      throw error;
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
