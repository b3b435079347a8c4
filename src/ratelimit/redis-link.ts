import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { StoreChange } from './limiter.js';

/** While counting in this instance over a live but failing connection, how often to try Redis again. */
const RETRY_INTERVAL_MS = 1000;
const DEFAULT_COMMAND_TIMEOUT_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 2000;

export interface RedisLinkOptions {
  readonly url: string;
  /** Wall clock in milliseconds. */
  readonly now?: () => number;
  /** Pause between attempts to reach Redis again; by default growing from 50 ms to 2 s. */
  readonly reconnectDelayMs?: number;
  /** Longest a Redis round trip may take before the caller counts in this instance instead. */
  readonly commandTimeoutMs?: number;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * The connection of a counter kept in Redis that falls back to this instance while Redis is away
 * (the rate limiter, the stream seats): commands fail at once instead of queueing, the loss and the
 * return are each reported once, and after a failure Redis is tried again at most once a second.
 */
export class RedisLink {
  readonly redis: Redis;
  private readonly now: () => number;
  private readonly listeners: ((change: StoreChange) => void)[] = [];
  private loss: StoreChange | undefined;
  private retryAt = 0;
  private closing = false;

  constructor(options: RedisLinkOptions) {
    this.now = options.now ?? Date.now;
    const delay = options.reconnectDelayMs;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected rather than queue: the caller counts here instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => delay ?? Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
    });
    this.redis.on('error', (error: unknown) => this.lose(error));
    this.redis.on('close', () => this.lose(new Error('connection to Redis closed')));
    this.redis.on('ready', () => this.regain());
  }

  /** Resolves once the first attempt to connect is over, connected or not. */
  async firstAttempt(): Promise<void> {
    await once(this.redis, 'ready').catch(() => undefined);
  }

  /** Whether the next command should go to Redis: connected, and not within the pause after a failure. */
  usable(): boolean {
    if (this.redis.status !== 'ready') {
      this.lose(new Error(`Redis connection is ${this.redis.status}`));
      return false;
    }
    return this.loss === undefined || this.now() >= this.retryAt;
  }

  /** Connected and not closing: a command sent now is worth sending. */
  get open(): boolean {
    return !this.closing && this.redis.status === 'ready';
  }

  /** A command failed: count here for a while, and report the loss if it is new. */
  lose(error: unknown): void {
    this.retryAt = this.now() + RETRY_INTERVAL_MS;
    if (this.loss !== undefined || this.closing) return;
    this.loss = { shared: false, error: asError(error) };
    this.tell(this.loss);
  }

  /** A command succeeded: report the return if Redis had been lost. */
  regain(): void {
    if (this.loss === undefined || this.closing) return;
    this.loss = undefined;
    this.tell({ shared: true });
  }

  onStoreChange(listener: (change: StoreChange) => void): void {
    this.listeners.push(listener);
    if (this.loss !== undefined) listener(this.loss);
  }

  /** Stops reporting and closes the connection, after `last` (best effort) when still connected. */
  async close(last?: (redis: Redis) => Promise<unknown>): Promise<void> {
    this.closing = true;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    await last?.(this.redis).catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private tell(change: StoreChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
