import { Catalogue } from '../catalogue/catalogue.js';
import type { CatalogueDocument } from '../catalogue/document.js';
import type { Store } from '../store/store.js';

/**
 * Owns the current catalogue snapshot. Writes go to the store first (durable), then a fresh
 * snapshot replaces the old one in a single assignment, so readers see either all of a change or none.
 */
export class CatalogueService {
  private snapshot: Catalogue = Catalogue.empty();

  constructor(
    readonly store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Prepares the store, fills a never-used database from `seed`, and loads the first snapshot. */
  static async open(store: Store, seed: () => Promise<CatalogueDocument>, now?: () => Date): Promise<CatalogueService> {
    const service = new CatalogueService(store, now);
    const { fresh } = await store.migrate();
    if (fresh) {
      const document = await seed();
      await store.replaceCatalogue(document.slots, document.categories, service.timestamp());
    }
    await service.reload();
    return service;
  }

  get current(): Catalogue {
    return this.snapshot;
  }

  /** Rebuilds the snapshot from the store. */
  async reload(): Promise<void> {
    const data = await this.store.load();
    this.snapshot = new Catalogue(data.slots, data.categories);
  }

  timestamp(): string {
    return this.now().toISOString();
  }
}
