import { rfc3339 } from '../../access/validation.js';
import { AUDIT_ACTIONS, type AuditPosition, type AuditQuery } from '../../store/access.js';
import { quote } from '../../emoji/parse.js';
import { badRequest } from '../answers/errors.js';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
const PARAMETERS = new Set(['actor', 'action', 'slot', 'since', 'until', 'cursor', 'limit']);
const SLOT_ID = /^[1-9][0-9]{0,14}$/;
const LIMIT = /^[1-9][0-9]{0,2}$/;

/** Where the next page starts, as the client carries it: opaque, base64url of the last entry's (time, id). */
export function auditCursor(position: AuditPosition): string {
  return Buffer.from(JSON.stringify([position.time, position.id])).toString('base64url');
}

function position(raw: string): AuditPosition {
  const refuse = () => badRequest('cursor: not a cursor this service gave; use the "next" of the page before');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw refuse();
  const [time, id] = parsed as unknown[];
  if (typeof time !== 'string' || rfc3339(time) !== time || !Number.isSafeInteger(id) || (id as number) < 1) throw refuse();
  return { time, id: id as number };
}

function time(name: string, raw: string): string {
  const parsed = rfc3339(raw);
  if (parsed === undefined) throw badRequest(`${name}: must be an RFC 3339 time such as 2026-03-01T00:00:00Z, got ${quote(raw)}`);
  return parsed;
}

/** `GET /api/admin/audit`'s query, every parameter checked; a bad one is a 400 naming it. */
export function auditQuery(query: Readonly<Record<string, unknown>>): AuditQuery {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!PARAMETERS.has(name)) throw badRequest(`${quote(name)}: unknown parameter; the audit takes ${[...PARAMETERS].join(', ')}`);
    if (typeof value !== 'string') throw badRequest(`${name}: give it once`);
    values[name] = value;
  }
  const { actor, action, slot, since, until, cursor, limit } = values;
  if (actor !== undefined && (actor === '' || actor.length > 64)) throw badRequest('actor: must be 1-64 characters, the name an entry shows');
  const knownAction = AUDIT_ACTIONS.find((candidate) => candidate === action);
  if (action !== undefined && knownAction === undefined) throw badRequest(`action: must be one of ${AUDIT_ACTIONS.join(', ')}`);
  if (slot !== undefined && !SLOT_ID.test(slot)) throw badRequest(`slot: must be a slot id (a positive integer), got ${quote(slot)}`);
  if (limit !== undefined && (!LIMIT.test(limit) || Number(limit) > AUDIT_PAGE_MAX)) throw badRequest(`limit: must be an integer from 1 to ${AUDIT_PAGE_MAX}`);
  const sinceTime = since === undefined ? undefined : time('since', since);
  const untilTime = until === undefined ? undefined : time('until', until);
  if (sinceTime !== undefined && untilTime !== undefined && sinceTime >= untilTime) throw badRequest('since: must be before until');
  return {
    ...(actor === undefined ? {} : { actor }),
    ...(knownAction === undefined ? {} : { action: knownAction }),
    ...(slot === undefined ? {} : { slot: Number(slot) }),
    ...(sinceTime === undefined ? {} : { since: sinceTime }),
    ...(untilTime === undefined ? {} : { until: untilTime }),
    ...(cursor === undefined ? {} : { below: position(cursor) }),
    limit: limit === undefined ? AUDIT_PAGE_DEFAULT : Number(limit),
  };
}
