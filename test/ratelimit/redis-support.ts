import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimiter, StoreChange } from '../../src/ratelimit/limiter.js';
import { freePort } from '../support/process.js';
import { within } from '../support/wait.js';

/** The Redis every test machine runs. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** A key prefix of this test run's own. */
export function testKeyPrefix(): string {
  return `slotmoji-test-${randomUUID()}`;
}

/** Deletes every key under `prefix` from the shared Redis. */
export async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    }
  } finally {
    await redis.quit();
  }
}

/** The keys under `prefix` and their values. */
export async function keysUnder(url: string, prefix: string): Promise<Record<string, string>> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    const values = keys.length === 0 ? [] : await redis.mget(...keys);
    return Object.fromEntries(keys.map((key, i) => [key, values[i] ?? '']));
  } finally {
    await redis.quit();
  }
}

export interface ThrowawayRedis {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

/** A redis-server of the test's own on `port` (a free one by default), without persistence. */
export async function startRedisServer(port?: number): Promise<ThrowawayRedis> {
  const chosen = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  await within(ready, 10_000, `redis-server on port ${chosen} starting`);
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Every store change a limiter reports, and a way to wait for the next one of a kind. */
export function recordStoreChanges(limiter: RateLimiter): {
  readonly changes: StoreChange[];
  until(shared: boolean, count: number): Promise<void>;
} {
  const changes: StoreChange[] = [];
  const waiters: (() => void)[] = [];
  if (limiter.onStoreChange === undefined) throw new Error('this limiter reports no store changes');
  limiter.onStoreChange((change) => {
    changes.push(change);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    changes,
    async until(shared, count) {
      const reached = () => changes.filter((change) => change.shared === shared).length >= count;
      while (!reached()) {
        await within(new Promise<void>((resolve) => waiters.push(resolve)), 10_000, `store change to shared=${shared}`);
      }
    },
  };
}
