import { availableParallelism } from 'node:os';
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

/**
 * Hashes computed at once: all cores but one, so a burst of sign-ins (an attack on the console)
 * leaves a core to the requests (bench:audit measured the public p99 at 7.75x a quiet run with four
 * at once on two cores). The others wait their turn, which only slows sign-ins down.
 */
const CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

async function takingTurns<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so `running` stays counted for it.
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  }
}

export function hashPassword(password: string): Promise<string> {
  return takingTurns(() => hash(password, ARGON2_PARAMETERS));
}

/** False for a wrong password and for a hash that cannot be read alike. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await takingTurns(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
