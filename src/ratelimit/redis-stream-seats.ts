import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { StoreChange } from './limiter.js';
import { MemoryStreamSeats } from './memory-stream-seats.js';
import { DEFAULT_COMMAND_TIMEOUT_MS, MAX_RECONNECT_DELAY_MS, RETRY_INTERVAL_MS } from './redis-limiter.js';
import { defineSeatCommands, renewSeatsInRedis, takeSeatInRedis } from './redis-seat-script.js';
import { MAX_STREAMS_PER_CLIENT, type StreamSeat, type StreamSeats } from './stream-seats.js';

/**
 * How long a seat lasts unless renewed: three of the streams' 10-second heartbeats, on which every
 * instance renews its seats, so one late or lost renewal costs nothing while a crashed instance's
 * seats free within half a minute.
 */
const SEAT_LIFETIME_MS = 30_000;

export interface RedisStreamSeatsOptions {
  readonly url: string;
  /** Starts every key, as the rate limiter's do. */
  readonly keyPrefix: string;
  readonly limit?: number;
  /** How long a seat lasts without a renewal. */
  readonly seatLifetimeMs?: number;
  /** Pause between attempts to reach Redis again; by default growing from 50 ms to 2 s. */
  readonly reconnectDelayMs?: number;
  /** Longest a Redis round trip may take before the seat is counted in this instance instead. */
  readonly commandTimeoutMs?: number;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Seats shared by every instance through Redis: per client a sorted set of seat ids (this instance's
 * id and a counter) scored by expiry. Taking is one atomic script; the heartbeat renews this
 * instance's seats in one pipeline; a crashed instance's seats lapse. While Redis is unreachable
 * seats are counted per instance (as the rate limiter does), the loss reported once.
 */
export class RedisStreamSeats implements StreamSeats {
  private readonly redis: Redis;
  /** Every seat this instance holds, whichever store granted it, so the count is right if Redis goes. */
  private readonly local: MemoryStreamSeats;
  private readonly limit: number;
  private readonly lifetimeMs: number;
  private readonly keyPrefix: string;
  private readonly instance = randomUUID();
  /** This instance's open seats: id to the client's set. */
  private readonly seats = new Map<string, string>();
  private readonly listeners: ((change: StoreChange) => void)[] = [];
  private counter = 0;
  private loss: StoreChange | undefined;
  private retryAt = 0;
  private closing = false;

  private constructor(options: RedisStreamSeatsOptions) {
    this.limit = options.limit ?? MAX_STREAMS_PER_CLIENT;
    this.lifetimeMs = options.seatLifetimeMs ?? SEAT_LIFETIME_MS;
    this.keyPrefix = options.keyPrefix;
    this.local = new MemoryStreamSeats(this.limit);
    const delay = options.reconnectDelayMs;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected rather than queue: the seat is counted here instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => delay ?? Math.min(attempt * 50, MAX_RECONNECT_DELAY_MS),
    });
    defineSeatCommands(this.redis);
    this.redis.on('error', (error: unknown) => this.lose(error));
    this.redis.on('close', () => this.lose(new Error('connection to Redis closed')));
    this.redis.on('ready', () => this.regain());
  }

  /** Seats whose first attempt to reach Redis is over: connected, or counting here meanwhile. */
  static async connect(options: RedisStreamSeatsOptions): Promise<RedisStreamSeats> {
    const seats = new RedisStreamSeats(options);
    await once(seats.redis, 'ready').catch(() => undefined);
    return seats;
  }

  async take(client: string): Promise<StreamSeat | undefined> {
    if (!this.shouldTryRedis()) return this.track(client, this.local.takeNow(client));
    const id = `${this.instance}:${++this.counter}`;
    const key = this.key(client);
    try {
      const taken = await takeSeatInRedis(this.redis, key, id, this.limit, this.lifetimeMs);
      this.regain();
      return taken ? this.track(client, this.local.hold(client), id) : undefined;
    } catch (error) {
      this.lose(error);
      return this.track(client, this.local.takeNow(client));
    }
  }

  renew(): void {
    if (this.seats.size === 0 || !this.shouldTryRedis()) return;
    const byKey = new Map<string, string[]>();
    for (const [id, key] of this.seats) byKey.set(key, [...(byKey.get(key) ?? []), id]);
    const pipeline = this.redis.pipeline();
    for (const [key, ids] of byKey) renewSeatsInRedis(pipeline, key, ids, this.lifetimeMs);
    pipeline.exec().then(
      (results) => {
        const failed = results?.find(([error]) => error !== null)?.[0];
        if (failed) this.lose(failed);
        else this.regain();
      },
      (error: unknown) => this.lose(error),
    );
  }

  onStoreChange(listener: (change: StoreChange) => void): void {
    this.listeners.push(listener);
    if (this.loss !== undefined) listener(this.loss);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    if (this.seats.size > 0) {
      const pipeline = this.redis.pipeline();
      for (const [id, key] of this.seats) pipeline.zrem(key, id);
      this.seats.clear();
      // Seats left behind lapse by themselves.
      await pipeline.exec().catch(() => undefined);
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** The client's set; `client` is already a bounded client key. */
  private key(client: string): string {
    return `${this.keyPrefix}:streams:${client}`;
  }

  /**
   * Remembers a seat for renewal and release. A seat counted here while Redis was away gets an id too,
   * so the first renewal once Redis is back adds it there.
   */
  private track(client: string, seat: StreamSeat | undefined, id = `${this.instance}:${++this.counter}`): StreamSeat | undefined {
    if (seat === undefined) return undefined;
    const key = this.key(client);
    this.seats.set(id, key);
    return {
      release: () => {
        if (!this.seats.delete(id)) return;
        seat.release();
        if (this.closing || this.redis.status !== 'ready') return;
        this.redis.zrem(key, id).catch((error: unknown) => this.lose(error));
      },
    };
  }

  private shouldTryRedis(): boolean {
    if (this.redis.status !== 'ready') {
      this.lose(new Error(`Redis connection is ${this.redis.status}`));
      return false;
    }
    return this.loss === undefined || Date.now() >= this.retryAt;
  }

  private lose(error: unknown): void {
    this.retryAt = Date.now() + RETRY_INTERVAL_MS;
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
