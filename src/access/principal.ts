import type { Actor, ApiToken, Operator } from '../store/access.js';

/**
 * What a route needs, in increasing order: `read` (exports, history, audit), `write` (also slots and
 * categories), `admin` (every admin route but operators and tokens), `owner` (everything).
 */
const ACCESS_LEVELS = ['read', 'write', 'admin', 'owner'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Someone whose credentials checked out: who they are (for the audit) and how far they may go. */
export interface Principal {
  readonly actor: Actor;
  readonly level: AccessLevel;
}

/** The break-glass key of decisions §10: every right. */
export const ADMIN_TOKEN_PRINCIPAL: Principal = { actor: { type: 'admin-token', name: 'admin-token' }, level: 'owner' };

export const tokenPrincipal = (token: ApiToken): Principal => ({ actor: { type: 'token', name: token.name }, level: token.scope });

/** An editor edits slots and categories; an owner does everything. */
export const operatorPrincipal = (operator: Operator): Principal => ({
  actor: { type: 'operator', name: operator.name },
  level: operator.role === 'owner' ? 'owner' : 'write',
});

/** Why `principal` may not do what needs `needed`, naming what it needs; undefined when it may. */
export function refusal(principal: Principal, needed: AccessLevel): string | undefined {
  if (ACCESS_LEVELS.indexOf(principal.level) >= ACCESS_LEVELS.indexOf(needed)) return undefined;
  const has = principal.actor.type === 'token' ? `this token's scope is "${principal.level}"` : `${principal.actor.name} is an editor`;
  if (needed === 'owner') return `this route needs an owner (operators and tokens are managed by owners and ADMIN_TOKEN only); ${has}`;
  return `this route needs the "${needed}" scope; ${has}`;
}
