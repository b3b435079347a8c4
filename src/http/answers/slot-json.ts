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
 * A slot's JSON as UTF-8, at `start..end` of an arena, with the link built on the first base URL it
 * was asked with, and where that base's escaped form sits (`baseAt`, from `start`): a page on the same
 * base copies the bytes whole, one on another base copies around it.
 */
interface SlotJson {
  readonly record: SlotRecord;
  readonly arena: Buffer;
  readonly start: number;
  readonly end: number;
  readonly base: string;
  readonly baseAt: number;
  readonly baseLength: number;
}

/**
 * Each slot's JSON, made once per record and kept until a new version of the slot replaces it: the
 * write path shares an untouched slot's record between snapshots, so a slot is serialised once however
 * many snapshots and pages show it, and its bytes are kept once whatever base URLs are asked (about the
 * JSON's own size: ~1 KB a slot of the bench's catalogue). Kept by id and found by the id the page
 * gives, the record compared as a reference on the way out: a page's records are then never reached,
 * each a memory miss of its own (two fifths of a page's body, issue 38). Everything is let go at once
 * when entries of removed slots could be half of the entries, or bytes of replaced ones half the bytes.
 */
const slotJsons = new Map<number, SlotJson>();

/**
 * The bytes are written one after another into arenas of a megabyte: a copy then reads a buffer a
 * few dozen arenas share, where a buffer of its own (or of the slots made with it) was one more miss
 * per slot, and Node's pool took a third more than the bytes for one small buffer each.
 */
const ARENA_BYTES = 1 << 20;
let arena = Buffer.alloc(0);
let arenaUsed = 0;
/** Bytes written since everything was last let go, and those of them a newer version replaced. */
let writtenBytes = 0;
let replacedBytes = 0;
const KEPT_SLACK = 1024;
const REPLACED_SLACK_BYTES = 4 * ARENA_BYTES;

/** The escaped form of a base URL as it stands inside a JSON string, as UTF-8. */
function escapedBase(base: string): Buffer {
  if (base !== lastBase.base) lastBase = { base, bytes: Buffer.from(JSON.stringify(base).slice(1, -1)) };
  return lastBase.bytes;
}

let lastBase = { base: '', bytes: Buffer.alloc(0) };

/** The kept JSON of `record`, whose id is `id`: found and checked without reaching the record. */
function keptJson(record: SlotRecord, id: number): SlotJson | undefined {
  const json = slotJsons.get(id);
  return json?.record === record ? json : undefined;
}

/** Lets every kept JSON go when too much of what is kept is no longer shown (see `slotJsons`). */
function letGoWhenStale(catalogue: Catalogue, adding: number): void {
  const removedMayBeHalf = slotJsons.size + adding > 2 * catalogue.size + KEPT_SLACK;
  const replacedMayBeHalf = replacedBytes * 2 > writtenBytes + REPLACED_SLACK_BYTES;
  if (!removedMayBeHalf && !replacedMayBeHalf) return;
  slotJsons.clear();
  arena = Buffer.alloc(0);
  arenaUsed = 0;
  writtenBytes = 0;
  replacedBytes = 0;
}

/** Where `length` bytes go: the current arena's free end, or a new arena's start. */
function roomFor(length: number): number {
  if (arenaUsed + length > arena.length) {
    arena = Buffer.allocUnsafeSlow(Math.max(ARENA_BYTES, length));
    arenaUsed = 0;
  }
  const start = arenaUsed;
  arenaUsed += length;
  writtenBytes += length;
  return start;
}

/** The JSON of `records` with links on `base`, encoded into the arenas, and kept. */
function madeJsons(catalogue: Catalogue, records: readonly SlotRecord[], base: string, baseBytes: Buffer): SlotJson[] {
  letGoWhenStale(catalogue, records.length);
  return records.map((record) => {
    const text = JSON.stringify(toPublicSlot(record, base));
    const length = Buffer.byteLength(text);
    const start = roomFor(length);
    arena.write(text, start);
    // The link is the last field: its value (base, then path), then the closing brace.
    const baseAt = length - Buffer.byteLength(JSON.stringify(slotPageUrl('', record.slug))) - baseBytes.length;
    const json: SlotJson = { record, arena, start, end: start + length, base, baseAt, baseLength: baseBytes.length };
    const replaced = slotJsons.get(record.id);
    if (replaced !== undefined) replacedBytes += replaced.end - replaced.start;
    slotJsons.set(record.id, json);
    return json;
  });
}

/** The JSON of each of `records` (with `ids`), kept or made (those missing, together). */
function jsonsOf(catalogue: Catalogue, records: readonly SlotRecord[], ids: readonly number[], base: string, baseBytes: Buffer): SlotJson[] {
  const jsons = records.map((record, index) => keptJson(record, ids[index] as number));
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
  const { arena: bytes, start, end, baseAt, baseLength } = json;
  if (json.base === base) return at + bytes.copy(body, at, start, end);
  let written = at + bytes.copy(body, at, start, start + baseAt);
  written += baseBytes.copy(body, written);
  return written + bytes.copy(body, written, start + baseAt + baseLength, end);
}

const lengthOn = (json: SlotJson, baseBytes: Buffer) => json.end - json.start - json.baseLength + baseBytes.length;

/**
 * `opening` `[{…},{…}]` `closing` as UTF-8, each slot as `JSON.stringify(toPublicSlot(record, base))`
 * gives it, copied from its kept bytes with the base put in: JSON escapes character by character, so
 * the base's escaped form goes in as it is.
 */
export function slotArrayBody(catalogue: Catalogue, records: readonly SlotRecord[], ids: readonly number[], base: string, opening: string, closing: string): Buffer {
  const baseBytes = escapedBase(base);
  const open = Buffer.from(`${opening}[`);
  const close = Buffer.from(`]${closing}`);
  const jsons = jsonsOf(catalogue, records, ids, base, baseBytes);
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
  const [json] = jsonsOf(catalogue, [record], [record.id], base, baseBytes) as [SlotJson];
  const body = Buffer.allocUnsafe(lengthOn(json, baseBytes));
  writeSlot(json, base, baseBytes, body, 0);
  return body;
}

/** One slot's body, tagged and kept per snapshot, so a lookup answer is not encoded again per request. */
export const slotRepresentation: SlotValue<Representation> = perSnapshotSlotCache((catalogue, record, base) =>
  representation(catalogue, `slot ${record.id} ${base}`, slotBody(catalogue, record, base)),
);
