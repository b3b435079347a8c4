import type { CategoryMap } from '../catalogue/categories.js';
import type { SlotFields, SlotRecord } from '../catalogue/slot.js';

/** Everything the service keeps durably. */
export interface CatalogueData {
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
}

/** A validated slot of an imported catalogue; `id` is kept when given, assigned otherwise. */
export type ImportedSlot = SlotFields & {
  readonly slug: string;
  readonly id?: number;
  readonly createdAt?: string;
  readonly updatedAt?: string;
};

/** The fields of one slot as an editor writes them, already validated. */
export type SlotInput = SlotFields & { readonly slug: string };

/**
 * Durable storage of the catalogue. Every write resolves only once it is committed, and runs in one
 * transaction: it happens entirely or not at all. A write that cannot reach the database rejects
 * with `StoreUnavailableError`; one that would duplicate a slug with `DuplicateSlugError`.
 */
export interface Store {
  /** Creates the schema if needed and reports whether the database was never filled before. */
  migrate(): Promise<{ readonly fresh: boolean }>;
  load(): Promise<CatalogueData>;
  /** Fills a database that was never filled before; does nothing if another process got there first. */
  seed(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void>;
  /** Replaces slots and categories; returns the records as stored. Ids only grow: none is reused. */
  replaceCatalogue(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<readonly SlotRecord[]>;
  /** Stores a new slot under the next unused id. */
  createSlot(slot: SlotInput, now: string): Promise<SlotRecord>;
  /** Replaces every field of slot `id`, keeping its id and creation time; undefined when there is no such slot. */
  replaceSlot(id: number, slot: SlotInput, now: string): Promise<SlotRecord | undefined>;
  /** Removes slot `id`; false when there was no such slot. */
  deleteSlot(id: number): Promise<boolean>;
  replaceCategories(categories: CategoryMap): Promise<void>;
  /**
   * Calls `listener` after another process (another instance on the same database) committed a
   * change, and after a lost connection to the database came back, when changes may have been missed.
   * Resolves once changes are being watched, so a load that follows misses none.
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
