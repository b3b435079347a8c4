import type { StoreChange } from './limiter.js';

/** At most this many streams open at once per client (decisions §19), across every instance sharing a store. */
export const MAX_STREAMS_PER_CLIENT = 5;

/** One open stream counted against its client's cap. */
export interface StreamSeat {
  /** Gives the seat back; a second call does nothing. */
  release(): void;
}

/** The seats of open streams per client: in this process, or shared by every instance through Redis. */
export interface StreamSeats {
  /** One of `client`'s seats (a client key), or undefined when it already holds them all. */
  take(client: string): Promise<StreamSeat | undefined>;
  /** Keeps this instance's seats alive; called on the streams' heartbeat. */
  renew(): void;
  /** Gives back every seat this instance still holds: it is shutting down. */
  close(): Promise<void>;
  /** As `RateLimiter.onStoreChange`: told when a shared store is lost (seats counted per instance meanwhile) or regained. */
  onStoreChange?(listener: (change: StoreChange) => void): void;
}
