import type { Catalogue } from '../../catalogue/catalogue.js';
import type { FacetCount } from '../../catalogue/search/facets.js';
import { NO_RANKING, type PopularRanking } from '../../catalogue/search/popular-ranking.js';
import { quote } from '../../emoji/parse.js';
import type { SearchOutcome } from '../../web/pages/search-page.js';
import { apiQuery, CONTROL_CHARACTERS, LIST_FIELDS, readSearchQuery, type ListField, type RawQuery, type SearchQuery } from '../../web/pages/search-query.js';
import { badRequest, HttpError } from './errors.js';
import { slotListParams } from '../input/query.js';

/**
 * Every `%` of the raw query string must start a valid percent-encoded UTF-8 sequence. The query
 * parser quietly keeps a broken one as text; a person is better served by being told.
 */
function checkEncoding(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  for (const part of url.slice(at + 1).split(/[&=]/)) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw badRequest(`the address is not valid: ${quote(part.slice(0, 40))} is broken percent-encoding (a % must start %XX; write % itself as %25)`);
    }
  }
}

function checkCharacters(query: RawQuery): void {
  for (const [name, raw] of Object.entries(query)) {
    const given = typeof raw === 'string' ? [raw] : (raw ?? []);
    if (given.some((value) => value.search(CONTROL_CHARACTERS) >= 0)) throw badRequest(`${name}: must not contain control characters`);
  }
}

/**
 * Counts beside each list control: for the "any of" lists (provider, volatility) over the search without
 * that list, so the other choices still show what ticking them would add; for the "all of" lists (theme,
 * feature) over the search itself, so each shows what ticking it would narrow to.
 */
function facetCounts(catalogue: Catalogue, search: SearchQuery, found: ReturnType<Catalogue['search']>, ranking: PopularRanking): Record<ListField, readonly FacetCount[]> {
  const counts = {} as Record<ListField, readonly FacetCount[]>;
  for (const field of LIST_FIELDS) {
    const own = field === 'provider' || field === 'volatility';
    const over = own && search.lists[field].length > 0 ? catalogue.search(slotListParams(apiQuery(search, field), ranking).query) : found;
    counts[field] = catalogue.facets(over, [field])[field] ?? [];
  }
  return counts;
}

/**
 * The search page's answer for a query string: the same parameters, rules and domain calls as
 * `GET /api/slots` (and the same popular order, `ranking`), so the page and the API cannot disagree. A
 * 400 of those rules becomes a refusal.
 */
export function searchOutcome(catalogue: Catalogue, url: string, query: RawQuery, ranking: PopularRanking = NO_RANKING): SearchOutcome {
  const search = readSearchQuery(query);
  try {
    checkEncoding(url);
    checkCharacters(query);
    const request = slotListParams(apiQuery(search), ranking);
    const found = catalogue.search(request.query);
    const { offset, limit } = request.page;
    const slots = found.slice(offset, offset + limit).map(({ record }) => record);
    return { kind: 'results', search, slots, total: found.length, words: request.query.words, offset, limit, facets: facetCounts(catalogue, search, found, ranking) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return { kind: 'refused', search, message: error.message };
    throw error;
  }
}
