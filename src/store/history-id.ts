import { randomBytes } from 'node:crypto';

/**
 * A database's history id (decisions §20): 16 random bytes as 22 base64url characters, made when the
 * database is created and anew by every restore, so a follower's cursor from another history is told apart.
 */
export function newHistoryId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A history begun by a restore: the changes after `since` (the backup's sequence) were made under
 * `history`. A database keeps the segments of every restore in its past, so each change's webhook
 * message id names the history it was made in (decisions §20).
 */
export interface HistorySegment {
  readonly since: number;
  readonly history: string;
}
