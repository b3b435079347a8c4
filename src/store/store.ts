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

/** Durable storage of the catalogue. Every method resolves only once its write is committed. */
export interface Store {
  /** Creates the schema if needed and reports whether the database was never filled before. */
  migrate(): Promise<{ readonly fresh: boolean }>;
  load(): Promise<CatalogueData>;
  /** Replaces slots and categories in one transaction: all or nothing. */
  replaceCatalogue(slots: readonly ImportedSlot[], categories: CategoryMap, now: string): Promise<void>;
  close(): Promise<void>;
}

/** A write that would give two slots the same slug. */
export class DuplicateSlugError extends Error {
  override readonly name = 'DuplicateSlugError';
  constructor(readonly slug: string) {
    super(`slug "${slug}" is already taken`);
  }
}
