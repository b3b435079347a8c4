import { createHash, randomBytes } from 'node:crypto';

/** Every API token starts so, so a leaked one is recognisable (secret scanners, logs) and told apart from ADMIN_TOKEN. */
export const TOKEN_PREFIX = 'smj_';
const SECRET_BYTES = 32;

/** A new secret: the prefix and 32 random bytes in base64url (43 characters). Shown once, never stored. */
export function newTokenSecret(): string {
  return `${TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

/** What the store keeps of a secret. SHA-256 is enough: the secret has 256 random bits, nothing to guess. */
export function secretHash(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}
