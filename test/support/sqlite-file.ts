import { statSync } from 'node:fs';
import Database from 'better-sqlite3';

/** The bytes a SQLite file holds once every page its log holds is copied into it. */
function checkpointedBytes(path: string): number {
  const reader = new Database(path, { readonly: true });
  try {
    return (reader.pragma('page_count', { simple: true }) as number) * (reader.pragma('page_size', { simple: true }) as number);
  } finally {
    reader.close();
  }
}

/** Whether the database file at `path` holds all its log does: what a checkpoint leaves. */
export function isCheckpointed(path: string): boolean {
  return statSync(path).size === checkpointedBytes(path);
}

/** How much of what the log holds has reached the database file, from 0 to 1. */
export function checkpointedShare(path: string): number {
  return statSync(path).size / checkpointedBytes(path);
}
