import type { SlotFields } from './slot.js';
import { validateCategoryMap, type CategoryMap } from './categories.js';
import { validateSlotFields, type Validation } from './validate.js';

/** A validated slot of an imported catalogue; `id` is kept when given, assigned otherwise. */
export type ImportedSlot = SlotFields & {
  readonly slug: string;
  readonly id?: number;
  readonly createdAt?: string;
  readonly updatedAt?: string;
};

/** A whole catalogue as exported and imported: `{ slots: [...], categories: {...} }`. */
export interface CatalogueDocument {
  readonly slots: readonly ImportedSlot[];
  readonly categories: CategoryMap;
}

const ID = /^[1-9][0-9]{0,14}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const MAX_ERRORS = 50;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the service-assigned fields an export carries; `url` is derived, so it is dropped. */
function assignedFields(item: Record<string, unknown>, at: string, errors: string[]): { id?: number; createdAt?: string; updatedAt?: string } {
  const assigned: { id?: number; createdAt?: string; updatedAt?: string } = {};
  const { id, createdAt, updatedAt } = item;
  if (id !== undefined) {
    const text = typeof id === 'number' ? String(id) : id;
    if (typeof text === 'string' && ID.test(text)) assigned.id = Number(text);
    else errors.push(`${at}.id: must be a positive integer id`);
  }
  for (const [name, value] of [['createdAt', createdAt], ['updatedAt', updatedAt]] as const) {
    if (value === undefined) continue;
    if (typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) assigned[name] = value;
    else errors.push(`${at}.${name}: must be an ISO 8601 date-time`);
  }
  return assigned;
}

/**
 * One element of a document's `slots`, checked on its own: its errors (named by its position), and
 * the slot itself when its fields are valid (an id or date may still be wrong).
 */
export interface CheckedSlot {
  readonly slot?: ImportedSlot;
  readonly errors: readonly string[];
}

const NO_ERRORS: readonly string[] = [];

/**
 * Checks element `index` of a document's `slots`. An element can be checked as soon as it is parsed,
 * so its parsed form dies young rather than living on beside every other one until the whole document
 * is in: a 100,000-slot import peaks about 40 MB lower (bench/history/2026-11-26.md).
 */
export function checkDocumentSlot(item: unknown, index: number): CheckedSlot {
  const at = `slots[${index}]`;
  if (!isObject(item)) return { errors: [`${at}: must be a slot object`] };
  const errors: string[] = [];
  const { id: _id, url: _url, createdAt: _created, updatedAt: _updated, ...fields } = item;
  const assigned = assignedFields(item, at, errors);
  const slot = validateSlotFields(fields, at);
  if (!slot.ok) return { errors: [...errors, ...slot.errors] };
  // The validated slot is a fresh object of its own: completed in place, not copied (100,000 times on an import).
  return { slot: Object.assign(slot.value, assigned), errors: errors.length === 0 ? NO_ERRORS : errors };
}

/**
 * Validates a catalogue document whose `slots`, when an array, holds each element's `checkDocumentSlot`:
 * the rest of the checks, naming every bad field (up to a bound) with its position.
 */
export function validateCheckedDocument(input: Readonly<Record<string, unknown>>): Validation<CatalogueDocument> {
  const errors: string[] = [];
  for (const key of Object.keys(input)) if (key !== 'slots' && key !== 'categories') errors.push(`${key}: unknown field`);
  if (!Array.isArray(input['slots'])) errors.push('slots: must be an array');
  const categories = validateCategoryMap(input['categories'] ?? {});
  if (!categories.ok) errors.push(...categories.errors);
  const slots: ImportedSlot[] = [];
  const ids = new Set<number>();
  const slugs = new Set<string>();
  const checked: readonly CheckedSlot[] = Array.isArray(input['slots']) ? input['slots'] : [];
  for (const [index, { slot, errors: slotErrors }] of checked.entries()) {
    if (errors.length >= MAX_ERRORS) break;
    errors.push(...slotErrors);
    if (slot === undefined) continue;
    const at = `slots[${index}]`;
    if (slot.id !== undefined) {
      if (ids.has(slot.id)) errors.push(`${at}.id: ${slot.id} appears twice`);
      ids.add(slot.id);
    }
    const slug = slot.slug.toLowerCase();
    if (slugs.has(slug)) errors.push(`${at}.slug: "${slug}" appears twice`);
    slugs.add(slug);
    slots.push(slot);
  }
  if (errors.length > 0 || !categories.ok) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  return { ok: true, value: { slots, categories: categories.value } };
}

/** Validates a whole catalogue document, naming every bad field (up to a bound) with its position. */
export function validateCatalogueDocument(input: unknown): Validation<CatalogueDocument> {
  if (!isObject(input)) return { ok: false, errors: ['body: must be an object with slots and categories'] };
  const slots = input['slots'];
  return validateCheckedDocument(Array.isArray(slots) ? { ...input, slots: slots.map(checkDocumentSlot) } : input);
}
