import { ROLES, TOKEN_SCOPES, type Role, type TokenScope } from '../store/access.js';

/** Input an operator or token cannot have; the message names the field and what is wrong. */
export class AccessInputError extends Error {
  override readonly name = 'AccessInputError';
}

const NAME = /^[a-z0-9._-]{1,64}$/;
const PASSWORD_MIN = 12;
const PASSWORD_MAX = 1024;
const TOKEN_NAME_MAX = 64;
/** RFC 3339 date-time: a full date, a time, and Z or an offset. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** An operator name: 1-64 of `a-z 0-9 . _ -`, and not `.` or `..`, which would read as paths. */
export function operatorName(raw: unknown): string {
  if (typeof raw !== 'string') throw new AccessInputError('name: must be a string');
  if (!NAME.test(raw)) throw new AccessInputError(`name: must be 1-64 of a-z 0-9 . _ - (lower case), got ${shown(raw)}`);
  if (/^\.+$/.test(raw)) throw new AccessInputError(`name: ${shown(raw)} is not a name`);
  return raw;
}

/** A password of 12-1024 characters (code points, so an emoji is one). */
export function password(raw: unknown): string {
  if (typeof raw !== 'string') throw new AccessInputError('password: must be a string');
  const length = [...raw].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
    throw new AccessInputError(`password: must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters, got ${length}`);
  }
  return raw;
}

export function role(raw: unknown): Role {
  const found = ROLES.find((candidate) => candidate === raw);
  if (found === undefined) throw new AccessInputError(`role: must be one of ${ROLES.join(', ')}`);
  return found;
}

export function tokenScope(raw: unknown): TokenScope {
  const found = TOKEN_SCOPES.find((candidate) => candidate === raw);
  if (found === undefined) throw new AccessInputError(`scope: must be one of ${TOKEN_SCOPES.join(', ')}`);
  return found;
}

export function tokenName(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '' || [...raw].length > TOKEN_NAME_MAX || /\p{Cc}/u.test(raw)) {
    throw new AccessInputError(`name: must be 1-${TOKEN_NAME_MAX} characters without control characters`);
  }
  return raw;
}

/** An RFC 3339 time as the store keeps it (UTC, milliseconds), or undefined when it is not one. */
export function rfc3339(raw: string): string | undefined {
  if (!RFC_3339.test(raw)) return undefined;
  const time = Date.parse(raw.replace(' ', 'T'));
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** A token's expiry: absent or null for none, else an RFC 3339 time after `now`. */
export function tokenExpiry(raw: unknown, now: number): string | null {
  if (raw === undefined || raw === null) return null;
  const time = typeof raw === 'string' ? rfc3339(raw) : undefined;
  if (time === undefined) throw new AccessInputError('expiresAt: must be an RFC 3339 time such as 2027-01-31T00:00:00Z, or null');
  if (Date.parse(time) <= now) throw new AccessInputError(`expiresAt: ${raw as string} is not in the future`);
  return time;
}
