import { AUDIT_SELECT_COLUMNS } from './audit-rows.js';
import type { AuditQuery } from '../access.js';

/**
 * One page of the audit as SQL for either store (`placeholder(n)` writes the n-th parameter). Every
 * filter is an equality on the leading column of an index ending in (time, id), and the order is
 * that index's, read backwards: a page costs the same at a thousand entries as at a million.
 */
export function auditPageSql(query: AuditQuery, placeholder: (position: number) => string): { readonly sql: string; readonly params: readonly unknown[] } {
  const params: unknown[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return placeholder(params.length);
  };
  const where: string[] = [];
  if (query.actor !== undefined) where.push(`actor_name = ${next(query.actor)}`);
  if (query.action !== undefined) where.push(`action = ${next(query.action)}`);
  if (query.slot !== undefined) where.push(`slot_id = ${next(query.slot)}`);
  if (query.since !== undefined) where.push(`time >= ${next(query.since)}`);
  if (query.until !== undefined) where.push(`time < ${next(query.until)}`);
  if (query.below !== undefined) where.push(`(time, id) < (${next(query.below.time)}, ${next(query.below.id)})`);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  return { sql: `SELECT ${AUDIT_SELECT_COLUMNS} FROM audit ${filter} ORDER BY time DESC, id DESC LIMIT ${next(query.limit)}`, params };
}
