import type { HistorySegment } from '../store/history-id.js';

/**
 * The message id of each change: the same on every retry, so receivers can drop a repeat, and never
 * the same for two events (decisions §20). A change made under a history a restore began is named with
 * that history's id as well as its sequence, since the database restored from went on numbering its own
 * changes from the same sequence; the changes of a database's first history keep the plain `msg_<sequence>`.
 */
export function messageIds(segments: readonly HistorySegment[]): (sequence: number) => string {
  return (sequence) => {
    const madeUnder = segments.findLast((segment) => segment.since < sequence);
    return madeUnder === undefined ? `msg_${sequence}` : `msg_${madeUnder.history}_${sequence}`;
  };
}
