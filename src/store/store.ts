import type { CategoryMap } from '../catalogue/records/categories.js';
import type { SlotFields, SlotRecord } from '../catalogue/records/slot.js';
import type { ImportedSlot } from '../catalogue/records/document.js';
import type { AccessStore, Actor } from './access.js';
import type { WebhookStore } from './webhooks/webhook-store.js';
import type { SessionStore } from './sessions.js';
import type { DailyKeyCounts, InsightStore } from './insights.js';
import type { HistorySegment } from './history-id.js';
import type { StateStore } from './state/state-rows.js';

/** Everything the service keeps durably, as of one point of the change log. */
export interface CatalogueData {
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  /** The sequence number of the last change this data includes (0 before the first). */
  readonly sequence: number;
  /** The database's history id (decisions §20): which history `sequence` counts in. */
  readonly history: string;
}

/**
 * How much of the change log is kept: the latest `changes`, or those committed within the last
 * `ms`. A follower (an instance, a feed reader) further behind starts again from a full load.
 */
export type ChangeRetention = { readonly kind: 'count'; readonly changes: number } | { readonly kind: 'age'; readonly ms: number };

/** A week of ordinary editing, whatever its pace: what the log keeps when nothing else is said. */
export const DEFAULT_CHANGE_RETENTION: ChangeRetention = { kind: 'age', ms: 7 * 24 * 3600 * 1000 };

/** Retained changes at most visited per write when pruning by age: the oldest, in sequence order. */
export const AGE_PRUNE_BATCH = 100;

/** A write as the change log recorded it: its place in the order of all writes, when, and what it was. */
export interface LoggedChange {
  readonly sequence: number;
  /** When it was committed, ISO 8601 (for changes logged before times were kept: when the log learnt to keep them). */
  readonly time: string;
  /** As stored; checked with `readChange` before use, since anyone with database access can write a row. */
  readonly change: unknown;
}

/** Part of the change log after some position, with the latest sequence number at that moment. */
export interface ChangeLogPage {
  /** The sequence number of the last change committed. */
  readonly latest: number;
  /** The database's history id (decisions §20), read with `latest`. */
  readonly history: string;
  /**
   * Up to the asked number of changes after the position, oldest first; undefined when the log no
   * longer holds the one right after it (pruned, or the position is beyond `latest`: another database).
   */
  readonly changes: readonly LoggedChange[] | undefined;
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
  /** Webhook endpoints and their outbox, in the same database. */
  readonly webhooks: WebhookStore;
  /** Console sessions and sign-in failures (decisions §18), on the same database. */
  readonly sessions: SessionStore;
  /** Counts of what visitors asked for (decisions §21), on the same database. */
  readonly insights: InsightStore & DailyKeyCounts;
  /** The whole state read and written at once, for backup and restore (decisions §20). */
  readonly state: StateStore;
  /** Creates the schema if needed and reports whether the database was never filled before. */
  migrate(): Promise<{ readonly fresh: boolean }>;
  load(): Promise<CatalogueData>;
  /** Fills a database that was never filled before; does nothing if another process got there first. */
  seed(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void>;
  /**
   * Replaces slots and categories; returns the records as stored. Ids only grow: none is reused.
   * Given `ifSequence`, it happens only while the latest logged change is that one, judged inside the
   * write's own transaction with every other writer held off (else `CatalogueMovedError`).
   */
  replaceCatalogue(
    slots: readonly ImportedSlot[],
    categories: CategoryMap,
    now: string,
    actor: Actor,
    ifSequence?: number,
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
   * Up to `limit` logged changes after sequence number `after`, oldest first, read in one
   * transaction with the latest number; `changes` is undefined when the log no longer holds the one
   * right after `after` (pruned, or the database was replaced), so only a full load can catch up.
   */
  readChanges(after: number, limit: number): Promise<ChangeLogPage>;
  /**
   * Calls `listener` soon after another process (another instance on the same database) committed a
   * change, and after a lost connection to the database came back, when changes may have been missed.
   * Only a wake-up: what changed is read with `readChanges`. Resolves once changes are being watched.
   */
  onChange(listener: () => void): Promise<void>;
  /** The histories begun by the restores in this database's past, oldest first (decisions §20). */
  historySegments(): Promise<readonly HistorySegment[]>;
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

/** A conditional import found changes logged after the sequence its writer saw; nothing was written. */
export class CatalogueMovedError extends Error {
  override readonly name = 'CatalogueMovedError';
  constructor(readonly latest: number) {
    super(`the catalogue is at change ${latest}`);
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
