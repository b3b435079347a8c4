import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { DEFAULT_LIMIT } from '../../catalogue/filter.js';
import { SlotSchema } from '../../catalogue/slot.js';
import { quote } from '../../emoji/parse.js';
import { baseUrl } from '../base-url.js';
import type { RouteContext } from '../context.js';
import { sendRepresentation } from '../json-reply.js';
import { representation, type Representation } from '../entity-tag.js';
import { notFound } from '../errors.js';
import { limitParam, offsetParam, slotFilterParams, type Query } from '../query.js';
import { SLOT_EXAMPLE, SLOT_LIST_EXAMPLE } from '../openapi-examples.js';
import { DOCUMENTED_ONLY, NotFoundSchema, NotModifiedSchema, SlotListQuerySchema, SlotParamsSchema } from '../request-schemas.js';
import { slotArrayJson, slotRepresentation } from '../slot-json.js';
import { perSnapshotCache } from '../snapshot-memo.js';

const SlotListSchema = Type.Object(
  {
    slots: Type.Array(SlotSchema),
    count: Type.Integer({ description: 'Slots on this page' }),
    total: Type.Integer({ description: 'Slots passing the filters, on every page' }),
  },
  { description: 'A page of slots', examples: [SLOT_LIST_EXAMPLE] },
);

/** Pages already answered in this snapshot: clients ask for the same few pages over and over. */
const listBodies = perSnapshotCache<Representation>(512);

/** The body of `GET /api/slots`, or the 400 naming the first bad parameter (checked before `baseOf` is asked). */
export function slotListBody(catalogue: Catalogue, query: Query, baseOf: () => string): Representation {
  const filter = slotFilterParams(query, { hasBonusBuy: true });
  const page = { offset: offsetParam(query), limit: limitParam(query, DEFAULT_LIMIT) };
  const base = baseOf();
  const key = `${base} ${filter.provider ?? ''} ${filter.minRtp ?? ''} ${filter.volatility ?? ''} ${filter.hasBonusBuy ?? ''} ${page.offset} ${page.limit}`;
  return listBodies(catalogue, key, () => {
    const { slots, total } = catalogue.list(filter, page);
    return representation(catalogue, `list ${key}`, Buffer.from(`{"slots":${slotArrayJson(catalogue, slots, base)},"count":${slots.length},"total":${total}}`));
  });
}

/** The body of `GET /api/slots/{id_or_slug}`, or the 404. */
export function slotBody(catalogue: Catalogue, idOrSlug: string, baseOf: () => string): Representation {
  const slot = catalogue.find(idOrSlug);
  if (slot === undefined) throw notFound(`slot ${quote(idOrSlug)} not found`);
  return slotRepresentation(catalogue, slot, baseOf());
}

/**
 * `GET /api/slots` (filters and paging) and `GET /api/slots/{id_or_slug}`. Bodies are assembled
 * from per-snapshot serialised slots; the schemas document the shape.
 */
export function slotRoutes(app: FastifyInstance, context: RouteContext): void {
  const listSchema = {
    operationId: 'listSlots',
    tags: ['slots'],
    summary: 'A page of slots, filtered, in id order',
    querystring: SlotListQuerySchema,
    response: { 200: SlotListSchema, 304: NotModifiedSchema },
  };
  app.get('/api/slots', { ...DOCUMENTED_ONLY, schema: listSchema }, async (request, reply) =>
    sendRepresentation(request, reply, slotListBody(context.catalogue(), request.query as Query, () => baseUrl(request, context.config))),
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
}
