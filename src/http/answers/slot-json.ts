import type { Catalogue } from '../../catalogue/catalogue.js';
import { toPublicSlot, type SlotRecord } from '../../catalogue/records/slot.js';
import { representation, type Representation } from './entity-tag.js';

/** Distinct base URLs whose JSON is kept per snapshot; more (a stream of forged Host headers) is not cached. */
const MAX_BASES_PER_SNAPSHOT = 4;
/** Slots whose JSON is kept per base; beyond it (a scraper walking 100,000 slots) it is built per request, so memory stays bounded. */
const MAX_SLOTS_PER_BASE = 20_000;

/**
 * Values derived from one slot and a base URL, made once per snapshot and reused by every request
 * after that. Keyed weakly by snapshot, so an old snapshot's values go with it.
 */
type SlotValue<T> = (catalogue: Catalogue, record: SlotRecord, base: string) => T;

function perSnapshotSlotCache<T>(make: SlotValue<T>): SlotValue<T> {
  const cache = new WeakMap<Catalogue, Map<string, Map<number, T>>>();
  const slotsFor = (catalogue: Catalogue, base: string): Map<number, T> | undefined => {
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
  };
  return (catalogue, record, base) => {
    const slots = slotsFor(catalogue, base);
    let value = slots?.get(record.id);
    if (value === undefined) {
      value = make(catalogue, record, base);
      if (slots !== undefined && slots.size < MAX_SLOTS_PER_BASE) slots.set(record.id, value);
    }
    return value;
  };
}

/** `{"id":"1",…,"url":"…"}` for one slot of `catalogue`. */
const slotJson = perSnapshotSlotCache((_catalogue, record, base) => JSON.stringify(toPublicSlot(record, base)));

/** `slotJson` as the bytes a response sends with their tag, so a lookup answer is not encoded again per request. */
export const slotRepresentation: SlotValue<Representation> = perSnapshotSlotCache((catalogue, record, base) =>
  representation(catalogue, `slot ${record.id} ${base}`, Buffer.from(slotJson(catalogue, record, base))),
);

/** `[{…},{…}]` for a run of slots, from the cached strings. */
export function slotArrayJson(catalogue: Catalogue, records: readonly SlotRecord[], base: string): string {
  let json = '[';
  for (let index = 0; index < records.length; index++) {
    if (index > 0) json += ',';
    json += slotJson(catalogue, records[index] as SlotRecord, base);
  }
  return `${json}]`;
}
