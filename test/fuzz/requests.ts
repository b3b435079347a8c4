import fc from 'fast-check';
import { ASSET_FILES, loadAssets } from '../../src/web/assets.js';
import { ADMIN_TOKEN } from '../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';

/** One generated HTTP request, with its path and query already in URL form. */
export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'] as const;

const assets = loadAssets();
const ASSET_NAMES = ASSET_FILES.map((name) => assets.href(name).split('/').pop() ?? name);

const EMOJIS = ['🍒', '💎', '🎰', '🍀', '🎲', '🍋', '❤', '❤️', '🐉', '👍🏽', '🏽', '7️⃣', '🇬🇧', '👨‍👩‍👧', '🍒💎', '🍒, 🍋', '🌋'];

/** Values the routes know, so generated requests also reach past validation. */
const MEANINGFUL = [
  '1', '2', '5', '0', '-1', '007', '999999999999999', '1e3', '1.5', 'cherry-gems', 'CHERRY-GEMS', 'lucky-dice',
  'wild-swarm', ...EMOJIS, '🎰💎🍒', '🍒,💎', ' 🍒 ', 'abc',
  '<script>', 'true', 'FALSE', 'low', 'High', 'raw', 'aggregated', 'Pragmatic Play', 'pragmatic-play', 'any', 'all',
  '127.0.0.1', '::1', '192.0.2.1', 'null', 'undefined', '__proto__', 'constructor', 'NaN', 'Infinity', ...ASSET_NAMES,
  'fire', 'cherry', 'money bag', 'CRÈME', "play'n", '1.xml',
];

/** Percent-encoding that is malformed, or well formed around bytes that are not valid UTF-8 or not printable. */
const PERCENT_EDGES = [
  '%', '%%', '%2', '%G1', '%zz', '%%32%35', '%00', '%0A', '%0D%0A', '%09', '%7F', '%20', '%2F', '%2f', '%5C', '%2e', '%2e%2e',
  '%25', '%3F', '%23', '%26', '%3D', '%2B', '+', '%FF', '%FE%FF', '%C0%AF', '%C0%80', '%E0%80%AF', '%ED%A0%80', '%ED%BF%BF',
  '%F4%90%80%80', '%F8%88%80%80%80', '%EF%BB%BF', '%E2%80%AE', '%F0%9F', '%F0%9F%8D', '%F0%9F%8D%92%FE', '%EF%B8%8F',
  '%E2%80%8D', '%F0%9F%8F%BD', '%u00e9', '%C3%A9',
];

const encode = (text: string) => encodeURIComponent(text);

/** A string encoded as a client would send it, lone surrogates replaced first (encodeURIComponent refuses them). */
const encodedText = (unit: 'grapheme' | 'binary', maxLength: number) =>
  fc.string({ unit, maxLength }).map((text) => encode(text.toWellFormed()));

/** One piece of a path segment or query value, already in URL form. */
const piece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PERCENT_EDGES) },
  { weight: 2, arbitrary: encodedText('grapheme', 12) },
  { weight: 2, arbitrary: encodedText('binary', 12) },
  // Not encoded at all: what inject passes on as is, and what a raw socket sends as bytes.
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 8 }) },
);

/** Very long segments: past the router's 4096-character parameter limit, and tens of emojis. */
const longSegment: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 4000, max: 4200 }).map((length) => 'a'.repeat(length)),
  fc.integer({ min: 1, max: 60 }).chain((count) => fc.constantFrom('🍒', '👨‍👩‍👧', '🏽', '%F0').map((emoji) => encode(emoji).repeat(count))),
  fc.integer({ min: 1, max: 12_000 }).map((length) => '%41'.repeat(length)),
);

/** A path segment or query value in URL form: mostly one the routes know, else anything. */
const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...MEANINGFUL).map(encode) },
  { weight: 8, arbitrary: fc.array(fc.oneof(piece, fc.constantFrom(...MEANINGFUL).map(encode)), { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('')) },
  { weight: 1, arbitrary: longSegment },
);

const json = (value: unknown) => JSON.stringify(value);

/** A slot body: a valid one (usually a new slug), or one with a field replaced by a generated value or left out. */
const slotBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }).map((name) => json(slotFields({ name: `Fuzz ${name}` }))),
  fc
    .tuple(
      fc.constantFrom(...Object.keys(slotFields({ name: 'Fuzz' })), 'id', 'url', 'createdAt', '__proto__', 'extra'),
      fc.oneof(fc.jsonValue(), fc.constant(undefined)),
      fc.string({ maxLength: 20 }),
    )
    .map(([field, value, name]) => json({ ...slotFields({ name: `Fuzz ${name}` }), [field]: value })),
);

/** A body for `POST /api/match`: the right shape with generated contents. */
const matchBody: fc.Arbitrary<string> = fc
  .record(
    {
      emojis: fc.oneof(
        { weight: 3, arbitrary: fc.array(fc.constantFrom(...EMOJIS), { minLength: 1, maxLength: 25 }) },
        { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom(...MEANINGFUL), fc.string({ unit: 'grapheme', maxLength: 10 })), { maxLength: 25 }) },
        { weight: 1, arbitrary: fc.jsonValue() },
      ),
      mode: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('any', 'all') }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom('ALL', ''), fc.jsonValue()) }),
      limit: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: -5, max: 2000 }) }, { weight: 1, arbitrary: fc.oneof(fc.double(), fc.jsonValue()) }),
    },
    { requiredKeys: [] },
  )
  .map(json);

const categoryMap = fc.dictionary(fc.string({ maxLength: 8 }), fc.array(fc.constantFrom(...MEANINGFUL), { maxLength: 3 }));

/** A catalogue import: the small catalogue again (so public routes keep finding slots), bent now and then. */
const catalogueBody: fc.Arbitrary<string> = fc.oneof(
  fc.constant(json({ slots: SMALL_CATALOGUE.slots, categories: SMALL_CATALOGUE.categories })),
  fc
    .record({
      slots: fc.array(fc.oneof(slotBody.map((body) => JSON.parse(body) as unknown), fc.jsonValue()), { maxLength: 3 }),
      categories: fc.oneof(categoryMap, fc.jsonValue()),
    })
    .map((document) => json({ ...document, slots: [...SMALL_CATALOGUE.slots, ...document.slots] })),
);

const categoriesBody: fc.Arbitrary<string> = fc.oneof(
  fc.constant(json(SMALL_CATALOGUE.categories)),
  categoryMap.map((categories) => json({ categories })),
  categoryMap.map(json),
);

/** Anything at all as a body: JSON of any shape, broken JSON, deep nesting, and sizes around the 16 KiB limit. */
const wildBody: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.jsonValue().map(json) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', '{', '[', '{"emojis":', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}') },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 16 * 1024 - 64, max: 40 * 1024 }).map((size) => json({ emojis: ['🍒'], padding: 'x'.repeat(size) })) },
);

interface Route {
  readonly method: string;
  /** `:name` marks a parameter. */
  readonly path: string;
  /** The query parameters the route reads. */
  readonly query?: readonly string[];
  readonly body?: fc.Arbitrary<string>;
  /** Parameter values the route finds something for. */
  readonly known?: readonly string[];
}

const SLOT_IDS = ['1', '2', '3', '4', '5', '6'];
const SLUGS = ['cherry-gems', 'CHERRY-GEMS', 'lucky-dice', 'lemon-drop', 'heart-of-gold', 'fruit-frenzy'];
const PLAYABLE = [...EMOJIS, '🎰💎🍒', '🍒,💎', ' 🍒 '];

const FILTERS = ['provider', 'minRtp', 'volatility'];

/**
 * Every route of the service. The operational paths are here too, so they are fuzzed once they
 * exist; before that they are unknown routes, which must answer 404.
 */
const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/slots/:slug', known: SLUGS },
  { method: 'GET', path: '/assets/:file', known: ASSET_NAMES },
  { method: 'GET', path: '/robots.txt' },
  { method: 'GET', path: '/sitemap.xml' },
  { method: 'GET', path: '/sitemaps/:file', known: ['1.xml', '2.xml'] },
  { method: 'GET', path: '/api/slots', query: ['limit', 'offset', 'hasBonusBuy', ...FILTERS] },
  { method: 'GET', path: '/api/slots/:idOrSlug', known: [...SLOT_IDS, ...SLUGS] },
  { method: 'GET', path: '/api/emojis', query: ['format'] },
  { method: 'GET', path: '/api/emojis/search', query: ['q', 'limit'] },
  { method: 'GET', path: '/api/emojis/categories' },
  { method: 'GET', path: '/api/emojis/stats' },
  { method: 'POST', path: '/api/match', body: matchBody },
  { method: 'GET', path: '/api/play/:emojis', known: PLAYABLE },
  { method: 'GET', path: '/api/play/' },
  { method: 'GET', path: '/api/v1/redirect', query: ['emoji'] },
  { method: 'GET', path: '/api/v1/spin', query: ['emoji', ...FILTERS] },
  { method: 'POST', path: '/api/admin/slots', body: slotBody },
  { method: 'PUT', path: '/api/admin/slots/:id', body: slotBody, known: SLOT_IDS },
  { method: 'DELETE', path: '/api/admin/slots/:id', known: SLOT_IDS },
  { method: 'GET', path: '/api/admin/catalogue' },
  { method: 'PUT', path: '/api/admin/catalogue', body: catalogueBody },
  { method: 'PUT', path: '/api/admin/emojis/categories', body: categoriesBody },
  { method: 'DELETE', path: '/api/admin/rate-limits/:ip', known: ['127.0.0.1', '::1', '192.0.2.1', '2001:db8::1'] },
  { method: 'GET', path: '/api/admin/:unknown' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
  { method: 'GET', path: '/openapi.json' },
  { method: 'GET', path: '/docs' },
  { method: 'GET', path: '/:unknown' },
];

type Bend = 'trailing-slash' | 'double-slash' | 'upper-case' | 'dot-segment' | 'encoded-letter' | 'extra-segment';

/** A path bent the ways clients and attackers bend them. */
function bend(path: string, how: Bend, extra: string): string {
  switch (how) {
    case 'trailing-slash':
      return `${path}/`;
    case 'double-slash':
      return path.replace('/', '//');
    case 'upper-case':
      return path.toUpperCase();
    case 'dot-segment':
      return `/api/..${path}`;
    case 'encoded-letter':
      return path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
    case 'extra-segment':
      return `${path}/${extra}`;
  }
}

const bentPath = (route: Route) =>
  fc
    .tuple(
      fc.array(route.known === undefined ? segment : fc.oneof(fc.constantFrom(...route.known).map(encode), segment), { minLength: 2, maxLength: 2 }),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom<Bend>('trailing-slash', 'double-slash', 'upper-case', 'dot-segment', 'encoded-letter', 'extra-segment') },
      ),
      segment,
    )
    .map(([values, how, extra]) => {
      let index = 0;
      const filled = route.path.replace(/:[a-zA-Z]+/g, () => values[index++] ?? '');
      return how === null ? filled : bend(filled, how, extra);
    });

const ODD_QUERY_NAMES = ['__proto__', 'constructor', 'toString', '', 'limit[]', 'a[b]', 'emoji[0]', 'limit.x'];

/** A query string over the route's own parameters and some others: repeated, empty, without `=`. */
const queryString = (route: Route): fc.Arbitrary<string> => {
  const names = route.query ?? [];
  const name = fc.oneof(
    { weight: names.length === 0 ? 0 : 6, arbitrary: names.length === 0 ? fc.constant('limit') : fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERY_NAMES) },
    { weight: 1, arbitrary: piece },
  );
  return fc.oneof(
    { weight: names.length === 0 ? 4 : 1, arbitrary: fc.constant('') },
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(name, fc.option(segment, { freq: 8, nil: undefined })), { minLength: 1, maxLength: 5 })
        .map((pairs) => `?${pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join('&')}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('?', '??', '?&&&', '?=', '?limit=1#fragment', '?;limit=1', '?limit=1&limit=2', '?emoji=%F0%9F') },
  );
};

const CONTENT_TYPES = [
  'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1', 'application/json;',
  'application/problem+json', 'text/plain', 'text/html', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', ';', '*/*',
];

/** Header values the service reads, wrong or odd, and others a client might send. */
const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'content-type': fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ unit: 'binary-ascii', maxLength: 30 })),
      authorization: fc.oneof(
        fc.constantFrom(`bearer ${ADMIN_TOKEN}   `, `Basic ${ADMIN_TOKEN}`, 'Bearer', 'Bearer ', `Bearer ${ADMIN_TOKEN}x`, ''),
        fc.string({ unit: 'binary-ascii', maxLength: 60 }),
      ),
      host: fc.oneof(fc.constantFrom('example.test:8080', '[::1]:3000', '', 'a b', 'x/y', 'évil.test', '-', 'host:99999'), fc.string({ maxLength: 20 })),
      'accept-encoding': fc.oneof(fc.constantFrom('gzip', 'br', 'br;q=0, gzip;q=0', 'identity;q=0', '*', 'gzip;q=abc', ''), fc.string({ maxLength: 20 })),
      'if-none-match': fc.oneof(fc.constantFrom('*', 'W/"x"', '"', ',,,', ''), fc.string({ maxLength: 40 })),
      'x-forwarded-for': fc.oneof(fc.constantFrom('192.0.2.9', '::1, 10.0.0.1', 'not-an-ip', ''), fc.string({ maxLength: 20 })),
      'x-forwarded-host': fc.string({ maxLength: 20 }),
      'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher', ''),
      'x-request-id': fc.string({ maxLength: 80 }),
      origin: fc.constantFrom('https://example.test', 'null', ''),
      'access-control-request-method': fc.constantFrom('POST', 'DELETE', 'BREW'),
      accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
    },
    { requiredKeys: [] },
  )
  .map((record) => Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined)));

/**
 * One request to one route: mostly what the route expects (its method, JSON, the admin token), with
 * each part sometimes replaced by something generated, so requests reach past the first check.
 */
const routeRequest = (route: Route): fc.Arbitrary<FuzzRequest> =>
  fc
    .record({
      method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
      path: bentPath(route),
      query: queryString(route),
      authorized: fc.integer({ min: 0, max: 5 }).map((draw) => draw > 0),
      headers: fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: oddHeaders }),
      body: route.body === undefined ? wildBody : fc.oneof({ weight: 4, arbitrary: route.body }, { weight: 1, arbitrary: wildBody }),
    })
    .map(({ method, path, query, authorized, headers, body }) => ({
      method,
      url: `${path}${query}`,
      headers: {
        ...(authorized ? { authorization: `Bearer ${ADMIN_TOKEN}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body,
    }));

/** Any request to any route. */
export const request: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...ROUTES).chain(routeRequest);
