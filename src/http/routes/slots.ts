import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import type { PopularRanking } from '../../catalogue/search/popular-ranking.js';
import { MAX_FACET_VALUES } from '../../catalogue/search/facets.js';
import { SlotSchema } from '../../catalogue/records/slot.js';
import { quote } from '../../emoji/parse.js';
import { baseUrl } from '../caller/base-url.js';
import type { RouteContext } from './context.js';
import type { Insight } from '../../insights/insight.js';
import { sendRepresentation } from '../answers/json-reply.js';
import { representation, type Representation } from '../answers/entity-tag.js';
import { notFound } from '../answers/errors.js';
import { limitParam, slotListParams, type Query } from '../input/query.js';
import { SLOT_EXAMPLE, SLOT_LIST_EXAMPLE } from '../contract/openapi-examples.js';
import { DOCUMENTED_ONLY, NotFoundSchema, NotModifiedSchema, SimilarQuerySchema, SlotListQuerySchema, SlotParamsSchema } from '../contract/request-schemas.js';
import { slotArrayBody, slotRepresentation } from '../answers/slot-json.js';
import { bodyBytes, MB, perSnapshot, perSnapshotCache } from '../answers/snapshot-memo.js';
import { matchItem, MatchItemSchema } from './match.js';

const FacetsSchema = Type.Record(
  Type.String(),
  Type.Array(Type.Object({ value: Type.Union([Type.String(), Type.Integer()]), count: Type.Integer() }), { maxItems: MAX_FACET_VALUES }),
  { description: 'With `facets`: per requested name, value counts over every slot that passes the filters, most first' },
);

const SlotListSchema = Type.Object(
  {
    slots: Type.Array(SlotSchema),
    count: Type.Integer({ description: 'Slots on this page' }),
    total: Type.Integer({ description: 'Slots passing the filters, on every page' }),
    facets: Type.Optional(FacetsSchema),
  },
  { description: 'A page of slots', examples: [SLOT_LIST_EXAMPLE] },
);

const ProviderListSchema = Type.Object(
  {
    providers: Type.Array(
      Type.Object({
        name: Type.String(),
        slug: Type.String(),
        count: Type.Integer({ description: 'Slots of this provider' }),
        averageRtp: Type.Number({ description: 'Mean RTP of its slots, rounded to 2 decimals' }),
      }),
    ),
    total: Type.Integer({ description: 'Number of providers' }),
  },
  {
    description: 'Every provider, most slots first, then by name',
    examples: [{ providers: [{ name: 'Pragmatic Play', slug: 'pragmatic-play', count: 20, averageRtp: 96.37 }], total: 1 }],
  },
);

const SimilarResponseSchema = Type.Object(
  { slots: Type.Array(MatchItemSchema) },
  { description: 'Other slots carrying emojis of this one, best match first; empty when none does' },
);

/** Pages already answered in this snapshot: clients ask for the same few pages over and over. */
const listBodies = perSnapshotCache<Representation>({ entries: 512, bytes: 64 * MB, bytesOf: bodyBytes, keepOnSecondAsk: true });

/** A search counts by its words (decisions §21); a `q` of no word at all is no search. */
export function searchInsight(words: readonly string[] | undefined, total: number): Insight | undefined {
  return words === undefined || words.length === 0 ? undefined : { kind: 'search', key: words.join(' '), found: total > 0 };
}

/**
 * The body of `GET /api/slots`, or the 400 naming the first bad parameter (checked before `baseOf` is
 * asked). `ranking` is the popular order of the moment; with `sort=popular` its generation is part of
 * the request's JSON, so the kept body and the entity tag follow the order.
 */
export function slotListBody(catalogue: Catalogue, query: Query, baseOf: () => string, ranking: PopularRanking): Representation {
  const request = slotListParams(query, ranking);
  const base = baseOf();
  const key = `${base} ${JSON.stringify(request)}`;
  return listBodies(catalogue, key, () => {
    const { slots, total, facets } = catalogue.page(request.query, request.page, request.facets);
    const facetsJson = facets === undefined ? '' : `,"facets":${JSON.stringify(facets)}`;
    const body = slotArrayBody(catalogue, slots, base, '{"slots":', `,"count":${slots.length},"total":${total}${facetsJson}}`);
    const answer = representation(catalogue, `list ${key}`, body, searchInsight(request.query.words, total));
    return request.query.order.key === 'popular' ? { ...answer, movesWithinSnapshot: true } : answer;
  });
}

/** Every provider, answered once per snapshot. */
const providerBodies = perSnapshot((catalogue) => {
  const providers = catalogue.providers();
  return representation(catalogue, 'providers', Buffer.from(JSON.stringify({ providers, total: providers.length })));
});

/** Similar slots already answered in this snapshot. */
const similarBodies = perSnapshotCache<Representation>({ entries: 1024, bytes: 16 * MB, bytesOf: bodyBytes });

/** The body of `GET /api/slots/{id_or_slug}/similar`, or its 400 or 404. */
export function similarBody(catalogue: Catalogue, idOrSlug: string, query: Query, baseOf: () => string): Representation {
  const limit = limitParam(query, DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT);
  const slot = catalogue.find(idOrSlug);
  if (slot === undefined) throw notFound(`slot ${quote(idOrSlug)} not found`);
  const key = `${baseOf()} ${slot.id} ${limit}`;
  return similarBodies(catalogue, key, () => {
    const base = baseOf();
    const body = Buffer.from(JSON.stringify({ slots: catalogue.similar(slot, limit).map((match) => matchItem(match, base)) }));
    return representation(catalogue, `similar ${key}`, body);
  });
}

export const DEFAULT_SIMILAR_LIMIT = 10;
export const MAX_SIMILAR_LIMIT = 100;

/** The body of `GET /api/slots/{id_or_slug}`, or the 404. */
export function slotBody(catalogue: Catalogue, idOrSlug: string, baseOf: () => string): Representation {
  const slot = catalogue.find(idOrSlug);
  if (slot === undefined) throw notFound(`slot ${quote(idOrSlug)} not found`);
  return slotRepresentation(catalogue, slot, baseOf());
}

/**
 * `GET /api/slots` (search, filters, sort, facets, paging), `GET /api/slots/{id_or_slug}` and its
 * similar slots, and `GET /api/providers`. Bodies are assembled
 * from per-snapshot serialised slots; the schemas document the shape.
 */
export function slotRoutes(app: FastifyInstance, context: RouteContext): void {
  const listSchema = {
    operationId: 'listSlots',
    tags: ['slots'],
    summary: 'A page of slots: searched, filtered, sorted, with facet counts',
    querystring: SlotListQuerySchema,
    response: { 200: SlotListSchema, 304: NotModifiedSchema },
  };
  app.get('/api/slots', { ...DOCUMENTED_ONLY, schema: listSchema }, async (request, reply) =>
    sendRepresentation(request, reply, slotListBody(context.catalogue(), request.query as Query, () => baseUrl(request, context.config), context.popular())),
  );

  const slotSchema = {
    operationId: 'getSlot',
    tags: ['slots'],
    summary: 'One slot by id or slug',
    params: SlotParamsSchema,
    response: { 200: { ...SlotSchema, description: 'The slot', examples: [SLOT_EXAMPLE] }, 304: NotModifiedSchema, 404: NotFoundSchema },
  };
  app.get('/api/slots/:idOrSlug', { ...DOCUMENTED_ONLY, schema: slotSchema }, async (request, reply) => {
    const { idOrSlug } = request.params as { idOrSlug: string };
    return sendRepresentation(request, reply, slotBody(context.catalogue(), idOrSlug, () => baseUrl(request, context.config)));
  });

  const similarSchema = {
    operationId: 'listSimilarSlots',
    tags: ['slots'],
    summary: 'Other slots ranked as a match for this slot\'s emojis would rank them',
    params: SlotParamsSchema,
    querystring: SimilarQuerySchema,
    response: { 200: SimilarResponseSchema, 304: NotModifiedSchema, 404: NotFoundSchema },
  };
  app.get('/api/slots/:idOrSlug/similar', { ...DOCUMENTED_ONLY, schema: similarSchema }, async (request, reply) => {
    const { idOrSlug } = request.params as { idOrSlug: string };
    const body = similarBody(context.catalogue(), idOrSlug, request.query as Query, () => baseUrl(request, context.config));
    return sendRepresentation(request, reply, body);
  });

  const providersSchema = {
    operationId: 'listProviders',
    tags: ['slots'],
    summary: 'Every provider with its slot count and average RTP, most slots first',
    response: { 200: ProviderListSchema, 304: NotModifiedSchema },
  };
  app.get('/api/providers', { schema: providersSchema }, async (request, reply) =>
    sendRepresentation(request, reply, providerBodies(context.catalogue())),
  );
}
