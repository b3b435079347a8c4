import { REPORT_KINDS, type ReportKind } from '../../insights/reports.js';
import type { DayRange } from '../../store/insights.js';
import { quote } from '../../emoji/parse.js';
import { badRequest } from '../answers/errors.js';
import { single, type Query } from './query.js';

const DAY_MS = 86_400_000;
/** The longest range a report covers (decisions §21), as long as daily counts are kept by default. */
export const MAX_REPORT_DAYS = 400;
/** Without `from` and `to`: the last 7 days, today included. */
const DEFAULT_DAYS = 7;
export const REPORT_LIMIT_DEFAULT = 50;
export const REPORT_LIMIT_MAX = 200;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A UTC day number as `YYYY-MM-DD`. */
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `YYYY-MM-DD`, a real calendar date, as its UTC day number; or the 400 naming the parameter. */
function dayParam(query: Query, name: string): number | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  const parts = DATE.exec(raw);
  const day = parts === null ? Number.NaN : Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) / DAY_MS;
  if (!Number.isInteger(day) || dateOf(day) !== raw) throw badRequest(`${name}: must be a date written YYYY-MM-DD, got ${quote(raw)}`);
  return day;
}

/** `from` and `to`, both ends included: by default the 7 days to today; one given, the 7 days from or to it. */
function rangeParams(query: Query, now: number): DayRange {
  const from = dayParam(query, 'from');
  const to = dayParam(query, 'to');
  const toDay = to ?? (from === undefined ? Math.floor(now / DAY_MS) : from + DEFAULT_DAYS - 1);
  const fromDay = from ?? toDay - DEFAULT_DAYS + 1;
  if (fromDay > toDay) throw badRequest(`from: ${dateOf(fromDay)} is after to (${dateOf(toDay)})`);
  const days = toDay - fromDay + 1;
  if (days > MAX_REPORT_DAYS) throw badRequest(`from, to: the range covers ${days} days; at most ${MAX_REPORT_DAYS}`);
  return { fromDay, toDay };
}

function kindParam(query: Query, allowed: readonly ReportKind[]): ReportKind {
  const raw = single(query, 'kind');
  if (raw === undefined) throw badRequest(`kind: is required, one of ${allowed.join(', ')}`);
  const kind = allowed.find((name) => name === raw);
  if (kind === undefined) throw badRequest(`kind: must be one of ${allowed.join(', ')}, got ${quote(raw)}`);
  return kind;
}

function limitParam(query: Query): number {
  const raw = single(query, 'limit');
  if (raw === undefined) return REPORT_LIMIT_DEFAULT;
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= REPORT_LIMIT_MAX)) throw badRequest(`limit: must be a whole number from 1 to ${REPORT_LIMIT_MAX}, got ${quote(raw)}`);
  return limit;
}

export const REPORT_KIND_NAMES = Object.keys(REPORT_KINDS) as ReportKind[];
export const DAILY_KIND_NAMES = REPORT_KIND_NAMES.filter((kind): kind is Exclude<ReportKind, 'gaps'> => kind !== 'gaps');

/** The parameters of `GET /api/admin/insights`, or the 400 naming the first wrong one. */
export function reportQuery(query: Query, now: number): { readonly kind: ReportKind; readonly range: DayRange; readonly limit: number } {
  return { kind: kindParam(query, REPORT_KIND_NAMES), range: rangeParams(query, now), limit: limitParam(query) };
}

/** The parameters of `GET /api/admin/insights/daily`, or the 400 naming the first wrong one. */
export function dailyQuery(query: Query, now: number): { readonly kind: Exclude<ReportKind, 'gaps'>; readonly key: string; readonly range: DayRange } {
  const kind = kindParam(query, DAILY_KIND_NAMES) as Exclude<ReportKind, 'gaps'>;
  const key = single(query, 'key');
  if (key === undefined || key === '') throw badRequest('key: is required: a key as the report lists it');
  return { kind, key, range: rangeParams(query, now) };
}
