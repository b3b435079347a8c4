import { Catalogue } from '../catalogue/catalogue.js';
import type { CategoryMap } from '../catalogue/records/categories.js';
import { readChange, type CatalogueChange } from '../catalogue/records/change.js';
import type { CatalogueDocument } from '../catalogue/records/document.js';
import type { SlotRecord } from '../catalogue/records/slot.js';
import type { Actor } from '../store/access.js';
import { StoreUnavailableError, type RestoreOutcome, type SlotInput, type Store } from '../store/store.js';

/** A snapshot and the last change of the log it includes. */
export interface PublishedSnapshot {
  readonly catalogue: Catalogue;
  readonly sequence: number;
  /** The history `sequence` counts in (decisions §20): the database's history id at the last load. */
  readonly history: string;
}

/** Why a snapshot was replaced: this instance's own write, another's change followed, or a full load. */
export type SnapshotCause = 'write' | 'change' | 'reload';

/** Changes read from the log per round trip while catching up. */
const FOLLOW_PAGE = 500;

/** A row of the change log that cannot be applied: written by hand, or by a bug. */
export class UnreadableChangeError extends Error {
  override readonly name = 'UnreadableChangeError';
  constructor(
    readonly sequence: number,
    readonly problems: readonly string[],
  ) {
    super(`change ${sequence} cannot be applied: ${problems.join('; ')}`);
  }
}

/**
 * Owns the current catalogue snapshot. Writes go to the store first (durable), then a fresh
 * snapshot replaces the old one in a single assignment, so readers see either all of a change or none.
 * Changes other instances make are followed from the store's change log, one by one in sequence
 * order, the same way; only an import, or falling behind what the log keeps, loads everything afresh.
 * Writes, changes followed and loads take turns in one queue, so two never interleave and none is lost.
 */
export class CatalogueService {
  private snapshot: Catalogue = Catalogue.empty();
  /** The sequence number of the last logged change the snapshot includes. */
  private applied = 0;
  /**
   * The snapshot with a sequence number it includes every change up to, replaced in one assignment.
   * Between a swap and its number being set the old number stands: replaying changes the snapshot
   * already holds gives it back unchanged, so a reader that starts from the pair never misses one.
   */
  private published: PublishedSnapshot = { catalogue: this.snapshot, sequence: 0, history: '' };
  /** The database's history id as the last load read it. */
  private history = '';
  private readonly advanceListeners: ((sequence: number) => void)[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private catchUpQueued = false;
  private readonly rebuildListeners: ((seconds: number, slots: number, cause: SnapshotCause) => void)[] = [];

  constructor(
    readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    /** Told of trouble in the background (a failed catch-up, an unreadable change); the snapshot stays consistent. */
    private readonly onTrouble: (error: unknown, what: string) => void = () => undefined,
  ) {}

  /**
   * Prepares the store, fills a never-used database from `seed`, follows changes made by other
   * instances, and loads the first snapshot.
   */
  static async open(
    store: Store,
    seed: () => Promise<CatalogueDocument>,
    now?: () => Date,
    onTrouble?: (error: unknown, what: string) => void,
  ): Promise<CatalogueService> {
    const service = new CatalogueService(store, now, onTrouble);
    await CatalogueService.prepare(store, seed, service.timestamp());
    // Watch before the first load: a change committed in between is then caught up by its number.
    await store.onChange(() => service.scheduleCatchUp());
    await service.reload();
    return service;
  }

  /** Brings the schema up to date and fills a never-used database from `seed`. */
  static async prepare(store: Store, seed: () => Promise<CatalogueDocument>, now: string): Promise<void> {
    const { fresh } = await store.migrate();
    if (fresh) {
      const document = await seed();
      await store.seed(document.slots, document.categories, now);
    }
  }

  get current(): Catalogue {
    return this.snapshot;
  }

  /** The sequence number of the last change in the log that the current snapshot includes. */
  get position(): number {
    return this.applied;
  }

  /** The current snapshot with the sequence number of the last change it includes, read as one. */
  get view(): PublishedSnapshot {
    return this.published;
  }

  /** Told each time the snapshot's position moves on, with the new position: a write, a change followed, a load. */
  onAdvance(listener: (sequence: number) => void): void {
    this.advanceListeners.push(listener);
  }

  /** Told after every snapshot rebuild how long it took, how many slots the new one holds, and why it was made. */
  onRebuild(listener: (seconds: number, slots: number, cause: SnapshotCause) => void): void {
    this.rebuildListeners.push(listener);
  }

  /** Rebuilds the snapshot from the store. */
  async reload(): Promise<void> {
    await this.exclusive(() => this.loadSnapshot());
  }

  /** Applies every change logged since the snapshot's position (what a notification from another instance starts). */
  async catchUp(): Promise<void> {
    await this.exclusive(() => this.followLog());
  }

  async createSlot(slot: SlotInput, actor: Actor): Promise<SlotRecord> {
    return this.write(async () => {
      const { record, sequence } = await this.store.createSlot(slot, this.timestamp(), actor);
      await this.applyOwn(sequence, () => this.snapshot.buildWithSlot(record));
      return record;
    });
  }

  /** Undefined when there is no slot `id`; with `ifVersion`, rejects with `VersionConflictError` unless the slot is at it. */
  async replaceSlot(id: number, slot: SlotInput, actor: Actor, ifVersion?: number): Promise<SlotRecord | undefined> {
    return this.write(async () => {
      const written = await this.store.replaceSlot(id, slot, this.timestamp(), actor, ifVersion);
      if (written === undefined) return undefined;
      await this.applyOwn(written.sequence, () => this.snapshot.buildWithSlot(written.record));
      return written.record;
    });
  }

  /** False when there was no slot `id`; with `ifVersion`, rejects with `VersionConflictError` unless the slot is at it. */
  async deleteSlot(id: number, actor: Actor, ifVersion?: number): Promise<boolean> {
    return this.write(async () => {
      const sequence = await this.store.deleteSlot(id, this.timestamp(), actor, ifVersion);
      if (sequence === undefined) return false;
      await this.applyOwn(sequence, () => this.snapshot.buildWithoutSlot(id));
      return true;
    });
  }

  /** Writes version `version` of slot `id` back (decisions §17), or says why there was nothing to write. */
  async restoreSlot(id: number, version: number, actor: Actor): Promise<RestoreOutcome> {
    return this.write(async () => {
      const outcome = await this.store.restoreSlot(id, version, this.timestamp(), actor);
      if ('written' in outcome) {
        const { record, sequence } = outcome.written;
        await this.applyOwn(sequence, () => this.snapshot.buildWithSlot(record));
      }
      return outcome;
    });
  }

  /** With `ifSequence`, only while the store's latest change is that one (else the store's `CatalogueMovedError`). */
  async replaceCatalogue(document: CatalogueDocument, actor: Actor, ifSequence?: number): Promise<readonly SlotRecord[]> {
    return this.write(async () => {
      const { records, sequence } = await this.store.replaceCatalogue(document.slots, document.categories, this.timestamp(), actor, ifSequence);
      await this.swap('write', () => Catalogue.build(records, document.categories));
      // Everything was replaced: whatever came before no longer matters.
      this.advance(sequence);
      return records;
    });
  }

  async replaceCategories(categories: CategoryMap, actor: Actor): Promise<void> {
    await this.write(async () => {
      const sequence = await this.store.replaceCategories(categories, this.timestamp(), actor);
      await this.applyOwn(sequence, async () => this.snapshot.withCategories(categories));
    });
  }

  timestamp(): string {
    return this.now().toISOString();
  }

  /** Catches up after another instance's change; notifications arriving while one waits share it. */
  private scheduleCatchUp(): void {
    if (this.catchUpQueued) return;
    this.catchUpQueued = true;
    this.exclusive(async () => {
      this.catchUpQueued = false;
      await this.followLog();
    }).catch((error: unknown) => this.onTrouble(error, 'following catalogue changes failed; still serving the previous snapshot'));
  }

  /**
   * Puts our own write, committed as change `sequence`, into the snapshot with `build`. When another
   * instance's change came in between and is not applied yet, the log is followed instead, through
   * this write, so the snapshot only ever shows the changes in their order. Should the database
   * fail to answer just then, the write goes in as it is and the log is replayed later (applying
   * a change twice gives the same snapshot).
   */
  private async applyOwn(sequence: number, build: () => Promise<Catalogue>): Promise<void> {
    if (sequence !== this.applied + 1) {
      try {
        await this.followLog();
        if (this.applied >= sequence) return;
      } catch (error) {
        this.onTrouble(error, 'following catalogue changes failed; catching up later');
      }
    }
    await this.swap('write', build);
    if (sequence === this.applied + 1) this.advance(sequence);
    else this.scheduleCatchUp();
  }

  /**
   * Applies, in order, every change logged after the snapshot's position, or loads afresh when the
   * log no longer reaches back that far or counts in another history.
   */
  private async followLog(): Promise<void> {
    for (;;) {
      const { changes, history } = await this.store.readChanges(this.applied, FOLLOW_PAGE);
      // Another history (the database was restored under us) shares no position with ours.
      if (changes === undefined || history !== this.history) {
        await this.loadSnapshot();
        return;
      }
      for (const { sequence, change } of changes) {
        // A load part way through already holds the rest of the page.
        if (sequence <= this.applied) continue;
        const read = readChange(change);
        if (read.ok) {
          await this.apply(sequence, read.value);
        } else {
          this.onTrouble(new UnreadableChangeError(sequence, read.errors), 'unreadable change in the log; loading the catalogue afresh');
          await this.loadSnapshot();
        }
      }
      if (changes.length < FOLLOW_PAGE) return;
    }
  }

  /** Brings the snapshot to change `sequence`, as the instance that wrote it did. */
  private async apply(sequence: number, change: CatalogueChange): Promise<void> {
    switch (change.kind) {
      case 'slot':
        await this.swap('change', () => this.snapshot.buildWithSlot(change.record));
        break;
      case 'slotDeleted':
        await this.swap('change', () => this.snapshot.buildWithoutSlot(change.id));
        break;
      case 'categories':
        await this.swap('change', async () => this.snapshot.withCategories(change.categories));
        break;
      case 'imported':
        await this.loadSnapshot();
        return;
    }
    this.advance(sequence);
  }

  /**
   * One write and its snapshot swap, in turn with every other. The new snapshot is built from what
   * the store committed, without reading it back. When the database dropped out mid-write the
   * commit may still have happened, so the log is read again as soon as the database answers.
   */
  private async write<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.exclusive(task);
    } catch (error) {
      if (error instanceof StoreUnavailableError) this.scheduleCatchUp();
      throw error;
    }
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async loadSnapshot(): Promise<void> {
    const data = await this.store.load();
    await this.swap('reload', () => Catalogue.build(data.slots, data.categories));
    this.history = data.history;
    this.advance(data.sequence);
  }

  /** The snapshot now includes every change up to `sequence`: published with it, and listeners told. */
  private advance(sequence: number): void {
    this.applied = sequence;
    this.published = { catalogue: this.snapshot, sequence, history: this.history };
    for (const listener of this.advanceListeners) listener(sequence);
  }

  /**
   * Builds the next snapshot in slices (reads go on meanwhile, from the current one) and swaps it in.
   * A one-slot change derives it from the current snapshot, sharing what the change left alone; an
   * import or a load builds it afresh.
   */
  private async swap(cause: SnapshotCause, build: () => Promise<Catalogue>): Promise<void> {
    const started = performance.now();
    const next = await build();
    this.snapshot = next;
    this.published = { catalogue: next, sequence: this.applied, history: this.history };
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.rebuildListeners) listener(seconds, next.size, cause);
  }
}
