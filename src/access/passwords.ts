import { availableParallelism } from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { Argon2Threads } from './argon2-threads.js';

/**
 * Argon2id with the floor decisions §17 sets (and OWASP recommends): 19 MiB of memory, 2 passes, one
 * lane.
 */
const ARGON2_PARAMETERS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes computed at once: all cores but one, so a burst of sign-ins (an attack on the console)
 * leaves a core to the requests (bench:audit measured the public p99 at 7.75x a quiet run with four
 * at once on two cores). The others wait their turn, which only slows sign-ins down.
 */
const CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

/**
 * The hashing threads' nice value: the lowest priority, so on a core the event loop wants a hash
 * yields it at once; on an idle core it runs at full speed.
 */
const HASHING_NICENESS = 19;

const threads = new Argon2Threads(CONCURRENT_HASHES, ARGON2_PARAMETERS, HASHING_NICENESS);

export async function hashPassword(password: string): Promise<string> {
  return (await threads.run({ kind: 'hash', password })) as string;
}

/** False for a wrong password and for a hash that cannot be read alike. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return (await threads.run({ kind: 'verify', hash: passwordHash, password })) === true;
  } catch {
    return false;
  }
}
