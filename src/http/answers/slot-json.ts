import type { Catalogue } from '../../catalogue/catalogue.js';
import { slotPageUrl, toPublicSlot, type SlotRecord } from '../../catalogue/records/slot.js';
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

/**
 * Each slot's JSON up to its link (`{"id":"1",…,"url":`) as UTF-8, made once per record and kept while
 * the record lives: the write path shares an untouched slot's record between snapshots, so a slot is
 * serialised once however many snapshots and pages show it, and the bytes are one per slot whatever
 * the base URLs asked (at most the catalogue's size in all, ~0.5 KB a slot).
 */
const heads = new WeakMap<SlotRecord, Buffer>();

function headOf(record: SlotRecord): Buffer {
  let head = heads.get(record);
  if (head === undefined) {
    // The link is the last field: the JSON with an empty base, less the link's value and the closing brace.
    const json = JSON.stringify(toPublicSlot(record, ''));
    head = Buffer.from(json.slice(0, json.length - JSON.stringify(slotPageUrl('', record.slug)).length - 1));
    heads.set(record, head);
  }
  return head;
}

/** What follows a slot's head: its link under `base` and the closing brace. */
function tailOf(record: SlotRecord, base: string): string {
  return `${JSON.stringify(slotPageUrl(base, record.slug))}}`;
}

/** One slot's JSON as `JSON.stringify(toPublicSlot(record, base))` gives it, as UTF-8. */
function slotBytes(record: SlotRecord, base: string): Buffer {
  return Buffer.concat([headOf(record), Buffer.from(tailOf(record, base))]);
}

/** `slotBytes` with its tag, kept per snapshot, so a lookup answer is not encoded again per request. */
export const slotRepresentation: SlotValue<Representation> = perSnapshotSlotCache((catalogue, record, base) =>
  representation(catalogue, `slot ${record.id} ${base}`, slotBytes(record, base)),
);

/**
 * `opening` `[{…},{…}]` `closing` as UTF-8, the slots from their kept heads: the only bytes encoded
 * per request are the links and the few around the array.
 */
export function slotArrayBody(records: readonly SlotRecord[], base: string, opening: string, closing: string): Buffer {
  const parts: Buffer[] = [Buffer.from(`${opening}[`)];
  for (let index = 0; index < records.length; index++) {
    const record = records[index] as SlotRecord;
    parts.push(headOf(record), Buffer.from(index + 1 < records.length ? `${tailOf(record, base)},` : tailOf(record, base)));
  }
  parts.push(Buffer.from(`]${closing}`));
  return Buffer.concat(parts);
}
