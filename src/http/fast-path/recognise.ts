import { parse } from 'fast-querystring';
import { MAX_PATH_SEGMENT_LENGTH } from '../plugins/errors.js';
import type { Query } from '../input/query.js';

/**
 * A request the fast path answers, by the route Fastify would have matched and what it would have
 * parsed. Every one is made by `fastRequest`, with all the fields any route has.
 */
export type FastRequest =
  | { readonly route: '/api/slots/:idOrSlug'; readonly idOrSlug: string }
  | { readonly route: '/api/slots'; readonly queryText: string }
  | { readonly route: '/api/slots/:idOrSlug/similar'; readonly idOrSlug: string; readonly queryText: string }
  | { readonly route: '/api/emojis'; readonly queryText: string }
  | { readonly route: '/api/play/:emojis'; readonly emojis: string }
  | { readonly route: '/api/match' }
  | { readonly route: '/api/changes'; readonly queryText: string };

/*
 * Only URLs whose meaning cannot depend on how they are decoded: a path of unreserved ASCII (and in a
 * play path percent-encoded bytes of non-ASCII characters), and a query of `name=value` pairs joined by
 * `&`, names plain letters, values unreserved ASCII, commas, `+` and percent-escapes. Anything else
 * (other escapes in a path, a query on a path route, odd query syntax) is left to Fastify's router,
 * which has the last word on it. `plainQuery` reads the query with the parser the router uses.
 */
const PLAIN_VALUE = '(?:[\\w.~,+-]|%[\\dA-Fa-f]{2})*';
const PLAIN_QUERY = `(?:[A-Za-z]+=${PLAIN_VALUE}(?:&[A-Za-z]+=${PLAIN_VALUE})*)?`;
const SLOT_PREFIX = '/api/slots/';
/** `test` without capture groups stays on V8's fast path; `exec` with them built a match array per request. */
const SLOT = /^\/api\/slots\/[\w.~-]+$/;
const SIMILAR = new RegExp(`^/api/slots/([\\w.~-]+)/similar(?:\\?(${PLAIN_QUERY}))?$`);
const LIST = new RegExp(`^/api/slots(?:\\?(${PLAIN_QUERY}))?$`);
const EMOJIS = /^\/api\/emojis(?:\?(format=(?:aggregated|raw)))?$/;
const FEED = new RegExp(`^/api/changes(?:\\?(${PLAIN_QUERY}))?$`);
const PLAY = /^\/api\/play\/((?:%[89a-fA-F][\da-fA-F]|[\w.~-])+)$/;

/**
 * A query `recognise` let through (`a=1&b=2&a=3`) as the router reads it: `+` a space, escapes decoded
 * (a value whose escapes are no UTF-8 kept as sent), repeats as arrays. Fastify's router parses with
 * this same package, so both paths see one query.
 */
export function plainQuery(text: string): Query {
  return text === '' ? (Object.create(null) as Query) : (parse(text) as Query);
}

/**
 * `fields` with the fields other routes have set to '', in one order: code reading a request then
 * sees one object shape whatever the route, and stays as fast once a process has served them all.
 */
function fastRequest<Route extends FastRequest['route']>(
  route: Route,
  { idOrSlug = '', queryText = '', emojis = '' }: Omit<Extract<FastRequest, { readonly route: Route }>, 'route'> & Partial<Record<'idOrSlug' | 'queryText' | 'emojis', string>>,
): FastRequest {
  return { route, idOrSlug, queryText, emojis } as FastRequest;
}

function decodedSegment(segment: string): string | undefined {
  if (segment.length > MAX_PATH_SEGMENT_LENGTH) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The fast-path request `method url` is, or undefined when Fastify should take it. */
export function recognise(method: string | undefined, url: string | undefined): FastRequest | undefined {
  if (url === undefined || !url.startsWith('/api/')) return undefined;
  if (method === 'POST') return url === '/api/match' ? fastRequest('/api/match', {}) : undefined;
  if (method !== 'GET') return undefined;
  if (SLOT.test(url)) {
    const idOrSlug = url.slice(SLOT_PREFIX.length);
    return idOrSlug.length > MAX_PATH_SEGMENT_LENGTH ? undefined : fastRequest('/api/slots/:idOrSlug', { idOrSlug });
  }
  const similar = SIMILAR.exec(url);
  if (similar !== null) {
    const idOrSlug = similar[1] as string;
    return idOrSlug.length > MAX_PATH_SEGMENT_LENGTH ? undefined : fastRequest('/api/slots/:idOrSlug/similar', { idOrSlug, queryText: similar[2] ?? '' });
  }
  const play = PLAY.exec(url);
  if (play !== null) {
    const emojis = decodedSegment(play[1] as string);
    return emojis === undefined ? undefined : fastRequest('/api/play/:emojis', { emojis });
  }
  const list = LIST.exec(url);
  if (list !== null) return fastRequest('/api/slots', { queryText: list[1] ?? '' });
  const feed = FEED.exec(url);
  if (feed !== null) return fastRequest('/api/changes', { queryText: feed[1] ?? '' });
  const emojis = EMOJIS.exec(url);
  if (emojis !== null) return fastRequest('/api/emojis', { queryText: emojis[1] ?? '' });
  return undefined;
}
