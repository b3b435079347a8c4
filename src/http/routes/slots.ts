import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DEFAULT_LIMIT } from '../../catalogue/filter.js';
import { SlotSchema, toPublicSlot } from '../../catalogue/slot.js';
import { baseUrl } from '../base-url.js';
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { quote } from '../../emoji/parse.js';
import { limitParam, offsetParam, slotFilterParams, type Query } from '../query.js';

const SlotListSchema = Type.Object({
  slots: Type.Array(SlotSchema),
  count: Type.Integer(),
  total: Type.Integer(),
});

/** `GET /api/slots` (filters and paging) and `GET /api/slots/{id_or_slug}`. */
export function slotRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/slots', { schema: { response: { 200: SlotListSchema } } }, async (request) => {
    const query = request.query as Query;
    const filter = slotFilterParams(query, { hasBonusBuy: true });
    const page = { offset: offsetParam(query), limit: limitParam(query, DEFAULT_LIMIT) };
    const { slots, total } = context.catalogue().list(filter, page);
    const base = baseUrl(request, context.config);
    return { slots: slots.map((slot) => toPublicSlot(slot, base)), count: slots.length, total };
  });

  app.get('/api/slots/:idOrSlug', { schema: { response: { 200: SlotSchema } } }, async (request) => {
    const { idOrSlug } = request.params as { idOrSlug: string };
    const slot = context.catalogue().find(idOrSlug);
    if (slot === undefined) throw notFound(`slot ${quote(idOrSlug)} not found`);
    return toPublicSlot(slot, baseUrl(request, context.config));
  });
}
