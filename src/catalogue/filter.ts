import type { SlotRecord, Volatility } from './slot.js';
import type { SlotKeys } from './slot-keys.js';

/** Filters of the slot list and the lucky spin; every given filter must hold (AND). */
export interface SlotFilter {
  /** Provider names or slugs, lower case; a slot passes with any of them. */
  readonly providers?: readonly string[];
  /** A slot passes with any of them. */
  readonly volatilities?: readonly Volatility[];
  readonly hasBonusBuy?: boolean;
  /** Themes, lower case; a slot passes when it carries every one. */
  readonly themes?: readonly string[];
  /** Features, lower case; a slot passes when it carries every one. */
  readonly features?: readonly string[];
  /** Comparison keys of emojis; a slot passes when it carries at least one. */
  readonly emojiKeys?: readonly string[];
  /** Inclusive bounds. */
  readonly minRtp?: number;
  readonly maxRtp?: number;
  readonly minRating?: number;
  readonly maxRating?: number;
  readonly minMaxWin?: number;
  readonly maxMaxWin?: number;
  /** A slot without a release year fails either year bound. */
  readonly minYear?: number;
  readonly maxYear?: number;
}

export interface Page {
  readonly offset: number;
  readonly limit: number;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

const below = (value: number, bound: number | undefined) => bound !== undefined && value < bound;
const above = (value: number, bound: number | undefined) => bound !== undefined && value > bound;

function carriesEvery(values: readonly string[], wanted: readonly string[] | undefined): boolean {
  return wanted === undefined || wanted.every((value) => values.includes(value));
}

/** True when the slot passes every filter but the emoji one (which the emoji index answers). */
export function passesFields(record: SlotRecord, keys: SlotKeys, filter: SlotFilter): boolean {
  if (filter.providers !== undefined && !filter.providers.some((name) => name === keys.providerName || name === keys.providerSlug)) {
    return false;
  }
  if (filter.volatilities !== undefined && !filter.volatilities.includes(record.volatility)) return false;
  if (filter.hasBonusBuy !== undefined && record.hasBonusBuy !== filter.hasBonusBuy) return false;
  if (below(record.rtp, filter.minRtp) || above(record.rtp, filter.maxRtp)) return false;
  if (below(record.rating, filter.minRating) || above(record.rating, filter.maxRating)) return false;
  if (below(record.maxWin, filter.minMaxWin) || above(record.maxWin, filter.maxMaxWin)) return false;
  if (filter.minYear !== undefined || filter.maxYear !== undefined) {
    const year = record.releaseYear;
    if (year === undefined || below(year, filter.minYear) || above(year, filter.maxYear)) return false;
  }
  return carriesEvery(record.theme, filter.themes) && carriesEvery(record.features, filter.features);
}
