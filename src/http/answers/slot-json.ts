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
 * A slot's JSON as UTF-8, with the link built on the first base URL it was asked with, and where that
 * base's escaped form sits: a page on the same base copies the bytes whole, one on another base copies
 * around it.
 */
interface SlotJson {
  readonly record: SlotRecord;
  readonly bytes: Buffer;
  readonly base: string;
  readonly baseAt: number;
  readonly baseLength: number;
}

/**
 * Each slot's JSON, made once per record and kept until a new version of the slot replaces it: the
 * write path shares an untouched slot's record between snapshots, so a slot is serialised once however
 * many snapshots and pages show it, and its bytes are kept once whatever base URLs are asked (about the
 * JSON's own size: ~1 KB a slot of the bench's catalogue). Kept by id, the record checked on the way
 * out: a map of numbers is found in a fraction of a weak map's time, which was most of a page's 24
 * look-ups. Entries of removed slots are let go all at once when they could be half of them.
 */
const slotJsons = new Map<number, SlotJson>();

/** The escaped form of a base URL as it stands inside a JSON string, as UTF-8. */
function escapedBase(base: string): Buffer {
  if (base !== lastBase.base) lastBase = { base, bytes: Buffer.from(JSON.stringify(base).slice(1, -1)) };
  return lastBase.bytes;
}

let lastBase = { base: '', bytes: Buffer.alloc(0) };

function keptJson(record: SlotRecord): SlotJson | undefined {
  const json = slotJsons.get(record.id);
  return json?.record === record ? json : undefined;
}

/**
 * The JSON of `records` with links on `base`, encoded together into one buffer of exactly their bytes,
 * and kept: one small buffer each took Node's pool a third more than the bytes.
 */
function madeJsons(catalogue: Catalogue, records: readonly SlotRecord[], base: string, baseBytes: Buffer): SlotJson[] {
  const texts = records.map((record) => JSON.stringify(toPublicSlot(record, base)));
  let length = 0;
  for (const text of texts) length += Buffer.byteLength(text);
  const arena = Buffer.allocUnsafeSlow(length);
  if (slotJsons.size + records.length > 2 * catalogue.size + KEPT_SLACK) slotJsons.clear();
  let at = 0;
  return records.map((record, index) => {
    const end = at + arena.write(texts[index] as string, at);
    const bytes = arena.subarray(at, end);
    at = end;
    // The link is the last field: its value (base, then path), then the closing brace.
    const baseAt = bytes.length - Buffer.byteLength(JSON.stringify(slotPageUrl('', record.slug))) - baseBytes.length;
    const json: SlotJson = { record, bytes, base, baseAt, baseLength: baseBytes.length };
    slotJsons.set(record.id, json);
    return json;
  });
}

const KEPT_SLACK = 1024;

/** The JSON of each of `records`, kept or made (those missing, together). */
function jsonsOf(catalogue: Catalogue, records: readonly SlotRecord[], base: string, baseBytes: Buffer): SlotJson[] {
  const jsons = records.map(keptJson);
  const missing = records.filter((_record, index) => jsons[index] === undefined);
  if (missing.length > 0) {
    const made = madeJsons(catalogue, missing, base, baseBytes);
    let next = 0;
    for (let index = 0; index < jsons.length; index++) jsons[index] ??= made[next++];
  }
  return jsons as SlotJson[];
}

/** Writes `json` into `body` at `at` with its link on `base`; returns where it ends. */
function writeSlot(json: SlotJson, base: string, baseBytes: Buffer, body: Buffer, at: number): number {
  const { bytes, baseAt, baseLength } = json;
  if (json.base === base) {
    body.set(bytes, at);
    return at + bytes.length;
  }
  let end = at + bytes.copy(body, at, 0, baseAt);
  body.set(baseBytes, end);
  end += baseBytes.length;
  return end + bytes.copy(body, end, baseAt + baseLength);
}

const lengthOn = (json: SlotJson, baseBytes: Buffer) => json.bytes.length - json.baseLength + baseBytes.length;

/**
 * `opening` `[{…},{…}]` `closing` as UTF-8, each slot as `JSON.stringify(toPublicSlot(record, base))`
 * gives it, copied from its kept bytes with the base put in: JSON escapes character by character, so
 * the base's escaped form goes in as it is.
 */
export function slotArrayBody(catalogue: Catalogue, records: readonly SlotRecord[], base: string, opening: string, closing: string): Buffer {
  const baseBytes = escapedBase(base);
  const open = Buffer.from(`${opening}[`);
  const close = Buffer.from(`]${closing}`);
  const jsons = jsonsOf(catalogue, records, base, baseBytes);
  let length = open.length + close.length + Math.max(records.length - 1, 0);
  for (const json of jsons) length += lengthOn(json, baseBytes);
  const body = Buffer.allocUnsafe(length);
  body.set(open, 0);
  let at = open.length;
  for (let index = 0; index < jsons.length; index++) {
    if (index > 0) body[at++] = COMMA;
    at = writeSlot(jsons[index] as SlotJson, base, baseBytes, body, at);
  }
  body.set(close, at);
  return body;
}

const COMMA = 0x2c;

/** One slot's JSON as `JSON.stringify(toPublicSlot(record, base))` gives it, as UTF-8. */
function slotBody(catalogue: Catalogue, record: SlotRecord, base: string): Buffer {
  const baseBytes = escapedBase(base);
  const [json] = jsonsOf(catalogue, [record], base, baseBytes) as [SlotJson];
  const body = Buffer.allocUnsafe(lengthOn(json, baseBytes));
  writeSlot(json, base, baseBytes, body, 0);
  return body;
}

/** One slot's body, tagged and kept per snapshot, so a lookup answer is not encoded again per request. */
export const slotRepresentation: SlotValue<Representation> = perSnapshotSlotCache((catalogue, record, base) =>
  representation(catalogue, `slot ${record.id} ${base}`, slotBody(catalogue, record, base)),
);
