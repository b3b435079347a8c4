import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { CategoryMap } from '../catalogue/categories.js';
import type { SlotRecord } from '../catalogue/slot.js';
import { DuplicateSlugError, type CatalogueData, type ImportedSlot, type Store } from './store.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS slots (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE COLLATE NOCASE,
    record TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS categories (
    position INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    emojis TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  );
`;

interface SlotRow {
  readonly record: string;
}
interface CategoryRow {
  readonly name: string;
  readonly emojis: string;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The embedded store: one SQLite file in WAL mode, every commit synced to disk before it returns. */
export class SqliteStore implements Store {
  private readonly db: Database.Database;

  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('foreign_keys = ON');
  }

  async migrate(): Promise<{ fresh: boolean }> {
    this.db.exec(SCHEMA);
    const initialised = this.db.prepare("SELECT value FROM meta WHERE key = 'initialised'").get();
    return { fresh: initialised === undefined };
  }

  async load(): Promise<CatalogueData> {
    const slots = (this.db.prepare('SELECT record FROM slots ORDER BY id').all() as SlotRow[]).map(
      (row) => JSON.parse(row.record) as SlotRecord,
    );
    const categories: Record<string, string[]> = {};
    for (const row of this.db.prepare('SELECT name, emojis FROM categories ORDER BY position').all() as CategoryRow[]) {
      categories[row.name] = JSON.parse(row.emojis) as string[];
    }
    return { slots, categories };
  }

  async replaceCatalogue(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void> {
    const replace = this.db.transaction(() => {
      this.db.prepare('DELETE FROM slots').run();
      const insert = this.db.prepare('INSERT INTO slots (id, slug, record) VALUES (?, ?, ?)');
      let nextId = Math.max(this.nextId(), ...slots.map((slot) => (slot.id ?? 0) + 1));
      for (const slot of slots) {
        const id = slot.id ?? nextId++;
        const { id: _given, createdAt, updatedAt, ...fields } = slot;
        const record: SlotRecord = { id, ...fields, createdAt: createdAt ?? now, updatedAt: updatedAt ?? now };
        try {
          insert.run(id, record.slug, JSON.stringify(record));
        } catch (error) {
          throw isUniqueViolation(error) ? new DuplicateSlugError(record.slug) : error;
        }
      }
      this.setNextId(nextId);
      this.replaceCategoriesInTransaction(categories);
      this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('initialised', 1)").run();
    });
    replace.immediate();
  }

  async close(): Promise<void> {
    this.db.close();
  }

  /** The next id to assign: ids only grow, so one is never reused after a delete. */
  private nextId(): number {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'next_id'").get() as { value: number } | undefined;
    const max = this.db.prepare('SELECT COALESCE(MAX(id), 0) AS max FROM slots').get() as { max: number };
    return Math.max(row?.value ?? 1, max.max + 1);
  }

  private setNextId(nextId: number): void {
    this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('next_id', ?)").run(nextId);
  }

  private replaceCategoriesInTransaction(categories: CategoryMap): void {
    this.db.prepare('DELETE FROM categories').run();
    const insert = this.db.prepare('INSERT INTO categories (position, name, emojis) VALUES (?, ?, ?)');
    Object.entries(categories).forEach(([name, emojis], position) => insert.run(position, name, JSON.stringify(emojis)));
  }
}
