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

/** A slot's JSON as UTF-8, cut where its base URL goes (after the link's opening quote). */
interface SlotJson {
  readonly head: Buffer;
  readonly rest: Buffer;
}

/**
 * Each slot's JSON, made once per record and kept while the record lives: the write path shares an
 * untouched slot's record between snapshots, so a slot is serialised once however many snapshots and
 * pages show it, and its bytes are kept once whatever base URLs are asked (the catalogue's size at
 * most, ~0.5 KB a slot).
 */
const slotJsons = new WeakMap<SlotRecord, SlotJson>();

function jsonOf(record: SlotRecord): SlotJson {
  let json = slotJsons.get(record);
  if (json === undefined) {
    const bytes = Buffer.from(JSON.stringify(toPublicSlot(record, '')));
    // The link is the last field: its value, then the closing brace.
    const baseAt = bytes.length - Buffer.byteLength(JSON.stringify(slotPageUrl('', record.slug)));
    json = { head: bytes.subarray(0, baseAt), rest: bytes.subarray(baseAt) };
    slotJsons.set(record, json);
  }
  return json;
}

/**
 * `opening` `[{…},{…}]` `closing` as UTF-8, each slot as `JSON.stringify(toPublicSlot(record, base))`
 * gives it, copied from its kept bytes with the base put in: JSON escapes character by character, so
 * the base's escaped form goes in as it is.
 */
export function slotArrayBody(records: readonly SlotRecord[], base: string, opening: string, closing: string): Buffer {
  const baseBytes = Buffer.from(JSON.stringify(base).slice(1, -1));
  const open = Buffer.from(`${opening}[`);
  const close = Buffer.from(`]${closing}`);
  const jsons = records.map(jsonOf);
  let length = open.length + close.length + Math.max(records.length - 1, 0) + records.length * baseBytes.length;
  for (const { head, rest } of jsons) length += head.length + rest.length;
  const body = Buffer.allocUnsafe(length);
  body.set(open, 0);
  let at = open.length;
  for (let index = 0; index < jsons.length; index++) {
    const { head, rest } = jsons[index] as SlotJson;
    if (index > 0) body[at++] = COMMA;
    body.set(head, at);
    at += head.length;
    body.set(baseBytes, at);
    at += baseBytes.length;
    body.set(rest, at);
    at += rest.length;
  }
  body.set(close, at);
  return body;
}

const COMMA = 0x2c;

/** One slot's JSON as `JSON.stringify(toPublicSlot(record, base))` gives it, as UTF-8. */
function slotBody(record: SlotRecord, base: string): Buffer {
  const { head, rest } = jsonOf(record);
  return Buffer.concat([head, Buffer.from(JSON.stringify(base).slice(1, -1)), rest]);
}

/** One slot's body, tagged and kept per snapshot, so a lookup answer is not encoded again per request. */
export const slotRepresentation: SlotValue<Representation> = perSnapshotSlotCache((catalogue, record, base) =>
  representation(catalogue, `slot ${record.id} ${base}`, slotBody(record, base)),
);
