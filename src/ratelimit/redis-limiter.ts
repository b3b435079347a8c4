import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config.js';
import { clientKey } from './client-key.js';
import type { RateLimitDecision, RateLimiter, StoreChange } from './limiter.js';
import { MemoryRateLimiter } from './memory-limiter.js';
import { countInRedis, defineRateLimitCommand } from './redis-script.js';
import { decide, endOf, generationOf, windowSpecs, type WindowSpec } from './windows.js';

/** While counting in memory over a live but failing connection, how often to try Redis again. */
export const RETRY_INTERVAL_MS = 1000;
export const DEFAULT_COMMAND_TIMEOUT_MS = 1000;
export const MAX_RECONNECT_DELAY_MS = 2000;

export interface RedisRateLimiterOptions {
  readonly url: string;
  /** Starts every key, so deployments and test runs sharing one Redis keep apart. */
  readonly keyPrefix: string;
  readonly limits: RateLimitConfig;
  /** Wall clock in milliseconds. */
  readonly now?: () => number;
  /** Pause between attempts to reach Redis again; by default growing from 50 ms to 2 s. */
  readonly reconnectDelayMs?: number;
  /** Longest a Redis round trip may take before the request is counted in memory instead. */
  readonly commandTimeoutMs?: number;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Counters in Redis, shared by every instance using the same URL and prefix. Each request is one
 * atomic script call over all three windows. When Redis is unreachable the limiter keeps answering
 * from per-instance counters, reports the loss once, and returns to Redis as soon as it answers.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly fallback: MemoryRateLimiter;
  private readonly specs: readonly WindowSpec[];
  private readonly now: () => number;
  private readonly keyPrefix: string;
  private readonly ipv6Prefix: number;
  private readonly listeners: ((change: StoreChange) => void)[] = [];
  private loss: StoreChange | undefined;
  private retryAt = 0;
  private closing = false;

  private constructor(options: RedisRateLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.specs = windowSpecs(options.limits);
    this.keyPrefix = options.keyPrefix;
    this.ipv6Prefix = options.limits.ipv6Prefix;
    this.fallback = new MemoryRateLimiter({ limits: options.limits, now: this.now });
    const delay = options.reconnectDelayMs;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected rather than queue: the request is counted in memory instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => delay ?? Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
    });
    defineRateLimitCommand(this.redis);
    this.redis.on('error', (error: unknown) => this.lose(error));
    this.redis.on('close', () => this.lose(new Error('connection to Redis closed')));
    this.redis.on('ready', () => this.regain());
  }

  /** A limiter whose first attempt to reach Redis is over: connected, or counting in memory meanwhile. */
  static async connect(options: RedisRateLimiterOptions): Promise<RedisRateLimiter> {
    const limiter = new RedisRateLimiter(options);
    await once(limiter.redis, 'ready').catch(() => undefined);
    return limiter;
  }

  async consume(client: string): Promise<RateLimitDecision> {
    const nowMs = this.now();
    if (!this.shouldTryRedis(nowMs)) return this.fallback.consumeNow(client);
    const keys = this.keys(client, nowMs);
    const nowSeconds = Math.floor(nowMs / 1000);
    const resets = this.specs.map((spec) => endOf(spec, generationOf(spec, nowMs)));
    try {
      const used = await countInRedis(
        this.redis,
        keys,
        this.specs.map((spec) => spec.limit),
        // One second past the window's end, so a key never lapses while its window still runs.
        resets.map((reset) => reset - nowSeconds + 1),
      );
      this.regain();
      return decide(this.specs.map((spec, w) => ({ spec, used: used[w] ?? 0, resetAt: resets[w] ?? 0 })));
    } catch (error) {
      this.lose(error);
      return this.fallback.consumeNow(client);
    }
  }

  /** Clears the client's counters here and in Redis; rejects when Redis could not be reached. */
  async reset(client: string): Promise<void> {
    await this.fallback.reset(client);
    try {
      await this.redis.del(...this.keys(client, this.now()));
    } catch (error) {
      this.lose(error);
      throw asError(error);
    }
  }

  onStoreChange(listener: (change: StoreChange) => void): void {
    this.listeners.push(listener);
    if (this.loss !== undefined) listener(this.loss);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.fallback.close();
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  /** The client's counter of each window's current occurrence; the braces keep them on one cluster slot. */
  private keys(client: string, nowMs: number): string[] {
    const key = clientKey(client, this.ipv6Prefix);
    return this.specs.map((spec) => `${this.keyPrefix}:ratelimit:{${key}}:${spec.window}:${generationOf(spec, nowMs)}`);
  }

  private shouldTryRedis(nowMs: number): boolean {
    if (this.redis.status !== 'ready') {
      this.lose(new Error(`Redis connection is ${this.redis.status}`));
      return false;
    }
    return this.loss === undefined || nowMs >= this.retryAt;
  }

  private lose(error: unknown): void {
    this.retryAt = this.now() + RETRY_INTERVAL_MS;
    if (this.loss !== undefined || this.closing) return;
    this.loss = { shared: false, error: asError(error) };
    this.tell(this.loss);
  }

  private regain(): void {
    if (this.loss === undefined || this.closing) return;
    this.loss = undefined;
    this.tell({ shared: true });
  }

  private tell(change: StoreChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
