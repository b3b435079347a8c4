import type { SlotRecord } from '../catalogue/slot.js';
import type { ImportedSlot, SlotInput } from './store.js';

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
