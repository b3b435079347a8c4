import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { MAX_FACET_VALUES } from '../../catalogue/facets.js';
import { SlotSchema } from '../../catalogue/slot.js';
import { quote } from '../../emoji/parse.js';
import { baseUrl } from '../base-url.js';
import type { RouteContext } from '../context.js';
import { sendJson } from '../json-reply.js';
import { notFound } from '../errors.js';
import { limitParam, slotListParams, type Query } from '../query.js';
import { DOCUMENTED_ONLY, NotFoundSchema, SimilarQuerySchema, SlotListQuerySchema, SlotParamsSchema } from '../request-schemas.js';
import { slotArrayJson, slotJsonBytes } from '../slot-json.js';
import { perSnapshot, perSnapshotCache } from '../snapshot-memo.js';
import { matchItem, MatchItemSchema } from './match.js';

const FacetsSchema = Type.Record(
  Type.String(),
  Type.Array(Type.Object({ value: Type.Union([Type.String(), Type.Integer()]), count: Type.Integer() }), { maxItems: MAX_FACET_VALUES }),
  { description: 'With `facets`: per requested name, value counts over every slot that passes the filters' },
);

const SlotListSchema = Type.Object({
  slots: Type.Array(SlotSchema),
  count: Type.Integer(),
  total: Type.Integer(),
  facets: Type.Optional(FacetsSchema),
});

const ProviderListSchema = Type.Object({
  providers: Type.Array(
    Type.Object({ name: Type.String(), slug: Type.String(), count: Type.Integer(), averageRtp: Type.Number() }),
  ),
  total: Type.Integer(),
});

const SimilarResponseSchema = Type.Object({ slots: Type.Array(MatchItemSchema) });

/** Pages already answered in this snapshot: clients ask for the same few pages over and over. */
const listBodies = perSnapshotCache<Buffer>(512);

/** The body of `GET /api/slots`, or the 400 naming the first bad parameter (checked before `baseOf` is asked). */
export function slotListBody(catalogue: Catalogue, query: Query, baseOf: () => string): Buffer {
  const request = slotListParams(query);
  const base = baseOf();
  return listBodies(catalogue, `${base} ${JSON.stringify(request)}`, () => {
    const { slots, total, facets } = catalogue.page(request.query, request.page, request.facets);
    const facetsJson = facets === undefined ? '' : `,"facets":${JSON.stringify(facets)}`;
    return Buffer.from(`{"slots":${slotArrayJson(catalogue, slots, base)},"count":${slots.length},"total":${total}${facetsJson}}`);
  });
}

/** Every provider, answered once per snapshot. */
const providerBodies = perSnapshot((catalogue) => {
  const providers = catalogue.providers();
  return Buffer.from(JSON.stringify({ providers, total: providers.length }));
});

/** Similar slots already answered in this snapshot. */
const similarBodies = perSnapshotCache<Buffer>(1024);

/** The body of `GET /api/slots/{id_or_slug}/similar`, or its 400 or 404. */
export function similarBody(catalogue: Catalogue, idOrSlug: string, query: Query, baseOf: () => string): Buffer {
  const limit = limitParam(query, DEFAULT_SIMILAR_LIMIT, MAX_SIMILAR_LIMIT);
  const slot = catalogue.find(idOrSlug);
  if (slot === undefined) throw notFound(`slot ${quote(idOrSlug)} not found`);
  const base = baseOf();
  return similarBodies(catalogue, `${base} ${slot.id} ${limit}`, () =>
    Buffer.from(JSON.stringify({ slots: catalogue.similar(slot, limit).map((match) => matchItem(match, base)) })),
  );
}

const DEFAULT_SIMILAR_LIMIT = 10;
const MAX_SIMILAR_LIMIT = 100;

/** The body of `GET /api/slots/{id_or_slug}`, or the 404. */
export function slotBody(catalogue: Catalogue, idOrSlug: string, baseOf: () => string): Buffer {
  const slot = catalogue.find(idOrSlug);
  if (slot === undefined) throw notFound(`slot ${quote(idOrSlug)} not found`);
  return slotJsonBytes(catalogue, slot, baseOf());
}

/**
 * `GET /api/slots` (search, filters, sort, facets, paging), `GET /api/slots/{id_or_slug}` and its
 * similar slots, and `GET /api/providers`. Bodies are assembled
 * from per-snapshot serialised slots; the schemas document the shape.
 */
export function slotRoutes(app: FastifyInstance, context: RouteContext): void {
  const listSchema = {
    tags: ['slots'],
    summary: 'A page of slots, filtered, in id order',
    querystring: SlotListQuerySchema,
    response: { 200: SlotListSchema },
  };
  app.get('/api/slots', { ...DOCUMENTED_ONLY, schema: listSchema }, async (request, reply) =>
    sendJson(reply, slotListBody(context.catalogue(), request.query as Query, () => baseUrl(request, context.config))),
  );

  const slotSchema = {
    tags: ['slots'],
    summary: 'One slot by id or slug',
    params: SlotParamsSchema,
    response: { 200: SlotSchema, 404: NotFoundSchema },
  };
  app.get('/api/slots/:idOrSlug', { ...DOCUMENTED_ONLY, schema: slotSchema }, async (request, reply) => {
    const { idOrSlug } = request.params as { idOrSlug: string };
    return sendJson(reply, slotBody(context.catalogue(), idOrSlug, () => baseUrl(request, context.config)));
  });

  const similarSchema = {
    tags: ['slots'],
    summary: 'Other slots ranked as a match for this slot\'s emojis would rank them',
    params: SlotParamsSchema,
    querystring: SimilarQuerySchema,
    response: { 200: SimilarResponseSchema, 404: NotFoundSchema },
  };
  app.get('/api/slots/:idOrSlug/similar', { ...DOCUMENTED_ONLY, schema: similarSchema }, async (request, reply) => {
    const { idOrSlug } = request.params as { idOrSlug: string };
    const body = similarBody(context.catalogue(), idOrSlug, request.query as Query, () => baseUrl(request, context.config));
    return sendJson(reply, body);
  });

  const providersSchema = {
    tags: ['slots'],
    summary: 'Every provider with its slot count and average RTP, most slots first',
    response: { 200: ProviderListSchema },
  };
  app.get('/api/providers', { schema: providersSchema }, async (_request, reply) => sendJson(reply, providerBodies(context.catalogue())));
}
