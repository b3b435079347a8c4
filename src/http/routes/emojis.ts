import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { quote } from '../../emoji/parse.js';
import type { RouteContext } from '../context.js';
import { badRequest } from '../errors.js';
import { single, type Query } from '../query.js';

const EmojiCountSchema = Type.Object({ emoji: Type.String(), count: Type.Integer() });

const AggregatedSchema = Type.Object({
  emojis: Type.Array(Type.Object({ emoji: Type.String(), count: Type.Integer(), category: Type.String() })),
  total: Type.Integer(),
  totalUsage: Type.Integer(),
});
const RawSchema = Type.Object({
  mappings: Type.Array(Type.Object({ slotId: Type.String(), slug: Type.String(), emoji: Type.String() })),
  total: Type.Integer(),
});
const CategoriesSchema = Type.Object({
  categories: Type.Record(Type.String(), Type.Array(Type.String())),
});
const StatsSchema = Type.Object({
  totalEmojis: Type.Integer(),
  totalUsage: Type.Integer(),
  averagePerSlot: Type.Number(),
  mostUsed: Type.Union([EmojiCountSchema, Type.Null()]),
  leastUsed: Type.Union([EmojiCountSchema, Type.Null()]),
});

/** The emoji usage endpoints: all three read the aggregates of one snapshot, so they always agree. */
export function emojiRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/api/emojis', { schema: { response: { 200: Type.Union([AggregatedSchema, RawSchema]) } } }, async (request) => {
    const format = single(request.query as Query, 'format') ?? 'aggregated';
    const { emojis } = context.catalogue();
    if (format === 'aggregated') return { emojis: emojis.usage, total: emojis.usage.length, totalUsage: emojis.totalUsage };
    if (format === 'raw') return { mappings: emojis.mappings, total: emojis.mappings.length };
    throw badRequest(`format: must be aggregated or raw, got ${quote(format)}`);
  });

  app.get('/api/emojis/categories', { schema: { response: { 200: CategoriesSchema } } }, async () => ({
    categories: context.catalogue().categories,
  }));

  app.get('/api/emojis/stats', { schema: { response: { 200: StatsSchema } } }, async () => context.catalogue().emojis.stats);
}
