import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../../catalogue/catalogue.js';
import type { SlotRecord } from '../../catalogue/records/slot.js';
import type { PopularRanking } from '../../catalogue/search/popular-ranking.js';
import { quote } from '../../emoji/parse.js';
import { loadAssets, type Asset, type AssetTable } from '../../web/assets.js';
import { negotiateCoding } from '../../web/encoding.js';
import { robotsTxt, sitemapFileCount, sitemapIndex, sitemapUrlSet } from '../../web/pages/crawlers.js';
import { homePage } from '../../web/pages/home-page.js';
import { notFoundPage } from '../../web/pages/not-found-page.js';
import { pickerModel } from '../../web/markup/picker.js';
import { searchPage } from '../../web/pages/search-page.js';
import { slotPage, slotSurroundings } from '../../web/pages/slot-page.js';
import { baseUrl } from '../caller/base-url.js';
import type { RouteContext } from './context.js';
import { ErrorBodySchema, notFound } from '../answers/errors.js';
import { ifNoneMatchMatches } from '../answers/if-none-match.js';
import { DOCUMENTED_ONLY, SlotListQuerySchema } from '../contract/request-schemas.js';
import { perSnapshotCache } from '../answers/snapshot-memo.js';
import { searchOutcome } from '../answers/search-outcome.js';
import { noteInsight } from '../insights/noted.js';
import { searchInsight } from './slots.js';

/** Pages load only their own script, style and icon, and cannot be framed or inject markup. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Hashed asset names change with their content, so a browser may keep one for good. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Pages follow the catalogue, so a browser revalidates them (a cheap 304 when unchanged). */
const PAGE_CACHE = 'no-cache';

const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const SITEMAP_FILE = /^([1-9][0-9]{0,5})\.xml$/;

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const NOT_MODIFIED = { type: 'null', description: 'Not Modified: the browser holds this page or file' } as const;

const HOME_SCHEMA = {
  operationId: 'homePage',
  tags: ['pages'],
  summary: 'The emoji picker: choose emojis, see matching slots, spin',
  response: { 200: htmlPage('The page'), 304: NOT_MODIFIED },
};
const SLOT_PAGE_SCHEMA = {
  operationId: 'slotPage',
  tags: ['pages'],
  summary: 'The page of one slot, where the redirects lead',
  params: { type: 'object', properties: { slug: { type: 'string', description: 'The slot slug, in any case' } }, required: ['slug'] },
  response: { 200: htmlPage('The page'), 304: NOT_MODIFIED, 404: htmlPage('A page saying there is no such slot') },
};
const ASSET_SCHEMA = {
  operationId: 'getAsset',
  tags: ['pages'],
  summary: 'A script, style or icon the pages load, by its content-hashed name',
  params: { type: 'object', properties: { file: { type: 'string', description: 'The hashed file name the pages link to' } }, required: ['file'] },
  response: {
    200: {
      description: 'The file, compressed as the client accepts; cached for good (the name changes with the content)',
      content: {
        'text/css': { schema: { type: 'string' } },
        'text/javascript': { schema: { type: 'string' } },
        'image/svg+xml': { schema: { type: 'string' } },
      },
    },
    304: NOT_MODIFIED,
    404: { ...ErrorBodySchema, description: 'No such file' },
  },
};

const SEARCH_PAGE_SCHEMA = {
  operationId: 'searchPage',
  tags: ['pages'],
  summary: 'The search page: the parameters of GET /api/slots as a form, its results, facet counts and paging',
  querystring: SlotListQuerySchema,
  response: {
    200: htmlPage('The page with the results'),
    304: NOT_MODIFIED,
    400: htmlPage('The search page saying why the search cannot run, in place of the results'),
  },
};
const textFile = (type: string, description: string) => ({ description, content: { [type]: { schema: { type: 'string' } } } });
const SITEMAP = textFile('application/xml', 'A sitemap (sitemaps.org 0.9): the home page, the search page and every slot page, as absolute URLs');
const ROBOTS_SCHEMA = {
  operationId: 'robotsTxt',
  tags: ['pages'],
  summary: 'What crawlers may visit (everything but /api), and where the sitemap is',
  response: { 200: textFile('text/plain', 'robots.txt'), 304: NOT_MODIFIED },
};
const SITEMAP_SCHEMA = {
  operationId: 'sitemap',
  tags: ['pages'],
  summary: 'The sitemap; beyond 50,000 URLs an index of numbered sitemap files',
  response: { 200: SITEMAP, 304: NOT_MODIFIED },
};
const SITEMAP_FILE_SCHEMA = {
  operationId: 'sitemapFile',
  tags: ['pages'],
  summary: 'One numbered file of a sitemap too large for one file',
  params: {
    type: 'object',
    properties: { file: { type: 'string', description: 'The file, `1.xml`, `2.xml`, … as the sitemap index names them' } },
    required: ['file'],
  },
  response: { 200: SITEMAP, 304: NOT_MODIFIED, 404: { ...ErrorBodySchema, description: 'No such sitemap file' } },
};

/** Whether the browser already holds the representation `etag` names. */
function isFresh(request: FastifyRequest, etag: string): boolean {
  return ifNoneMatchMatches(request.headers['if-none-match'], etag);
}

/** A 200 page with a validator, or a 304 when the browser already holds this exact page. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: string, type = HTML): FastifyReply {
  // Weak: the compression hook may change the bytes on the wire, not the page.
  const etag = `W/"${createHash('sha256').update(page).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', PAGE_CACHE).header('etag', etag);
  if (isFresh(request, etag)) return reply.code(304).send();
  return reply.type(type).send(page);
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply {
  const wanted = negotiateCoding(request.headers['accept-encoding']);
  const coding = asset.bodies[wanted] === undefined ? 'identity' : wanted;
  const etag = `"${asset.hash}${coding === 'identity' ? '' : `-${coding}`}"`;
  reply.header('cache-control', IMMUTABLE_CACHE).header('etag', etag).header('vary', 'accept-encoding');
  if (isFresh(request, etag)) return reply.code(304).send();
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.type(asset.contentType).send(asset.bodies[coding]);
}

/** The home page's "Popular this week" (decisions §21): the first slots of the popular order, once a slot in it was played. */
const HOME_POPULAR_SLOTS = 8;

function popularSlots(catalogue: Catalogue, ranking: PopularRanking): readonly SlotRecord[] {
  const { slots } = catalogue.page({ filter: {}, order: { key: 'popular', descending: false, ranking } }, { offset: 0, limit: HOME_POPULAR_SLOTS });
  const first = slots[0];
  return first !== undefined && ranking.places.has(first.id) ? slots : [];
}

function htmlRoutes(app: FastifyInstance, context: RouteContext, assets: AssetTable): void {
  app.get('/', { schema: HOME_SCHEMA }, async (request, reply) => {
    const base = baseUrl(request, context.config);
    const catalogue = context.catalogue();
    return sendPage(request, reply, homePage(pickerModel(catalogue), base, assets, popularSlots(catalogue, context.popular())));
  });

  app.get('/slots/:slug', { ...DOCUMENTED_ONLY, schema: SLOT_PAGE_SCHEMA }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const base = baseUrl(request, context.config);
    const catalogue = context.catalogue();
    const slot = catalogue.findBySlug(slug);
    if (slot === undefined) {
      const page = notFoundPage(slug, `${base}/slots/${encodeURIComponent(slug)}`, assets);
      return reply.code(404).header('cache-control', 'no-store').type(HTML).send(page);
    }
    noteInsight(request, { kind: 'view', key: String(slot.id) });
    return sendPage(request, reply, slotPage(slot, slotSurroundings(catalogue, slot), base, assets));
  });

  app.get('/search', { ...DOCUMENTED_ONLY, schema: SEARCH_PAGE_SCHEMA }, async (request, reply) => {
    const catalogue = context.catalogue();
    const outcome = searchOutcome(catalogue, request.url, request.query as Record<string, string | string[]>, context.popular());
    const page = searchPage(outcome, baseUrl(request, context.config), catalogue.size, assets);
    if (outcome.kind === 'refused') return reply.code(400).header('cache-control', 'no-store').type(HTML).send(page);
    const search = searchInsight(outcome.words, outcome.total);
    if (search !== undefined) noteInsight(request, search);
    return sendPage(request, reply, page);
  });
}

/** Sitemap files of one snapshot by base URL and file; a few bases at most are ever asked for. */
const sitemaps = perSnapshotCache<string>({ entries: 64 });

/** What crawlers read: robots.txt and the sitemap, built from the current snapshot, so they follow every admin write. */
function crawlerRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/robots.txt', { schema: ROBOTS_SCHEMA }, async (request, reply) => sendPage(request, reply, robotsTxt(baseUrl(request, context.config)), TEXT));

  app.get('/sitemap.xml', { schema: SITEMAP_SCHEMA }, async (request, reply) => {
    const base = baseUrl(request, context.config);
    const catalogue = context.catalogue();
    const files = sitemapFileCount(catalogue.size);
    const body = sitemaps(catalogue, `${base} index`, () => (files === 1 ? sitemapUrlSet(base, catalogue.slots) : sitemapIndex(base, files)));
    return sendPage(request, reply, body, XML);
  });

  app.get('/sitemaps/:file', { ...DOCUMENTED_ONLY, schema: SITEMAP_FILE_SCHEMA }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const base = baseUrl(request, context.config);
    const catalogue = context.catalogue();
    const number = Number(SITEMAP_FILE.exec(file)?.[1] ?? 0);
    const files = sitemapFileCount(catalogue.size);
    // A small site's one file is also its file 1, so a crawler holding an older index still finds it.
    if (number < 1 || number > files) throw notFound(`sitemap file ${quote(file)} not found`);
    return sendPage(request, reply, sitemaps(catalogue, `${base} ${number}`, () => sitemapUrlSet(base, catalogue.slots, number)), XML);
  });
}

/**
 * The pages people land on (`/`, `/slots/{slug}`) and their assets. Pages are compressed per
 * response; assets were compressed once at start-up. Both carry the page security headers.
 */
export function pageRoutes(app: FastifyInstance, context: RouteContext): void {
  const assets = loadAssets();
  app.register(async (web) => {
    web.addHook('onSend', async (_request, reply) => {
      reply.headers(PAGE_SECURITY_HEADERS);
    });

    web.get('/assets/:file', { ...DOCUMENTED_ONLY, schema: ASSET_SCHEMA }, async (request, reply) => {
      const { file } = request.params as { file: string };
      const asset = assets.find(file);
      if (asset === undefined) throw notFound(`asset ${quote(file)} not found`);
      return sendAsset(request, reply, asset);
    });

    web.register(async (pages) => {
      await pages.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
      htmlRoutes(pages, context, assets);
      crawlerRoutes(pages, context);
    });
  });
}
