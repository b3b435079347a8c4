import type { Role } from './access.js';

/**
 * The store's contract for the console's own state (decisions §18): sessions, sign-in failures, and
 * imports previewed and awaiting confirmation. Sessions live in
 * the database, not in a process, so any instance serves any operator and ending one ends it
 * everywhere at once. A session is found by the SHA-256 of its id: the id itself is never stored.
 */

/** A session as stored, with its operator as the operator is now (role, disabled, last change). */
export interface StoredSession {
  readonly operatorId: number;
  readonly operatorName: string;
  readonly role: Role;
  readonly disabled: boolean;
  /** When the operator was last changed (password, role, disabled), in milliseconds. */
  readonly operatorChangedAt: number;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export interface SessionStore {
  createSession(idHash: Buffer, operatorId: number, now: number): Promise<void>;
  /** The session and its operator; undefined when there is none (ended, pruned, or its operator deleted). */
  session(idHash: Buffer): Promise<StoredSession | undefined>;
  /** Notes activity on the session; the caller decides how often. */
  touchSession(idHash: Buffer, now: number): Promise<void>;
  endSession(idHash: Buffer): Promise<void>;
  /** Deletes sessions idle since before `idleBefore` or created before `createdBefore`. */
  pruneSessions(idleBefore: number, createdBefore: number): Promise<void>;
  /** Notes one failed sign-in under each key (a name, a client), and forgets every failure older than `before`. */
  recordSignInFailure(keys: readonly string[], at: number, before: number): Promise<void>;
  /** How many failures `key` has had since `since`, and when the latest was (0 when none). */
  signInFailures(key: string, since: number): Promise<{ readonly count: number; readonly latest: number }>;
  /** Forgets `key`'s failures (after it signed in), and every failure older than `before`. */
  clearSignInFailures(key: string, before: number): Promise<void>;
  /** Keeps an uploaded catalogue document (bytes, as the caller packed them) until its preview is confirmed; drops those made before `before`. */
  savePendingImport(idHash: Buffer, operatorId: number, now: number, document: Buffer, before: number): Promise<void>;
  /** The document operator `operatorId` uploaded under this id, its bytes as saved; undefined when there is none (or another's). */
  pendingImport(idHash: Buffer, operatorId: number): Promise<Buffer | undefined>;
  dropPendingImport(idHash: Buffer): Promise<void>;
}
