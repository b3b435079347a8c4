/** The three fixed windows every public request counts in. */
export type RateWindow = 'minute' | 'hour' | 'day';

/** The outcome of one request against a client's limits, describing the binding window. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Allowance of the binding window. */
  readonly limit: number;
  /** Requests left in the binding window after this one; never negative. */
  readonly remaining: number;
  /** Unix time in seconds at which the binding window resets. */
  readonly reset: number;
  readonly window: RateWindow;
}

/** The limiter lost its shared store (and counts per instance until it is back), or regained it. */
export interface StoreChange {
  readonly shared: boolean;
  /** What went wrong, when the store was lost. */
  readonly error?: Error;
}

/** Per-client counting over the minute, hour and day windows at once. */
export interface RateLimiter {
  /** Counts one request of `client` if every window allows it; a rejected request counts nowhere. */
  consume(client: string): Promise<RateLimitDecision>;
  /** `consume` answered on the spot, by a limiter that counts in this process. */
  consumeNow?(client: string): RateLimitDecision;
  /** Forgets every counter of `client`. */
  reset(client: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Tells `listener` each time a limiter with a shared store loses or regains it, once per change
   * (and at once, when the store is already lost). Limiters that cannot lose their store omit it.
   */
  onStoreChange?(listener: (change: StoreChange) => void): void;
}
