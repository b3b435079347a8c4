import { MAX_LIMIT, type SlotFilter } from '../catalogue/filter.js';
import { VOLATILITIES, type Volatility } from '../catalogue/slot.js';
import { quote } from '../emoji/parse.js';
import { badRequest } from './errors.js';

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
export function offsetParam(query: Query): number {
  const raw = single(query, 'offset');
  return raw === undefined ? 0 : wholeNumber('offset', raw, 0);
}

function minRtpParam(query: Query): number | undefined {
  const raw = single(query, 'minRtp');
  if (raw === undefined) return undefined;
  const value = DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 0 && value <= 100)) throw badRequest(`minRtp: must be a number from 0 to 100, got ${quote(raw)}`);
  return value;
}

function volatilityParam(query: Query): Volatility | undefined {
  const raw = single(query, 'volatility');
  if (raw === undefined) return undefined;
  const volatility = VOLATILITIES.find((level) => level.toLowerCase() === raw.toLowerCase());
  if (volatility === undefined) throw badRequest(`volatility: must be one of low, medium, high, extreme, got ${quote(raw)}`);
  return volatility;
}

function booleanParam(query: Query, name: string): boolean | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const lower = raw.toLowerCase();
  if (lower !== 'true' && lower !== 'false') throw badRequest(`${name}: must be true or false, got ${quote(raw)}`);
  return lower === 'true';
}

function providerParam(query: Query): string | undefined {
  const raw = single(query, 'provider');
  if (raw === undefined) return undefined;
  const provider = raw.trim();
  if (provider === '') throw badRequest('provider: must not be empty');
  return provider;
}

/** The filters shared by the slot list and the lucky spin. */
export function slotFilterParams(query: Query, names: { readonly hasBonusBuy: boolean }): SlotFilter {
  const filter: { -readonly [K in keyof SlotFilter]: SlotFilter[K] } = {};
  const provider = providerParam(query);
  const minRtp = minRtpParam(query);
  const volatility = volatilityParam(query);
  const hasBonusBuy = names.hasBonusBuy ? booleanParam(query, 'hasBonusBuy') : undefined;
  if (provider !== undefined) filter.provider = provider;
  if (minRtp !== undefined) filter.minRtp = minRtp;
  if (volatility !== undefined) filter.volatility = volatility;
  if (hasBonusBuy !== undefined) filter.hasBonusBuy = hasBonusBuy;
  return filter;
}
