import type { CategoryMap } from '../catalogue/records/categories.js';
import type { SlotFields, SlotRecord } from '../catalogue/records/slot.js';
import type { ImportedSlot } from '../catalogue/records/document.js';

/** Everything the service keeps durably, as of one point of the change log. */
export interface CatalogueData {
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  /** The sequence number of the last change this data includes (0 before the first). */
  readonly sequence: number;
}

/** Changes the log keeps by default: a follower further behind than this loads the catalogue afresh. */
export const DEFAULT_CHANGE_LOG_RETENTION = 10_000;

/** A write as the change log recorded it: its place in the order of all writes, and what it was. */
export interface LoggedChange {
  readonly sequence: number;
  /** As stored; checked with `readChange` before use, since anyone with database access can write a row. */
  readonly change: unknown;
}

/** A slot write, committed as change `sequence`. */
export interface WrittenSlot {
  readonly record: SlotRecord;
  readonly sequence: number;
}

/** The fields of one slot as an editor writes them, already validated. */
export type SlotInput = SlotFields & { readonly slug: string };

/**
 * Durable storage of the catalogue. Every write resolves only once it is committed, and runs in one
 * transaction: it happens entirely or not at all. A write that cannot reach the database rejects
 * with `StoreUnavailableError`; one that would duplicate a slug with `DuplicateSlugError`.
 *
 * Every write also appends one change to a log in the same transaction, under the next sequence
 * number: numbers follow commit order without gaps, so a reader that has applied every change up to
 * `n` needs exactly the changes after `n`. The log keeps the most recent changes only.
 */
export interface Store {
  /** Creates the schema if needed and reports whether the database was never filled before. */
  migrate(): Promise<{ readonly fresh: boolean }>;
  load(): Promise<CatalogueData>;
  /** Fills a database that was never filled before; does nothing if another process got there first. */
  seed(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void>;
  /** Replaces slots and categories; returns the records as stored. Ids only grow: none is reused. */
  replaceCatalogue(
    slots: readonly ImportedSlot[],
    categories: CategoryMap,
    now: string,
  ): Promise<{ readonly records: readonly SlotRecord[]; readonly sequence: number }>;
  /** Stores a new slot under the next unused id. */
  createSlot(slot: SlotInput, now: string): Promise<WrittenSlot>;
  /** Replaces every field of slot `id`, keeping its id and creation time; undefined when there is no such slot. */
  replaceSlot(id: number, slot: SlotInput, now: string): Promise<WrittenSlot | undefined>;
  /** Removes slot `id`, resolving with the change's sequence number; undefined when there was no such slot. */
  deleteSlot(id: number): Promise<number | undefined>;
  /** Resolves with the change's sequence number. */
  replaceCategories(categories: CategoryMap): Promise<number>;
  /**
   * Up to `limit` logged changes after sequence number `after`, oldest first; undefined when the log
   * no longer holds the one right after it (pruned, or the database was replaced), so only a
   * full load can catch up.
   */
  changesSince(after: number, limit: number): Promise<readonly LoggedChange[] | undefined>;
  /**
   * Calls `listener` soon after another process (another instance on the same database) committed a
   * change, and after a lost connection to the database came back, when changes may have been missed.
   * Only a wake-up: what changed is read with `changesSince`. Resolves once changes are being watched.
   */
  onChange(listener: () => void): Promise<void>;
  /** Resolves once the database answered a trivial query; rejects when it cannot be reached (readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A write that would give two slots the same slug. */
export class DuplicateSlugError extends Error {
  override readonly name = 'DuplicateSlugError';
  constructor(readonly slug: string) {
    super(`slug "${slug}" is already taken`);
  }
}

/** The database cannot be reached (or refused the write for lack of resources); nothing was written. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(options?: { readonly cause?: unknown }) {
    const cause = options?.cause instanceof Error ? `: ${options.cause.message}` : '';
    super(`the database is unavailable${cause}`, options);
  }
}
