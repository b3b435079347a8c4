import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role } from '../../store/access.js';
import type { SessionStore, StoredSession } from '../../store/sessions.js';

/** 32 random bytes in base64url: what a session cookie holds. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
/** A session's last activity is written at most this often, so browsing does not write on every page. */
const TOUCH_INTERVAL_MS = 60_000;

/** The operator a console request is made for, and the token its forms must carry. */
export interface ConsoleUser {
  readonly operatorId: number;
  readonly name: string;
  readonly role: Role;
  /** The per-session CSRF token every POST must carry (decisions §18). */
  readonly csrfToken: string;
}

const idHash = (id: string): Buffer => createHash('sha256').update(id).digest();
/** Derived from the session id, which only the cookie holds: nothing more to store, nothing another session can use. */
const csrfOf = (id: string): string => createHmac('sha256', id).update('slotmoji console csrf').digest('base64url');

/**
 * Console sessions (decisions §18): ids made here, kept in the store as hashes, so every instance
 * knows every session and ending one ends it everywhere. A session ends when idle too long, when too
 * old, when its operator is disabled, and when its operator was changed (role or password) after it began.
 */
export class ConsoleSessions {
  private readonly idleMs: number;
  private readonly maxMs: number;

  constructor(
    private readonly store: SessionStore,
    limits: { readonly idleMinutes: number; readonly maxHours: number },
    private readonly now: () => number,
  ) {
    this.idleMs = limits.idleMinutes * 60_000;
    this.maxMs = limits.maxHours * 3_600_000;
  }

  /** A new session for the operator: a fresh id every time, so an id planted before sign-in is never the session's. */
  async begin(operatorId: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.store.createSession(idHash(id), operatorId, now);
    // Ended sessions are not read again; sweeping them now and then keeps the table small.
    await this.store.pruneSessions(now - this.idleMs, now - this.maxMs);
    return id;
  }

  /** The operator of session `id`, if it is still alive; an expired one is deleted. */
  async user(id: string | undefined): Promise<ConsoleUser | undefined> {
    if (id === undefined || !SESSION_ID.test(id)) return undefined;
    const hash = idHash(id);
    const session = await this.store.session(hash);
    if (session === undefined) return undefined;
    const now = this.now();
    if (!this.alive(session, now)) {
      await this.store.endSession(hash);
      return undefined;
    }
    if (now - session.lastSeenAt >= TOUCH_INTERVAL_MS) await this.store.touchSession(hash, now);
    return { operatorId: session.operatorId, name: session.operatorName, role: session.role, csrfToken: csrfOf(id) };
  }

  async end(id: string): Promise<void> {
    if (SESSION_ID.test(id)) await this.store.endSession(idHash(id));
  }

  private alive(session: StoredSession, now: number): boolean {
    // Touches are written at most once a minute, so a session may end up to a minute early, never late.
    if (now - session.lastSeenAt > this.idleMs) return false;
    if (now - session.createdAt > this.maxMs) return false;
    return !session.disabled && session.operatorChangedAt <= session.createdAt;
  }
}

/** Whether `given` is the CSRF token of `user`'s session, compared in constant time. */
export function csrfMatches(user: ConsoleUser, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(user.csrfToken);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
