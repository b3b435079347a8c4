import type { CategoryMap } from './categories.js';
import type { CatalogueDocument, ImportedSlot } from './document.js';
import { SlotFieldsSchema, type SlotRecord } from './slot.js';

/** The fields an import writes, in the order the schema lists them: what "changed" compares. */
const COMPARED = Object.keys(SlotFieldsSchema.properties) as (keyof ImportedSlot & keyof SlotRecord)[];

/** One slot an import would change, with the names of the fields that differ. */
export interface ChangedSlot {
  readonly id: number;
  readonly name: string;
  readonly fields: readonly string[];
}

/** What importing a document would do to the catalogue, slot by slot (decisions §18). */
export interface ImportPreview {
  /** New slots: those without an id, or with an id the catalogue does not have. */
  readonly added: readonly { readonly id: number | undefined; readonly name: string }[];
  readonly changed: readonly ChangedSlot[];
  readonly removed: readonly { readonly id: number; readonly name: string }[];
  readonly unchanged: number;
  readonly categoriesChanged: boolean;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function sameCategories(a: CategoryMap, b: CategoryMap): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => same(a[name], b[name]));
}

/** Compares a validated import document with the catalogue's slots (in id order) and category map. */
export function previewImport(current: readonly SlotRecord[], categories: CategoryMap, document: CatalogueDocument): ImportPreview {
  const byId = new Map<number, SlotRecord>();
  for (const slot of current) byId.set(slot.id, slot);
  const kept = new Set<number>();
  const added: { id: number | undefined; name: string }[] = [];
  const changed: ChangedSlot[] = [];
  let unchanged = 0;
  for (const slot of document.slots) {
    const existing = slot.id === undefined ? undefined : byId.get(slot.id);
    if (existing === undefined) {
      added.push({ id: slot.id, name: slot.name });
      continue;
    }
    kept.add(existing.id);
    const fields = COMPARED.filter((field) => !same(slot[field], existing[field]));
    if (fields.length === 0) unchanged++;
    else changed.push({ id: existing.id, name: slot.name, fields });
  }
  const removed = current.filter((slot) => !kept.has(slot.id)).map(({ id, name }) => ({ id, name }));
  return { added, changed, removed, unchanged, categoriesChanged: !sameCategories(categories, document.categories) };
}
