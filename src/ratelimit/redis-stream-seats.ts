import { randomUUID } from 'node:crypto';
import type { StoreChange } from './limiter.js';
import { MemoryStreamSeats } from './memory-stream-seats.js';
import { RedisLink, type RedisLinkOptions } from './redis-link.js';
import { defineSeatCommands, renewSeatsInRedis, takeSeatInRedis } from './redis-seat-script.js';
import { MAX_STREAMS_PER_CLIENT, type StreamSeat, type StreamSeats } from './stream-seats.js';

/**
 * How long a seat lasts unless renewed: three of the streams' 10-second heartbeats, on which every
 * instance renews its seats, so one late or lost renewal costs nothing while a crashed instance's
 * seats free within half a minute.
 */
const SEAT_LIFETIME_MS = 30_000;

export interface RedisStreamSeatsOptions extends RedisLinkOptions {
  /** Starts every key, as the rate limiter's do. */
  readonly keyPrefix: string;
  readonly limit?: number;
  /** How long a seat lasts without a renewal. */
  readonly seatLifetimeMs?: number;
}

/**
 * Seats shared by every instance through Redis: per client a sorted set of seat ids (this instance's
 * id and a counter) scored by expiry. Taking is one atomic script; the heartbeat renews this
 * instance's seats in one pipeline; a crashed instance's seats lapse. While Redis is unreachable
 * seats are counted per instance (as the rate limiter does), the loss reported once.
 */
export class RedisStreamSeats implements StreamSeats {
  private readonly link: RedisLink;
  /** Every seat this instance holds, whichever store granted it, so the count is right if Redis goes. */
  private readonly local: MemoryStreamSeats;
  private readonly limit: number;
  private readonly lifetimeMs: number;
  private readonly keyPrefix: string;
  private readonly instance = randomUUID();
  /** This instance's open seats: id to the client's set. */
  private readonly seats = new Map<string, string>();
  private counter = 0;

  private constructor(options: RedisStreamSeatsOptions) {
    this.limit = options.limit ?? MAX_STREAMS_PER_CLIENT;
    this.lifetimeMs = options.seatLifetimeMs ?? SEAT_LIFETIME_MS;
    this.keyPrefix = options.keyPrefix;
    this.local = new MemoryStreamSeats(this.limit);
    this.link = new RedisLink(options);
    defineSeatCommands(this.link.redis);
  }

  /** Seats whose first attempt to reach Redis is over: connected, or counting here meanwhile. */
  static async connect(options: RedisStreamSeatsOptions): Promise<RedisStreamSeats> {
    const seats = new RedisStreamSeats(options);
    await seats.link.firstAttempt();
    return seats;
  }

  async take(client: string): Promise<StreamSeat | undefined> {
    if (!this.link.usable()) return this.track(client, this.local.takeNow(client));
    const id = `${this.instance}:${++this.counter}`;
    const key = this.key(client);
    try {
      const taken = await takeSeatInRedis(this.link.redis, key, id, this.limit, this.lifetimeMs);
      this.link.regain();
      return taken ? this.track(client, this.local.hold(client), id) : undefined;
    } catch (error) {
      this.link.lose(error);
      return this.track(client, this.local.takeNow(client));
    }
  }

  renew(): void {
    if (this.seats.size === 0 || !this.link.usable()) return;
    const byKey = new Map<string, string[]>();
    for (const [id, key] of this.seats) byKey.set(key, [...(byKey.get(key) ?? []), id]);
    const pipeline = this.link.redis.pipeline();
    for (const [key, ids] of byKey) renewSeatsInRedis(pipeline, key, ids, this.lifetimeMs);
    pipeline.exec().then(
      (results) => {
        const failed = results?.find(([error]) => error !== null)?.[0];
        if (failed) this.link.lose(failed);
        else this.link.regain();
      },
      (error: unknown) => this.link.lose(error),
    );
  }

  onStoreChange(listener: (change: StoreChange) => void): void {
    this.link.onStoreChange(listener);
  }

  async close(): Promise<void> {
    const held = [...this.seats];
    this.seats.clear();
    // Seats left behind (Redis away) lapse by themselves.
    await this.link.close(async (redis) => {
      if (held.length === 0) return;
      const pipeline = redis.pipeline();
      for (const [id, key] of held) pipeline.zrem(key, id);
      await pipeline.exec();
    });
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
        if (!this.link.open) return;
        this.link.redis.zrem(key, id).catch((error: unknown) => this.link.lose(error));
      },
    };
  }
}
