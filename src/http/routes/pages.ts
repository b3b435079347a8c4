import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quote } from '../../emoji/parse.js';
import { loadAssets, type Asset, type AssetTable } from '../../web/assets.js';
import { negotiateCoding } from '../../web/encoding.js';
import { homePage } from '../../web/home-page.js';
import { notFoundPage } from '../../web/not-found-page.js';
import { pickerModel } from '../../web/picker.js';
import { searchPage } from '../../web/search-page.js';
import { slotPage, slotSurroundings } from '../../web/slot-page.js';
import { baseUrl } from '../base-url.js';
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { searchOutcome } from '../search-outcome.js';

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

export const PAGE_SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Hashed asset names change with their content, so a browser may keep one for good. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Pages follow the catalogue, so a browser revalidates them (a cheap 304 when unchanged). */
export const PAGE_CACHE = 'no-cache';

const HTML = 'text/html; charset=utf-8';

/** Whether `If-None-Match` names this entity tag (weak comparison, as RFC 9110 asks for GET). */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === bare;
  });
}

/** A 200 page with a validator, or a 304 when the browser already holds this exact page. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: string): FastifyReply {
  // Weak: the compression hook may change the bytes on the wire, not the page.
  const etag = `W/"${createHash('sha256').update(page).digest('base64url').slice(0, 22)}"`;
  reply.header('cache-control', PAGE_CACHE).header('etag', etag);
  if (isFresh(request, etag)) return reply.code(304).send();
  return reply.type(HTML).send(page);
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

function htmlRoutes(app: FastifyInstance, context: RouteContext, assets: AssetTable): void {
  app.get('/', async (request, reply) => {
    const base = baseUrl(request, context.config);
    return sendPage(request, reply, homePage(pickerModel(context.catalogue()), base, assets));
  });

  app.get('/slots/:slug', async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const base = baseUrl(request, context.config);
    const catalogue = context.catalogue();
    const slot = catalogue.findBySlug(slug);
    if (slot === undefined) {
      const page = notFoundPage(slug, `${base}/slots/${encodeURIComponent(slug)}`, assets);
      return reply.code(404).header('cache-control', 'no-store').type(HTML).send(page);
    }
    return sendPage(request, reply, slotPage(slot, slotSurroundings(catalogue, slot), base, assets));
  });

  app.get('/search', async (request, reply) => {
    const catalogue = context.catalogue();
    const outcome = searchOutcome(catalogue, request.url, request.query as Record<string, string | string[]>);
    const page = searchPage(outcome, baseUrl(request, context.config), catalogue.size, assets);
    if (outcome.kind === 'refused') return reply.code(400).header('cache-control', 'no-store').type(HTML).send(page);
    return sendPage(request, reply, page);
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

    web.get('/assets/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const asset = assets.find(file);
      if (asset === undefined) throw notFound(`asset ${quote(file)} not found`);
      return sendAsset(request, reply, asset);
    });

    web.register(async (pages) => {
      await pages.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
      htmlRoutes(pages, context, assets);
    });
  });
}
