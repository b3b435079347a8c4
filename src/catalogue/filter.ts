import type { Volatility } from './slot.js';

/** Filters of the slot list and the lucky spin; every given filter must hold (AND). */
export interface SlotFilter {
  /** Provider name (any case) or provider slug. */
  readonly provider?: string;
  readonly minRtp?: number;
  readonly volatility?: Volatility;
  readonly hasBonusBuy?: boolean;
  /** Comparison keys of emojis; a slot passes when it carries at least one. */
  readonly emojiKeys?: readonly string[];
}

export interface Page {
  readonly offset: number;
  readonly limit: number;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
