import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Insight } from '../../insights/insight.js';
import { noteInsight } from '../insights/noted.js';
import type { Catalogue } from '../../catalogue/catalogue.js';
import type { RequestedEmoji } from '../../emoji/parse.js';
import { slotPageUrl, type SlotRecord } from '../../catalogue/records/slot.js';
import { baseUrl } from '../caller/base-url.js';
import type { RouteContext } from './context.js';
import { joinEmojis, requestedEmojis } from '../input/emoji-input.js';
import { badRequest, notFound } from '../answers/errors.js';
import { single, spinFilterParams, type Query } from '../input/query.js';
import {
  DOCUMENTED_ONLY,
  LegacyRedirectQuerySchema,
  LegacyRedirectSchema,
  NotFoundSchema,
  PlayParamsSchema,
  SlotRedirectSchema,
  SpinQuerySchema,
} from '../contract/request-schemas.js';
import { perSnapshotCache } from '../answers/snapshot-memo.js';

/** What every redirect to a slot page sends besides its Location: it is never cached, as the best match changes with the catalogue. */
export const REDIRECT_HEADERS = { 'cache-control': 'no-store' } as const;

/** A redirect to a slot counts as a play of it (decisions §21). */
const playOf = (slotId: number): Insight => ({ kind: 'play', key: String(slotId) });

function redirectToSlot(request: FastifyRequest, reply: FastifyReply, context: RouteContext, slot: SlotRecord): FastifyReply {
  noteInsight(request, playOf(slot.id));
  return reply.headers(REDIRECT_HEADERS).redirect(slotPageUrl(baseUrl(request, context.config), slot.slug), 302);
}

/** The slot `POST /api/match` would list first for these emojis. */
function bestMatch(catalogue: Catalogue, emojis: readonly RequestedEmoji[]): SlotRecord {
  const [best] = catalogue.match(emojis.map(({ key }) => key), 'any', 1);
  if (best === undefined) throw notFound(`no slot carries any of ${joinEmojis(emojis)}`);
  return best.slot;
}

/** The best match for a play path's emojis, by the decoded segment: a few popular combinations make most plays. */
const bestSlots = perSnapshotCache<{ readonly slug: string; readonly play: Insight }>({ entries: 1024 });

/** Where `GET /api/play/{emojis}` redirects (the path segment decoded) and the play it counts as, or its 400 or 404. */
export function playTarget(catalogue: Catalogue, emojis: string, baseOf: () => string): { readonly location: string; readonly play: Insight } {
  const { slug, play } = bestSlots(catalogue, emojis, () => {
    const slot = bestMatch(catalogue, requestedEmojis(emojis, 'emojis'));
    return { slug: slot.slug, play: playOf(slot.id) };
  });
  return { location: slotPageUrl(baseOf(), slug), play };
}

/** Play, the legacy redirect and the lucky spin: 302s to slot pages (decisions §5). */
export function redirectRoutes(app: FastifyInstance, context: RouteContext): void {
  const playSchema = {
    operationId: 'playEmojis',
    tags: ['matching'],
    summary: 'Redirect to the best slot for these emojis (the first POST /api/match lists)',
    params: PlayParamsSchema,
    response: { 302: SlotRedirectSchema, 404: NotFoundSchema },
  };
  app.get('/api/play/:emojis', { ...DOCUMENTED_ONLY, schema: playSchema }, async (request, reply) => {
    const { emojis } = request.params as { emojis: string };
    const { location, play } = playTarget(context.catalogue(), emojis, () => baseUrl(request, context.config));
    noteInsight(request, play);
    return reply.headers(REDIRECT_HEADERS).redirect(location, 302);
  });
  app.get('/api/play/', async () => {
    throw badRequest('emojis: must hold at least one emoji, as in /api/play/🍒💎');
  });

  const legacySchema = {
    operationId: 'legacyRedirect',
    tags: ['matching'],
    summary: 'Legacy redirect: as /api/play/{emojis}, with Deprecation and a Link to it',
    deprecated: true,
    querystring: LegacyRedirectQuerySchema,
    response: { 302: LegacyRedirectSchema, 404: NotFoundSchema },
  };
  app.get('/api/v1/redirect', { ...DOCUMENTED_ONLY, schema: legacySchema }, async (request, reply) => {
    const emoji = single(request.query as Query, 'emoji');
    if (emoji === undefined || emoji.trim() === '') throw badRequest('emoji: is required, as in ?emoji=🍒');
    const emojis = requestedEmojis(emoji, 'emoji');
    reply
      .header('deprecation', 'true')
      .header('link', `</api/play/${encodeURIComponent(joinEmojis(emojis))}>; rel="successor-version"`);
    return redirectToSlot(request, reply, context, bestMatch(context.catalogue(), emojis));
  });

  const spinSchema = {
    operationId: 'spin',
    tags: ['matching'],
    summary: 'Lucky spin: redirect to a slot drawn at random from those passing every filter',
    querystring: SpinQuerySchema,
    response: { 302: SlotRedirectSchema, 404: NotFoundSchema },
  };
  app.get('/api/v1/spin', { ...DOCUMENTED_ONLY, schema: spinSchema }, async (request, reply) => {
    const filter = spinFilterParams(request.query as Query);
    const candidates = context.catalogue().filter(filter);
    const slot = candidates[Math.floor(context.random() * candidates.length)];
    if (slot === undefined) throw notFound('no slot passes the spin filters');
    return redirectToSlot(request, reply, context, slot);
  });
}
