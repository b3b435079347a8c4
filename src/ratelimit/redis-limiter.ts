import type { RateLimitConfig } from '../config.js';
import { clientKey } from './client-key.js';
import type { RateLimitDecision, RateLimiter, StoreChange } from './limiter.js';
import { RedisLink, type RedisLinkOptions } from './redis-link.js';
import { MemoryRateLimiter } from './memory-limiter.js';
import { countInRedis, defineRateLimitCommand } from './redis-script.js';
import { decide, endOf, generationOf, windowSpecs, type WindowSpec } from './windows.js';

export interface RedisRateLimiterOptions extends RedisLinkOptions {
  /** Starts every key, so deployments and test runs sharing one Redis keep apart. */
  readonly keyPrefix: string;
  readonly limits: RateLimitConfig;
}

/**
 * Counters in Redis, shared by every instance using the same URL and prefix. Each request is one
 * atomic script call over all three windows. When Redis is unreachable the limiter keeps answering
 * from per-instance counters, reports the loss once, and returns to Redis as soon as it answers.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly link: RedisLink;
  private readonly fallback: MemoryRateLimiter;
  private readonly specs: readonly WindowSpec[];
  private readonly now: () => number;
  private readonly keyPrefix: string;
  private readonly ipv6Prefix: number;

  private constructor(options: RedisRateLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.specs = windowSpecs(options.limits);
    this.keyPrefix = options.keyPrefix;
    this.ipv6Prefix = options.limits.ipv6Prefix;
    this.fallback = new MemoryRateLimiter({ limits: options.limits, now: this.now });
    this.link = new RedisLink(options);
    defineRateLimitCommand(this.link.redis);
  }

  /** A limiter whose first attempt to reach Redis is over: connected, or counting in memory meanwhile. */
  static async connect(options: RedisRateLimiterOptions): Promise<RedisRateLimiter> {
    const limiter = new RedisRateLimiter(options);
    await limiter.link.firstAttempt();
    return limiter;
  }

  async consume(client: string): Promise<RateLimitDecision> {
    const nowMs = this.now();
    if (!this.link.usable()) return this.fallback.consumeNow(client);
    const keys = this.keys(client, nowMs);
    const nowSeconds = Math.floor(nowMs / 1000);
    const resets = this.specs.map((spec) => endOf(spec, generationOf(spec, nowMs)));
    try {
      const used = await countInRedis(
        this.link.redis,
        keys,
        this.specs.map((spec) => spec.limit),
        // One second past the window's end, so a key never lapses while its window still runs.
        resets.map((reset) => reset - nowSeconds + 1),
      );
      this.link.regain();
      return decide(this.specs.map((spec, w) => ({ spec, used: used[w] ?? 0, resetAt: resets[w] ?? 0 })));
    } catch (error) {
      this.link.lose(error);
      return this.fallback.consumeNow(client);
    }
  }

  /** Clears the client's counters here and in Redis; rejects when Redis could not be reached. */
  async reset(client: string): Promise<void> {
    await this.fallback.reset(client);
    try {
      await this.link.redis.del(...this.keys(client, this.now()));
    } catch (error) {
      this.link.lose(error);
      throw error instanceof Error ? error : new Error(String(error));
    }
  }

  onStoreChange(listener: (change: StoreChange) => void): void {
    this.link.onStoreChange(listener);
  }

  async close(): Promise<void> {
    await this.fallback.close();
    await this.link.close();
  }

  /** The client's counter of each window's current occurrence; the braces keep them on one cluster slot. */
  private keys(client: string, nowMs: number): string[] {
    const key = clientKey(client, this.ipv6Prefix);
    return this.specs.map((spec) => `${this.keyPrefix}:ratelimit:{${key}}:${spec.window}:${generationOf(spec, nowMs)}`);
  }
}
