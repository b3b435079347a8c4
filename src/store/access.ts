import type { SlotRecord } from '../catalogue/records/slot.js';

/**
 * The store's contract for who may write and what they wrote (decisions §17): operators, API tokens
 * and the audit trail. Kept apart from the catalogue's contract (store.ts), which only borrows
 * `Actor` and the audit entry a slot write records in its own transaction.
 */

/** Who made a change, as the audit names them. */
export interface Actor {
  readonly type: 'operator' | 'token' | 'admin-token';
  readonly name: string;
}

export const ROLES = ['editor', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** What an API token may do: `read` < `write` < `admin`; none may manage operators or tokens. */
export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every action the audit records, by family (decisions §17). */
export const AUDIT_ACTIONS = [
  'slot.create',
  'slot.replace',
  'slot.delete',
  'slot.restore',
  'categories.replace',
  'catalogue.import',
  'ratelimit.reset',
  'operator.create',
  'operator.passwd',
  'operator.role',
  'operator.disable',
  'operator.enable',
  'token.create',
  'token.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.rotate',
  'webhook.delete',
  // The console's sign-ins and sign-outs (decisions §18), written by the console through `record`.
  'session.sign-in',
  'session.sign-in-failed',
  'session.sign-out',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What an entry was about. A token's entry also names the token as it was (its name, scope and
 * expiry) and a webhook endpoint's its URL and events, so a revoked token or a deleted endpoint can
 * still be told apart in the audit; never a secret.
 */
export type AuditTarget =
  | { readonly type: 'slot' | 'catalogue' | 'categories' | 'client' | 'operator'; readonly id: string }
  | ({ readonly type: 'token'; readonly id: string } & Partial<TokenDescription>)
  | ({ readonly type: 'webhook'; readonly id: string } & Partial<WebhookDescription>);

/** A token as its audit entries describe it. */
export interface TokenDescription {
  readonly name: string;
  readonly scope: TokenScope;
  readonly expiresAt: string | null;
}

/** A webhook endpoint as its audit entries describe it. */
export interface WebhookDescription {
  readonly url: string;
  readonly events: readonly string[];
}

/** An entry about to be written. Slot changes carry the record before and after (null: none). */
export interface NewAuditEntry {
  readonly time: string;
  readonly actor: Actor;
  readonly action: AuditAction;
  readonly target: AuditTarget;
  readonly before?: SlotRecord | null;
  readonly after?: SlotRecord | null;
  /** For a slot change: the change-log sequence number that wrote it, the slot's new version. */
  readonly version?: number;
}

export interface AuditEntry extends NewAuditEntry {
  readonly id: number;
}

/** Where a page of the audit ends: the next page starts below this entry in (time, id) order. */
export interface AuditPosition {
  readonly time: string;
  readonly id: number;
}

/** A page of the audit, newest first; every filter given must hold. `until` is exclusive, `since` inclusive. */
export interface AuditQuery {
  readonly actor?: string;
  readonly action?: AuditAction;
  readonly slot?: number;
  readonly since?: string;
  readonly until?: string;
  readonly below?: AuditPosition;
  readonly limit: number;
}

/** One version of a slot as its history shows it; `record` null for a deletion. */
export interface SlotVersion {
  readonly version: number;
  readonly time: string;
  readonly actor: Actor;
  readonly record: SlotRecord | null;
}

export interface Operator {
  readonly id: number;
  readonly name: string;
  readonly role: Role;
  readonly disabled: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An operator change: any of the three, each recorded as its own action. */
export type OperatorChange =
  | { readonly action: 'operator.passwd'; readonly passwordHash: string }
  | { readonly action: 'operator.role'; readonly role: Role }
  | { readonly action: 'operator.disable' | 'operator.enable' };

export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly scope: TokenScope;
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export interface NewApiToken {
  readonly name: string;
  readonly scope: TokenScope;
  readonly expiresAt: string | null;
  /** SHA-256 of the secret: the secret itself is never stored. */
  readonly secretHash: Buffer;
}

/**
 * Operators, tokens and the audit. Every change here writes its audit entry in its own transaction
 * and advances the access version, which other instances watch (through the catalogue store's
 * wake-up) to drop what they cached.
 */
export interface AccessStore {
  /** Rejects with `DuplicateNameError` when the name is taken in any case. */
  createOperator(operator: { readonly name: string; readonly role: Role; readonly passwordHash: string }, time: string, actor: Actor): Promise<Operator>;
  operators(): Promise<readonly Operator[]>;
  /** The operator called `name` (in any case) with its password hash, for sign-in only. */
  operatorCredentials(name: string): Promise<{ readonly operator: Operator; readonly passwordHash: string } | undefined>;
  /** Undefined when there is no such operator. */
  changeOperator(name: string, change: OperatorChange, time: string, actor: Actor): Promise<Operator | undefined>;
  createToken(token: NewApiToken, time: string, actor: Actor): Promise<ApiToken>;
  tokens(): Promise<readonly ApiToken[]>;
  tokenBySecretHash(secretHash: Buffer): Promise<ApiToken | undefined>;
  /** Deletes the token; false when there was none. */
  revokeToken(id: number, time: string, actor: Actor): Promise<boolean>;
  /** Notes a use of token `id`; the caller decides how often. Not an access change: caches stay. */
  recordTokenUse(id: number, time: string): Promise<void>;
  /** A number that grows with every operator or token change. */
  accessVersion(): Promise<number>;
  /** Writes an entry for a change made outside the database (a rate-limit reset). */
  record(entry: NewAuditEntry): Promise<void>;
  audit(query: AuditQuery): Promise<readonly AuditEntry[]>;
  /** The versions of slot `id` the audit holds, newest first, at most `limit`. */
  slotHistory(id: number, limit: number): Promise<readonly SlotVersion[]>;
  /** Deletes up to `batch` entries older than `before`; resolves with how many it deleted. */
  pruneAudit(before: string, batch: number): Promise<number>;
}

/** A new operator whose name another has already, in some case. */
export class DuplicateNameError extends Error {
  override readonly name = 'DuplicateNameError';
  constructor(readonly taken: string) {
    super(`name "${taken}" is already taken`);
  }
}
