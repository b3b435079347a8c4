import type { CategoryMap } from '../catalogue/records/categories.js';
import type { SlotFields, SlotRecord } from '../catalogue/records/slot.js';
import type { ImportedSlot } from '../catalogue/records/document.js';
import type { AccessStore, Actor } from './access.js';
import type { SessionStore } from './sessions.js';

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

/** A slot as it is now, with its version: the sequence number of the change that last wrote it. */
export interface VersionedSlot {
  readonly record: SlotRecord;
  readonly version: number;
}

/** What a restore found: the slot written back, or why there was nothing to write. */
export type RestoreOutcome =
  | { readonly written: WrittenSlot }
  /** The slot's history holds no such version (none at all, or another slot's). */
  | { readonly missing: 'version' }
  /** The version is the slot's deletion: there is no record to write back. */
  | { readonly missing: 'record' };

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
 *
 * Every write made for someone (`actor`) also writes its audit entry in the same transaction; for a
 * slot, with the record before and after and the sequence number as the slot's new version. A write
 * given `ifVersion` happens only while the slot is at that version (else `VersionConflictError`).
 */
export interface Store {
  /** Operators, tokens and the audit, on the same database. */
  readonly access: AccessStore;
  /** Console sessions and sign-in failures (decisions §18), on the same database. */
  readonly sessions: SessionStore;
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
    actor: Actor,
  ): Promise<{ readonly records: readonly SlotRecord[]; readonly sequence: number }>;
  /** Stores a new slot under the next unused id. */
  createSlot(slot: SlotInput, now: string, actor: Actor): Promise<WrittenSlot>;
  /** Replaces every field of slot `id`, keeping its id and creation time; undefined when there is no such slot. */
  replaceSlot(id: number, slot: SlotInput, now: string, actor: Actor, ifVersion?: number): Promise<WrittenSlot | undefined>;
  /** Removes slot `id`, resolving with the change's sequence number; undefined when there was no such slot. */
  deleteSlot(id: number, now: string, actor: Actor, ifVersion?: number): Promise<number | undefined>;
  /** Resolves with the change's sequence number. */
  replaceCategories(categories: CategoryMap, now: string, actor: Actor): Promise<number>;
  /**
   * Writes version `version` of slot `id` (from its audit history) back as a new change; a deleted
   * slot comes back under its id (`DuplicateSlugError` when its slug was taken meanwhile).
   */
  restoreSlot(id: number, version: number, now: string, actor: Actor): Promise<RestoreOutcome>;
  /** Slot `id` as stored, with its version; undefined when there is no such slot. */
  readSlot(id: number): Promise<VersionedSlot | undefined>;
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

/** A conditional write found the slot at another version than the writer saw; nothing was written. */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
  constructor(readonly current: VersionedSlot) {
    super(`slot ${current.record.id} is at version ${current.version}`);
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
