import type { SlotRecord } from '../catalogue/records/slot.js';
import type { ImportedSlot } from '../catalogue/records/document.js';
import type { SlotInput } from './store.js';

/** The record a store keeps for `slot` under `id`: the editor's fields plus what the service assigns. */
export function slotRecord(id: number, slot: SlotInput | ImportedSlot, createdAt: string, updatedAt: string): SlotRecord {
  const { id: _given, createdAt: _created, updatedAt: _updated, ...fields } = slot as ImportedSlot;
  return { id, ...fields, createdAt, updatedAt };
}

/**
 * The records of an imported catalogue: slots keep the ids they carry, the others get fresh ids
 * above every id in use or ever handed out (`firstFreeId`). Returns the next id to hand out.
 */
export function importedRecords(
  slots: readonly ImportedSlot[],
  firstFreeId: number,
  now: string,
): { readonly records: readonly SlotRecord[]; readonly nextId: number } {
  // A loop, not Math.max(...ids): a 100,000-slot import would overflow the argument list.
  let nextId = firstFreeId;
  for (const slot of slots) if (slot.id !== undefined && slot.id >= nextId) nextId = slot.id + 1;
  const records = slots.map((slot) => slotRecord(slot.id ?? nextId++, slot, slot.createdAt ?? now, slot.updatedAt ?? now));
  return { records, nextId };
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * For records being read back: gives each value that repeats across slots (dates, provider,
 * volatility, themes, features) one string for all, where parsing made a copy per slot (some 15 MB
 * over 100,000 slots). The records must be fresh from the parser, not yet seen by anyone: they are
 * changed in place.
 */
export function repeatedStringsShared(): (record: SlotRecord) => SlotRecord {
  const strings = new Map<string, string>();
  const shared = (text: string): string => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text);
    return text;
  };
  const shareAll = (texts: readonly string[]): void => {
    const items = texts as string[];
    for (let i = 0; i < items.length; i++) items[i] = shared(items[i] as string);
  };
  return (parsed) => {
    const record = parsed as Writable<SlotRecord>;
    record.createdAt = shared(record.createdAt);
    record.updatedAt = shared(record.updatedAt);
    record.provider = shared(record.provider);
    record.volatility = shared(record.volatility) as SlotRecord['volatility'];
    shareAll(record.theme);
    shareAll(record.features);
    return record;
  };
}
