import type { SlotQuery } from '../../catalogue/catalogue.js';
import { FACET_NAMES, type FacetName } from '../../catalogue/search/facets.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type Page, type SlotFilter } from '../../catalogue/search/filter.js';
import { searchWords } from '../../catalogue/search/search-words.js';
import { VOLATILITIES, type Volatility } from '../../catalogue/records/slot.js';
import { ID_ORDER, SORT_KEYS, type SlotOrder } from '../../catalogue/search/slot-order.js';
import { NO_RANKING, type PopularRanking } from '../../catalogue/search/popular-ranking.js';
import { quote } from '../../emoji/parse.js';
import { requestedEmojis } from './emoji-input.js';
import { badRequest } from '../answers/errors.js';

/** A parsed query string: repeated parameters arrive as arrays. */
export type Query = Readonly<Record<string, string | readonly string[] | undefined>>;

const DIGITS = /^[0-9]+$/;
const DECIMAL = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$/;

/**
 * A query's parameters by name, read once from its object: each query string gives its object a shape
 * of its own, and a dozen reads by name from shapes never seen before cost more than the rest of the
 * parsing together.
 */
type Params = ReadonlyMap<string, string | readonly string[] | undefined>;

function paramsOf(query: Query): Params {
  return new Map(Object.entries(query));
}

/** The one value of a parameter; the same value twice is fine, two different values are a 400. */
function one(name: string, value: string | readonly string[] | undefined): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  const [first] = value;
  if (value.some((other) => other !== first)) throw badRequest(`${name}: given more than once with different values`);
  return first;
}

/** The one value of the parameter `name` (see `one`). */
export function single(query: Query, name: string): string | undefined {
  return one(name, query[name]);
}

function param(params: Params, name: string): string | undefined {
  return one(name, params.get(name));
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
  return limitOf(single(query, 'limit'), fallback, max);
}

function limitOf(raw: string | undefined, fallback: number, max: number): number {
  return raw === undefined ? fallback : Math.min(wholeNumber('limit', raw, 1), max);
}

/** `offset`: ≥ 0; a huge one simply lies past the end. */
function offsetParam(params: Params): number {
  const raw = param(params, 'offset');
  return raw === undefined ? 0 : wholeNumber('offset', raw, 0);
}

/** A decimal number from `min` to `max` (`min` itself excluded when `aboveMin`), written plainly. */
function numberParam(params: Params, name: string, min: number, max: number, aboveMin = false): number | undefined {
  const raw = param(params, name);
  if (raw === undefined) return undefined;
  const value = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  const inRange = (aboveMin ? value > min : value >= min) && value <= max;
  if (!inRange) {
    const range = aboveMin ? `above ${min}` : `from ${min} to ${max}`;
    throw badRequest(`${name}: must be a number ${range}, got ${quote(raw)}`);
  }
  return value;
}

function yearParam(params: Params, name: string): number | undefined {
  const raw = param(params, name);
  if (raw === undefined) return undefined;
  const value = DIGITS.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= MIN_YEAR && value <= MAX_YEAR)) throw badRequest(`${name}: must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}, got ${quote(raw)}`);
  return value;
}

const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** A comma-separated list, items trimmed, empty items ignored; at least one item when given. */
function listParam(params: Params, name: string): string[] | undefined {
  const raw = param(params, name);
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw badRequest(`${name}: must name at least one value, got ${quote(raw)}`);
  return [...new Set(items)];
}

function lowerCaseListParam(params: Params, name: string): string[] | undefined {
  const items = listParam(params, name)?.map((item) => item.toLowerCase());
  return items === undefined ? undefined : [...new Set(items)];
}

function volatilitiesParam(params: Params): Volatility[] | undefined {
  return listParam(params, 'volatility')?.map((item) => {
    const volatility = VOLATILITIES.find((level) => level.toLowerCase() === item.toLowerCase());
    if (volatility === undefined) throw badRequest(`volatility: must be one of low, medium, high, extreme, got ${quote(item)}`);
    return volatility;
  });
}

function booleanParam(params: Params, name: string): boolean | undefined {
  const raw = param(params, name);
  if (raw === undefined) return undefined;
  const lower = raw.toLowerCase();
  if (lower !== 'true' && lower !== 'false') throw badRequest(`${name}: must be true or false, got ${quote(raw)}`);
  return lower === 'true';
}

function emojiKeysParam(params: Params): string[] | undefined {
  const raw = param(params, 'emoji');
  return raw === undefined ? undefined : requestedEmojis(raw, 'emoji').map(({ key }) => key);
}

/** Both bounds of a range, refusing a lower bound above the upper one. */
function bounds<T extends number | undefined>(lowerName: string, lower: T, upperName: string, upper: T): [T, T] {
  if (lower !== undefined && upper !== undefined && lower > upper) {
    throw badRequest(`${lowerName}: must not be above ${upperName} (${lower} > ${upper})`);
  }
  return [lower, upper];
}

const NO_BOUNDS: [undefined, undefined] = [undefined, undefined];

/**
 * The filters of the slot list (`forList`, decisions §2 and §13) or of the lucky spin (§5: no bonus-buy,
 * theme, feature or upper bounds), read in the order their errors are reported. Every filter has one
 * object shape whatever was given, unset fields undefined: the index reads them at fixed places, and
 * JSON (the answer cache's key) leaves undefined fields out, so equal filters still look equal.
 */
function filterParams(params: Params, forList: boolean): SlotFilter {
  const providers = lowerCaseListParam(params, 'provider');
  const givenMinRtp = numberParam(params, 'minRtp', 0, 100);
  const volatilities = volatilitiesParam(params);
  const hasBonusBuy = forList ? booleanParam(params, 'hasBonusBuy') : undefined;
  const emojiKeys = emojiKeysParam(params);
  const [minRtp, maxRtp] = forList ? bounds('minRtp', givenMinRtp, 'maxRtp', numberParam(params, 'maxRtp', 0, 100)) : [givenMinRtp, undefined];
  const [minRating, maxRating] = forList
    ? bounds('minRating', numberParam(params, 'minRating', 0, 5), 'maxRating', numberParam(params, 'maxRating', 0, 5))
    : NO_BOUNDS;
  const [minMaxWin, maxMaxWin] = forList
    ? bounds('minMaxWin', numberParam(params, 'minMaxWin', 0, Number.MAX_VALUE, true), 'maxMaxWin', numberParam(params, 'maxMaxWin', 0, Number.MAX_VALUE, true))
    : NO_BOUNDS;
  const [minYear, maxYear] = forList ? bounds('minYear', yearParam(params, 'minYear'), 'maxYear', yearParam(params, 'maxYear')) : NO_BOUNDS;
  const themes = forList ? lowerCaseListParam(params, 'theme') : undefined;
  const features = forList ? lowerCaseListParam(params, 'feature') : undefined;
  return { providers, volatilities, hasBonusBuy, themes, features, emojiKeys, minRtp, maxRtp, minRating, maxRating, minMaxWin, maxMaxWin, minYear, maxYear };
}

/** The filters of the lucky spin (decisions §5). */
export function spinFilterParams(query: Query): SlotFilter {
  return filterParams(paramsOf(query), false);
}

export const MAX_QUERY_CHARACTERS = 100;

/** `q`: 1–100 characters once trimmed, as its search words. */
function wordsParam(params: Params): string[] | undefined {
  const raw = param(params, 'q');
  if (raw === undefined) return undefined;
  const length = Array.from(raw.trim()).length;
  if (length < 1 || length > MAX_QUERY_CHARACTERS) {
    throw badRequest(`q: must be 1 to ${MAX_QUERY_CHARACTERS} characters once trimmed, got ${length}`);
  }
  return searchWords(raw);
}

function orderParam(params: Params, hasText: boolean, ranking: PopularRanking): SlotOrder {
  const raw = param(params, 'sort');
  if (raw === undefined) return hasText ? { key: 'relevance', descending: false } : ID_ORDER;
  const descending = raw.startsWith('-');
  const key = SORT_KEYS.find((name) => name === (descending ? raw.slice(1) : raw));
  if (key === undefined) throw badRequest(`sort: must be one of ${SORT_KEYS.join(', ')}, with a leading - for descending, got ${quote(raw)}`);
  if ((key === 'relevance' || key === 'popular') && descending) throw badRequest(`sort: ${key} has one direction; use sort=${key}`);
  if (key === 'relevance' && !hasText) throw badRequest('sort: relevance needs a search text in q');
  if (key === 'popular') return { key, descending, ranking };
  return key === 'id' && !descending ? ID_ORDER : { key, descending };
}

function facetsParam(params: Params): FacetName[] {
  return (listParam(params, 'facets') ?? []).map((item) => {
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

/**
 * Every parameter of `GET /api/slots`, or the 400 naming the first that is wrong; `sort=popular`
 * takes `ranking`, the popular order of the moment.
 */
export function slotListParams(query: Query, ranking: PopularRanking = NO_RANKING): SlotListRequest {
  const params = paramsOf(query);
  const filter = filterParams(params, true);
  const words = wordsParam(params);
  const order = orderParam(params, words !== undefined, ranking);
  const facets = facetsParam(params);
  const page = { offset: offsetParam(params), limit: limitOf(param(params, 'limit'), DEFAULT_LIMIT, MAX_LIMIT) };
  return { query: words === undefined ? { filter, order } : { filter, words, order }, facets, page };
}
