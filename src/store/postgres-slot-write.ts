import type { Actor, AuditAction } from './access.js';
import { auditColumns, AUDIT_INSERT_COLUMNS } from './access/audit-rows.js';
import { AGE_PRUNE_BATCH, type ChangeRetention } from './store.js';

/** What happens to the slot's row; its version is the number the change is logged under. */
export type SlotRowWrite =
  | { readonly kind: 'insert' | 'update' | 'upsert'; readonly id: number; readonly slug: string; readonly record: string }
  | { readonly kind: 'delete'; readonly id: number };

/** A slot write: the row, its change for the log and its audit entry, records as JSON text (null: none). */
export interface SlotWrite {
  readonly row: SlotRowWrite;
  readonly change: string;
  readonly action: AuditAction;
  readonly before: string | null;
  readonly after: string | null;
  readonly now: string;
  readonly actor: Actor;
}

/**
 * How the log is pruned by this write: by count every time (a range of sequence numbers), by age
 * only when the oldest change kept can have expired (`pruneByAge`).
 */
export interface SlotWritePruning {
  readonly retention: ChangeRetention;
  readonly pruneByAge: boolean;
}

/** The statement's answer: the sequence number, and after an age prune how long until the oldest change left expires (null: unknown). */
export interface SlotWriteRow {
  readonly seq: string;
  readonly expires_in_ms: number | null;
}

function rowSql(row: SlotRowWrite, param: (value: unknown, type: string) => string): string {
  if (row.kind === 'delete') return `DELETE FROM slots WHERE id = ${param(row.id, 'bigint')}`;
  const [id, slug, record] = [param(row.id, 'bigint'), param(row.slug, 'text'), param(row.record, 'json')];
  if (row.kind === 'update') return `UPDATE slots SET slug = ${slug}, record = ${record}, version = (SELECT value FROM next) WHERE id = ${id}`;
  const insert = `INSERT INTO slots (id, slug, record, version) SELECT ${id}, ${slug}, ${record}, value FROM next`;
  return row.kind === 'insert' ? insert : `${insert} ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, record = EXCLUDED.record, version = EXCLUDED.version`;
}

/**
 * A slot write as one statement, one round trip: the next sequence number, the change logged under
 * it, the row written at that version, the audit entry, the log pruned and the NOTIFY queued (sent
 * on commit). All its parts see the same snapshot and commit or roll back together. Its text
 * depends only on the kind of row write and the pruning, so it is prepared once per connection
 * (`name`): the plan of a statement this size costs about as much as running it.
 *
 * Incrementing the counter locks its row until commit, so writers take their numbers in commit
 * order; a writer that locked a slot's row first (FOR UPDATE) takes the counter after it, as all do.
 */
export function slotWriteStatement(
  write: SlotWrite,
  pruning: SlotWritePruning,
  notify: { readonly channel: string; readonly instanceId: string },
): { readonly name: string; readonly text: string; readonly values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const entry = auditColumns(
    { time: write.now, actor: write.actor, action: write.action, target: { type: 'slot', id: String(write.row.id) } },
    { before: write.before, after: write.after },
  );
  const [time, actorType, actorName, action, targetType, targetId, slotId, , before, after] = entry;
  const parts = [
    `next AS (UPDATE meta SET value = value + 1 WHERE key = 'change_seq' RETURNING value)`,
    `logged AS (INSERT INTO changes (seq, change, time) SELECT value, ${param(write.change, 'json')}, clock_timestamp() FROM next RETURNING seq)`,
    `written AS (${rowSql(write.row, param)})`,
    `audited AS (INSERT INTO audit (${AUDIT_INSERT_COLUMNS}) SELECT ${[
      param(time, 'timestamptz'),
      param(actorType, 'text'),
      param(actorName, 'text'),
      param(action, 'text'),
      param(targetType, 'text'),
      param(targetId, 'text'),
      param(slotId, 'bigint'),
      'value',
      param(before, 'json'),
      param(after, 'json'),
    ].join(', ')} FROM next)`,
  ];
  let expiresIn = 'NULL::float8';
  const { retention } = pruning;
  if (retention.kind === 'count') {
    parts.push(`pruned AS (DELETE FROM changes WHERE seq <= (SELECT value FROM next) - ${param(retention.changes, 'bigint')})`);
  } else if (pruning.pruneByAge) {
    // Only the oldest few are looked at: times follow sequence order, so the expired ones are at the front.
    parts.push(
      `cutoff AS (SELECT clock_timestamp() - ${param(retention.ms, 'float8')} * interval '1 millisecond' AS at)`,
      `candidates AS (SELECT seq, time FROM changes ORDER BY seq LIMIT ${param(AGE_PRUNE_BATCH, 'int')})`,
      `pruned AS (DELETE FROM changes WHERE seq IN (SELECT seq FROM candidates, cutoff WHERE time < cutoff.at))`,
    );
    expiresIn = '(SELECT extract(epoch FROM min(time - cutoff.at)) * 1000 FROM candidates, cutoff WHERE time >= cutoff.at)::float8';
  }
  const text = `WITH ${parts.join(',\n')}\nSELECT seq, pg_notify(${param(notify.channel, 'text')}, ${param(notify.instanceId, 'text')}), ${expiresIn} AS expires_in_ms FROM logged`;
  const prune = retention.kind === 'count' ? 'count' : pruning.pruneByAge ? 'age' : 'none';
  return { name: `slotmoji-slot-${write.row.kind}-prune-${prune}`, text, values };
}
