import type { SlotQuery } from '../../catalogue/catalogue.js';
import { FACET_NAMES, type FacetName } from '../../catalogue/search/facets.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type Page, type SlotFilter } from '../../catalogue/search/filter.js';
import { searchWords } from '../../catalogue/search/search-words.js';
import { VOLATILITIES, type Volatility } from '../../catalogue/records/slot.js';
import { ID_ORDER, SORT_KEYS, type SlotOrder } from '../../catalogue/search/slot-order.js';
import { quote } from '../../emoji/parse.js';
import { requestedEmojis } from './emoji-input.js';
import { badRequest } from '../answers/errors.js';

/** A parsed query string: repeated parameters arrive as arrays. */
export type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

const DIGITS = /^[0-9]+$/;
const DECIMAL = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;

/** The one value of a parameter; the same value twice is fine, two different values are a 400. */
export function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || typeof value === 'string') return value;
  const [first] = value;
  if (value.some((other) => other !== first)) throw badRequest(`${name}: given more than once with different values`);
  return first;
}

/** A whole number ≥ `min`, written in plain digits (no sign, exponent or fraction). */
function wholeNumber(name: string, raw: string, min: number): number {
  if (!DIGITS.test(raw)) throw badRequest(`${name}: must be a whole number ≥ ${min}, got ${quote(raw)}`);
  const value = Number(raw);
  if (value < min) throw badRequest(`${name}: must be a whole number ≥ ${min}, got ${quote(raw)}`);
  return value;
}

/** `limit`: ≥ 1, clamped to `max`. */
export function limitParam(query: Query, fallback: number, max: number = MAX_LIMIT): number {
  const raw = single(query, 'limit');
  return raw === undefined ? fallback : Math.min(wholeNumber('limit', raw, 1), max);
}

/** `offset`: ≥ 0; a huge one simply lies past the end. */
function offsetParam(query: Query): number {
  const raw = single(query, 'offset');
  return raw === undefined ? 0 : wholeNumber('offset', raw, 0);
}

/** A decimal number from `min` to `max` (`min` itself excluded when `aboveMin`), written plainly. */
function numberParam(query: Query, name: string, min: number, max: number, aboveMin = false): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const value = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  const inRange = (aboveMin ? value > min : value >= min) && value <= max;
  if (!inRange) {
    const range = aboveMin ? `above ${min}` : `from ${min} to ${max}`;
    throw badRequest(`${name}: must be a number ${range}, got ${quote(raw)}`);
  }
  return value;
}

function yearParam(query: Query, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= MIN_YEAR && value <= MAX_YEAR)) throw badRequest(`${name}: must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}, got ${quote(raw)}`);
  return value;
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** A comma-separated list, items trimmed, empty items ignored; at least one item when given. */
function listParam(query: Query, name: string): string[] | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw badRequest(`${name}: must name at least one value, got ${quote(raw)}`);
  return [...new Set(items)];
}

function lowerCaseListParam(query: Query, name: string): string[] | undefined {
  const items = listParam(query, name)?.map((item) => item.toLowerCase());
  return items === undefined ? undefined : [...new Set(items)];
}

function volatilitiesParam(query: Query): Volatility[] | undefined {
  return listParam(query, 'volatility')?.map((item) => {
    const volatility = VOLATILITIES.find((level) => level.toLowerCase() === item.toLowerCase());
    if (volatility === undefined) throw badRequest(`volatility: must be one of low, medium, high, extreme, got ${quote(item)}`);
    return volatility;
  });
}

function booleanParam(query: Query, name: string): boolean | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const lower = raw.toLowerCase();
  if (lower !== 'true' && lower !== 'false') throw badRequest(`${name}: must be true or false, got ${quote(raw)}`);
  return lower === 'true';
}

function emojiKeysParam(query: Query): string[] | undefined {
  const raw = single(query, 'emoji');
  return raw === undefined ? undefined : requestedEmojis(raw, 'emoji').map(({ key }) => key);
}

/** Both bounds of a range, refusing a lower bound above the upper one. */
function bounds<T extends number | undefined>(lowerName: string, lower: T, upperName: string, upper: T): [T, T] {
  if (lower !== undefined && upper !== undefined && lower > upper) {
    throw badRequest(`${lowerName}: must not be above ${upperName} (${lower} > ${upper})`);
  }
  return [lower, upper];
}

/** Drops the filters that were not given, so equal filters look equal. */
function given(filter: Record<string, unknown>): SlotFilter {
  const kept: Record<string, unknown> = {};
  for (const name in filter) if (filter[name] !== undefined) kept[name] = filter[name];
  return kept as SlotFilter;
}

/** The filters shared by the slot list and the lucky spin (decisions §2, §5); the spin has no bonus-buy filter. */
export function slotFilterParams(query: Query, names: { readonly hasBonusBuy: boolean }): SlotFilter {
  return given({
    providers: lowerCaseListParam(query, 'provider'),
    minRtp: numberParam(query, 'minRtp', 0, 100),
    volatilities: volatilitiesParam(query),
    hasBonusBuy: names.hasBonusBuy ? booleanParam(query, 'hasBonusBuy') : undefined,
    emojiKeys: emojiKeysParam(query),
  });
}

/** Every filter of the slot list (decisions §2 and §13). */
function listFilterParams(query: Query): SlotFilter {
  const filter = slotFilterParams(query, { hasBonusBuy: true });
  const [minRtp, maxRtp] = bounds('minRtp', filter.minRtp, 'maxRtp', numberParam(query, 'maxRtp', 0, 100));
  const [minRating, maxRating] = bounds('minRating', numberParam(query, 'minRating', 0, 5), 'maxRating', numberParam(query, 'maxRating', 0, 5));
  const [minMaxWin, maxMaxWin] = bounds(
    'minMaxWin',
    numberParam(query, 'minMaxWin', 0, Number.MAX_VALUE, true),
    'maxMaxWin',
    numberParam(query, 'maxMaxWin', 0, Number.MAX_VALUE, true),
  );
  const [minYear, maxYear] = bounds('minYear', yearParam(query, 'minYear'), 'maxYear', yearParam(query, 'maxYear'));
  return given({
    ...filter,
    themes: lowerCaseListParam(query, 'theme'),
    features: lowerCaseListParam(query, 'feature'),
    minRtp,
    maxRtp,
    minRating,
    maxRating,
    minMaxWin,
    maxMaxWin,
    minYear,
    maxYear,
  });
}

const MAX_QUERY_CHARACTERS = 100;

/** `q`: 1–100 characters once trimmed, as its search words. */
function wordsParam(query: Query): string[] | undefined {
  const raw = single(query, 'q');
  if (raw === undefined) return undefined;
  const length = Array.from(raw.trim()).length;
  if (length < 1 || length > MAX_QUERY_CHARACTERS) {
    throw badRequest(`q: must be 1 to ${MAX_QUERY_CHARACTERS} characters once trimmed, got ${length}`);
  }
  return searchWords(raw);
}

function orderParam(query: Query, hasText: boolean): SlotOrder {
  const raw = single(query, 'sort');
  if (raw === undefined) return hasText ? { key: 'relevance', descending: false } : ID_ORDER;
  const descending = raw.startsWith('-');
  const key = SORT_KEYS.find((name) => name === (descending ? raw.slice(1) : raw));
  if (key === undefined) throw badRequest(`sort: must be one of ${SORT_KEYS.join(', ')}, with a leading - for descending, got ${quote(raw)}`);
  if (key === 'relevance' && descending) throw badRequest('sort: relevance has one direction; use sort=relevance');
  if (key === 'relevance' && !hasText) throw badRequest('sort: relevance needs a search text in q');
  return key === 'id' && !descending ? ID_ORDER : { key, descending };
}

function facetsParam(query: Query): FacetName[] {
  return (listParam(query, 'facets') ?? []).map((item) => {
    const name = FACET_NAMES.find((facet) => facet === item);
    if (name === undefined) throw badRequest(`facets: must be among ${FACET_NAMES.join(', ')}, got ${quote(item)}`);
    return name;
  });
}

interface SlotListRequest {
  readonly query: SlotQuery;
  readonly facets: readonly FacetName[];
  readonly page: Page;
}

/** Every parameter of `GET /api/slots`, or the 400 naming the first that is wrong. */
export function slotListParams(query: Query): SlotListRequest {
  const filter = listFilterParams(query);
  const words = wordsParam(query);
  const order = orderParam(query, words !== undefined);
  const facets = facetsParam(query);
  const page = { offset: offsetParam(query), limit: limitParam(query, DEFAULT_LIMIT) };
  return { query: words === undefined ? { filter, order } : { filter, words, order }, facets, page };
}
