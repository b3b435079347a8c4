import type { Catalogue } from '../catalogue/catalogue.js';
import { toPublicSlot, type SlotRecord } from '../catalogue/slot.js';

/** Distinct base URLs whose JSON is kept per snapshot; more (a stream of forged Host headers) is not cached. */
const MAX_BASES_PER_SNAPSHOT = 4;
/** Slots whose JSON is kept per base; beyond it (a scraper walking 100,000 slots) it is built per request, so memory stays bounded. */
const MAX_SLOTS_PER_BASE = 20_000;

/**
 * The public JSON of each slot, serialised once per snapshot and base URL and reused by every
 * request after that. Keyed weakly by snapshot, so an old snapshot's strings go with it.
 */
const cache = new WeakMap<Catalogue, Map<string, Map<number, string>>>();

function slotsFor(catalogue: Catalogue, base: string): Map<number, string> | undefined {
  let bases = cache.get(catalogue);
  if (bases === undefined) {
    bases = new Map();
    cache.set(catalogue, bases);
  }
  let slots = bases.get(base);
  if (slots === undefined && bases.size < MAX_BASES_PER_SNAPSHOT) {
    slots = new Map();
    bases.set(base, slots);
  }
  return slots;
}

/** `{"id":"1",…,"url":"…"}` for one slot of `catalogue`. */
export function slotJson(catalogue: Catalogue, record: SlotRecord, base: string): string {
  const slots = slotsFor(catalogue, base);
  let json = slots?.get(record.id);
  if (json === undefined) {
    json = JSON.stringify(toPublicSlot(record, base));
    if (slots !== undefined && slots.size < MAX_SLOTS_PER_BASE) slots.set(record.id, json);
  }
  return json;
}

/** `[{…},{…}]` for a run of slots, from the cached strings. */
export function slotArrayJson(catalogue: Catalogue, records: readonly SlotRecord[], base: string): string {
  let json = '[';
  for (let index = 0; index < records.length; index++) {
    if (index > 0) json += ',';
    json += slotJson(catalogue, records[index] as SlotRecord, base);
  }
  return `${json}]`;
}
