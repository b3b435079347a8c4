import type { SlotRecord } from '../../catalogue/records/slot.js';
import type { Actor, ApiToken, AuditAction, AuditEntry, AuditTarget, NewAuditEntry, SlotVersion } from '../access.js';

/** An audit row as both stores read it back: records are JSON text in SQLite, parsed already by pg. */
export interface AuditRow {
  readonly id: number | string;
  readonly time: string | Date;
  readonly actor_type: string;
  readonly actor_name: string;
  readonly action: string;
  readonly target_type: string;
  readonly target_id: string;
  readonly version: number | string | null;
  readonly before: string | SlotRecord | null;
  readonly after: string | SlotRecord | null;
}

/** A slot change's records as JSON text (null: none), when the write has them as text already. */
export interface AuditRecordTexts {
  readonly before: string | null;
  readonly after: string | null;
}

// SQL NULL for "no record", read back as null on a slot change and as absent on any other entry.
const json = (record: SlotRecord | null | undefined) => (record === undefined || record === null ? null : JSON.stringify(record));

/**
 * A token's or a webhook endpoint's description (its target less type and id), kept in the `after`
 * column, which only slot changes use otherwise: no table change, and a backup carries it as it is.
 */
function descriptionText(target: AuditTarget): string | null {
  const { type: _type, id: _id, ...description } = target;
  return Object.keys(description).length === 0 ? null : JSON.stringify(description);
}

/**
 * The columns of an entry, in the order both stores' INSERT statements name them. A slot write
 * passes its records as the texts it wrote (`texts`), so that none is serialized twice.
 */
export function auditColumns(entry: NewAuditEntry, texts: AuditRecordTexts = { before: json(entry.before), after: json(entry.after) ?? descriptionText(entry.target) }): readonly (string | number | null)[] {
  const slotId = entry.target.type === 'slot' ? Number(entry.target.id) : null;
  return [
    entry.time,
    entry.actor.type,
    entry.actor.name,
    entry.action,
    entry.target.type,
    entry.target.id,
    slotId,
    entry.version ?? null,
    texts.before,
    texts.after,
  ];
}

export const AUDIT_INSERT_COLUMNS = 'time, actor_type, actor_name, action, target_type, target_id, slot_id, version, before, after';
export const AUDIT_SELECT_COLUMNS = 'id, time, actor_type, actor_name, action, target_type, target_id, version, before, after';

const timeText = (time: string | Date) => (typeof time === 'string' ? time : time.toISOString());

/** A token's entry's target: which token, described as it was (never its secret, which the store does not keep). */
export function tokenTarget(token: ApiToken): AuditTarget {
  return { type: 'token', id: String(token.id), name: token.name, scope: token.scope, expiresAt: token.expiresAt };
}

/** A slot change keeps `null` for a side that did not exist (a create's before); other entries have none. */
function record(value: string | SlotRecord | null, isSlotChange: boolean): SlotRecord | null | undefined {
  if (value === null) return isSlotChange ? null : undefined;
  return typeof value === 'string' ? (JSON.parse(value) as SlotRecord) : value;
}

const actorOf = (row: AuditRow): Actor => ({ type: row.actor_type as Actor['type'], name: row.actor_name });

/** The target an entry names; a token's or an endpoint's with the description its `after` column keeps. */
function targetOf(row: AuditRow): AuditTarget {
  const target = { type: row.target_type, id: row.target_id };
  if (row.after === null || row.target_type === 'slot') return target as AuditTarget;
  const description = typeof row.after === 'string' ? (JSON.parse(row.after) as object) : row.after;
  return { ...description, ...target } as AuditTarget;
}

export function auditEntry(row: AuditRow): AuditEntry {
  const isSlotChange = row.target_type === 'slot';
  const before = record(row.before, isSlotChange);
  const after = isSlotChange ? record(row.after, true) : undefined;
  return {
    id: Number(row.id),
    time: timeText(row.time),
    actor: actorOf(row),
    action: row.action as AuditAction,
    target: targetOf(row),
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    ...(row.version === null ? {} : { version: Number(row.version) }),
  };
}

export function slotVersion(row: AuditRow): SlotVersion {
  return { version: Number(row.version), time: timeText(row.time), actor: actorOf(row), record: record(row.after, true) ?? null };
}
