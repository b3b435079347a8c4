/** A parsed query string as Fastify gives it: repeated parameters arrive as arrays. */
export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Fields a person ticks several of (checkboxes): the API takes them as one comma-separated list. */
export const LIST_FIELDS = ['provider', 'volatility', 'theme', 'feature'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

/** Fields with one value each, in the order the page keeps them in its links. */
const SINGLE_FIELDS = [
  'q',
  'sort',
  'minRtp',
  'maxRtp',
  'minMaxWin',
  'maxMaxWin',
  'hasBonusBuy',
  'emoji',
  'minRating',
  'maxRating',
  'minYear',
  'maxYear',
  'limit',
] as const;
export type SingleField = (typeof SINGLE_FIELDS)[number];

/** Filters the page keeps from a shared link without showing a control for them. */
export const KEPT_FIELDS = ['emoji', 'minRating', 'maxRating', 'minYear', 'maxYear', 'limit'] as const satisfies readonly SingleField[];

/** Control characters (C0, DEL, C1): no form field sends them. */
export const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** Cards on one page unless the link asks for another `limit`. */
export const PAGE_SIZE = 24;

/**
 * What a search page shows, read from its query string the way a form sends it: every field, empty or
 * not, and a ticked checkbox once per value. Blank fields count as not given; repeated checkbox values
 * are a list. A scalar given twice with different values is kept as both, so the API rules refuse it.
 */
export interface SearchQuery {
  readonly lists: Readonly<Record<ListField, readonly string[]>>;
  readonly single: Readonly<Partial<Record<SingleField, string | readonly string[]>>>;
  /** Where the page starts; not a form field (a new search starts at the top), only in paging links. */
  readonly offset: string | readonly string[] | undefined;
}

function values(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  return (typeof raw === 'string' ? [raw] : [...raw]).filter((value) => value.trim() !== '');
}

function singleValue(raw: string | readonly string[] | undefined): string | readonly string[] | undefined {
  const given = [...new Set(values(raw))];
  return given.length <= 1 ? given[0] : given;
}

export function readSearchQuery(query: RawQuery): SearchQuery {
  const lists = Object.fromEntries(
    LIST_FIELDS.map((field) => [field, [...new Set(values(query[field]).flatMap((value) => value.split(',')).map((item) => item.trim()).filter((item) => item !== ''))]]),
  ) as Record<ListField, string[]>;
  const single: Partial<Record<SingleField, string | readonly string[]>> = {};
  for (const field of SINGLE_FIELDS) {
    const value = singleValue(query[field]);
    if (value !== undefined) single[field] = value;
  }
  return { lists, single, offset: singleValue(query.offset) };
}

/**
 * The same search as `GET /api/slots` parameters: lists joined with commas, the page size made
 * explicit. What the page shows is exactly what the API answers for this.
 */
export function apiQuery(search: SearchQuery, without?: ListField): Record<string, string | readonly string[]> {
  const query: Record<string, string | readonly string[]> = {};
  for (const field of LIST_FIELDS) {
    const items = search.lists[field];
    if (field !== without && items.length > 0) query[field] = items.join(',');
  }
  Object.assign(query, search.single);
  query.limit ??= String(PAGE_SIZE);
  if (search.offset !== undefined) query.offset = search.offset;
  return query;
}

/**
 * The page's own address for this search, as a query string (`?…`, or empty for the bare page), with
 * `offset` replaced: what paging links, the canonical link and the script's URL all use. The console's
 * slots list (`path` `/admin/slots`) asks the same way.
 */
export function searchHref(search: SearchQuery, offset: number, path = '/search'): string {
  const params = new URLSearchParams();
  appendAll(params, 'q', search.single.q);
  for (const field of LIST_FIELDS) appendAll(params, field, search.lists[field]);
  for (const field of SINGLE_FIELDS) if (field !== 'q') appendAll(params, field, search.single[field]);
  if (offset > 0) params.set('offset', String(offset));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

function appendAll(params: URLSearchParams, name: string, value: string | readonly string[] | undefined): void {
  if (value === undefined) return;
  for (const item of typeof value === 'string' ? [value] : value) params.append(name, item);
}
