import { Catalogue } from '../catalogue/catalogue.js';
import type { CategoryMap } from '../catalogue/categories.js';
import type { CatalogueDocument } from '../catalogue/document.js';
import type { SlotRecord } from '../catalogue/slot.js';
import { StoreUnavailableError, type SlotInput, type Store } from '../store/store.js';

/**
 * Owns the current catalogue snapshot. Writes go to the store first (durable), then a fresh
 * snapshot replaces the old one in a single assignment, so readers see either all of a change or none.
 * Writes and reloads take turns in one queue, so two rebuilds never interleave and none is lost.
 */
export class CatalogueService {
  private snapshot: Catalogue = Catalogue.empty();
  private queue: Promise<unknown> = Promise.resolve();
  private reloadQueued = false;
  private readonly rebuildListeners: ((seconds: number, slots: number) => void)[] = [];

  constructor(
    readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    /** Told when a reload after another instance's change fails; the snapshot stays as it was. */
    private readonly onReloadError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Prepares the store, fills a never-used database from `seed`, follows changes made by other
   * instances, and loads the first snapshot.
   */
  static async open(
    store: Store,
    seed: () => Promise<CatalogueDocument>,
    now?: () => Date,
    onReloadError?: (error: unknown) => void,
  ): Promise<CatalogueService> {
    const service = new CatalogueService(store, now, onReloadError);
    await CatalogueService.prepare(store, seed, service.timestamp());
    // Watch before the first load, so a change committed in between is not missed.
    await store.onChange(() => service.scheduleReload());
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

  /** Told after every snapshot rebuild how long it took and how many slots the new one holds. */
  onRebuild(listener: (seconds: number, slots: number) => void): void {
    this.rebuildListeners.push(listener);
  }

  /** Rebuilds the snapshot from the store. */
  async reload(): Promise<void> {
    await this.exclusive(() => this.loadSnapshot());
  }

  async createSlot(slot: SlotInput): Promise<SlotRecord> {
    return this.write(async () => {
      const record = await this.store.createSlot(slot, this.timestamp());
      await this.swap(() => this.snapshot.buildWithSlot(record));
      return record;
    });
  }

  /** Undefined when there is no slot `id`. */
  async replaceSlot(id: number, slot: SlotInput): Promise<SlotRecord | undefined> {
    return this.write(async () => {
      const record = await this.store.replaceSlot(id, slot, this.timestamp());
      if (record !== undefined) await this.swap(() => this.snapshot.buildWithSlot(record));
      return record;
    });
  }

  /** False when there was no slot `id`. */
  async deleteSlot(id: number): Promise<boolean> {
    return this.write(async () => {
      const deleted = await this.store.deleteSlot(id);
      if (deleted) await this.swap(() => this.snapshot.buildWithoutSlot(id));
      return deleted;
    });
  }

  async replaceCatalogue(document: CatalogueDocument): Promise<readonly SlotRecord[]> {
    return this.write(async () => {
      const records = await this.store.replaceCatalogue(document.slots, document.categories, this.timestamp());
      await this.swap(() => Catalogue.build(records, document.categories));
      return records;
    });
  }

  async replaceCategories(categories: CategoryMap): Promise<void> {
    await this.write(async () => {
      await this.store.replaceCategories(categories);
      await this.swap(() => Catalogue.build(this.snapshot.slots, categories));
    });
  }

  timestamp(): string {
    return this.now().toISOString();
  }

  /** Reloads after another instance's change; changes arriving while a reload waits share it. */
  private scheduleReload(): void {
    if (this.reloadQueued) return;
    this.reloadQueued = true;
    this.exclusive(async () => {
      this.reloadQueued = false;
      await this.loadSnapshot();
    }).catch(this.onReloadError);
  }

  /**
   * One write and its snapshot swap, in turn with every other. The new snapshot is built from what
   * the store committed, without reading it back. When the database dropped out mid-write the
   * commit may still have happened, so the snapshot is reloaded as soon as the database answers.
   */
  private async write<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await this.exclusive(task);
    } catch (error) {
      if (error instanceof StoreUnavailableError) this.scheduleReload();
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
    await this.swap(() => Catalogue.build(data.slots, data.categories));
  }

  /**
   * Builds the next snapshot in slices (reads go on meanwhile, from the current one) and swaps it in.
   * A one-slot write derives it from the current snapshot, sharing what the write left alone; other
   * changes rebuild it, reusing the derived keys of records unchanged since the last snapshot.
   */
  private async swap(build: () => Promise<Catalogue>): Promise<void> {
    const started = performance.now();
    const next = await build();
    this.snapshot = next;
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.rebuildListeners) listener(seconds, next.size);
  }
}
