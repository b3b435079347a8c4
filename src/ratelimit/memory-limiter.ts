import type { RateLimitConfig } from '../config.js';
import { CompactClientKeys } from './client-key.js';
import { CounterTable } from './counter-table.js';
import type { RateLimitDecision, RateLimiter } from './limiter.js';
import { windowSpecs } from './windows.js';

/** About a million clients: the largest flood the memory budget is measured for; any larger is bounded. */
const DEFAULT_MAX_CLIENTS = 2 ** 20;
/** How often an idle process lets go of counters whose windows have all ended. */
const SWEEP_INTERVAL_MS = 10_000;

export interface MemoryRateLimiterOptions {
  readonly limits: RateLimitConfig;
  /** Wall clock in milliseconds. */
  readonly now?: () => number;
  readonly maxClients?: number;
}

/** Counts in this process only: the default store, and the fallback while Redis is unreachable. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly table: CounterTable;
  private readonly now: () => number;
  private readonly keys: CompactClientKeys;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemoryRateLimiterOptions) {
    this.table = new CounterTable(windowSpecs(options.limits), options.maxClients ?? DEFAULT_MAX_CLIENTS);
    this.now = options.now ?? Date.now;
    this.keys = new CompactClientKeys(options.limits.ipv6Prefix);
    this.sweeper = setInterval(() => this.dropExpired(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async consume(client: string): Promise<RateLimitDecision> {
    return this.consumeNow(client);
  }

  /** `consume` without the promise, for a caller that must count in memory on the spot. */
  consumeNow(client: string): RateLimitDecision {
    return this.table.take(this.keys.of(client), this.now());
  }

  async reset(client: string): Promise<void> {
    this.table.forget(this.keys.of(client));
  }

  /** Frees the counters once their windows have all ended, even when no request comes to notice. */
  dropExpired(): void {
    this.table.roll(this.now());
  }

  /** Clients whose counters are held. */
  get size(): number {
    return this.table.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
