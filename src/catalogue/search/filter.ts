import type { SlotRecord, Volatility } from '../records/slot.js';
import type { SlotKeys } from '../snapshot/slot-keys.js';

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

type Check = (record: SlotRecord, keys: SlotKeys) => boolean;

/** A check of `value` against inclusive bounds, or none when neither is given. */
function withinBounds(value: (record: SlotRecord) => number | undefined, min: number | undefined, max: number | undefined): Check | undefined {
  if (min === undefined && max === undefined) return undefined;
  const low = min ?? -Infinity;
  const high = max ?? Infinity;
  return (record) => {
    const given = value(record);
    return given !== undefined && given >= low && given <= high;
  };
}

/**
 * One function checking every given filter but the emoji one (which the emoji index answers),
 * made once per request: a catalogue-wide scan then runs only the checks that were asked for.
 */
export function fieldCheck(filter: SlotFilter): Check {
  const { providers, volatilities, hasBonusBuy, themes, features } = filter;
  const checks = [
    providers && ((_record: SlotRecord, keys: SlotKeys) => providers.some((name) => name === keys.providerName || name === keys.providerSlug)),
    volatilities && ((record: SlotRecord) => volatilities.includes(record.volatility)),
    hasBonusBuy === undefined ? undefined : (record: SlotRecord) => record.hasBonusBuy === hasBonusBuy,
    themes && ((record: SlotRecord) => themes.every((theme) => record.theme.includes(theme))),
    features && ((record: SlotRecord) => features.every((feature) => record.features.includes(feature))),
    withinBounds((record) => record.rtp, filter.minRtp, filter.maxRtp),
    withinBounds((record) => record.rating, filter.minRating, filter.maxRating),
    withinBounds((record) => record.maxWin, filter.minMaxWin, filter.maxMaxWin),
    withinBounds((record) => record.releaseYear, filter.minYear, filter.maxYear),
  ].filter((check): check is Check => check !== undefined);
  if (checks.length === 0) return () => true;
  return (record, keys) => {
    for (const check of checks) if (!check(record, keys)) return false;
    return true;
  };
}
