import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Argon2id with the floor decisions §17 sets (and OWASP recommends): 19 MiB of memory, 2 passes, one
 * lane. The binding runs on libuv's thread pool, so a verification never blocks the event loop.
 */
const ARGON2_PARAMETERS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

/** False for a wrong password and for a hash that cannot be read alike. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
