import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { emojiMappings } from '../../catalogue/emoji-usage.js';
import { quote } from '../../emoji/parse.js';
import type { RouteContext } from '../context.js';
import { sendJson } from '../json-reply.js';
import { badRequest } from '../errors.js';
import { single, type Query } from '../query.js';
import { DOCUMENTED_ONLY, EmojisQuerySchema } from '../request-schemas.js';
import { perSnapshot } from '../snapshot-memo.js';
import { emojiSearchRoute } from './emoji-search.js';

const EmojiCountSchema = Type.Object({ emoji: Type.String(), count: Type.Integer() });

const AggregatedSchema = Type.Object({
  emojis: Type.Array(
    Type.Object({ emoji: Type.String(), count: Type.Integer(), category: Type.String(), name: Type.String({ description: 'English name (Unicode CLDR); empty for an emoji newer than the data' }) }),
  ),
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

const aggregatedJson = perSnapshot(({ emojis, emojiWords }) => {
  const named = emojiWords.entries.map(({ emoji, count, category, name }) => ({ emoji, count, category, name }));
  return Buffer.from(JSON.stringify({ emojis: named, total: named.length, totalUsage: emojis.totalUsage }));
});
const rawJson = perSnapshot(({ slots }) => {
  const mappings = emojiMappings(slots);
  return Buffer.from(JSON.stringify({ mappings, total: mappings.length }));
});
const categoriesJson = perSnapshot(({ categories }) => Buffer.from(JSON.stringify({ categories })));
const statsJson = perSnapshot(({ emojis }) => Buffer.from(JSON.stringify(emojis.stats)));

/** The body of `GET /api/emojis` in the requested format, or the 400 naming a wrong one. */
export function emojiUsageBody(catalogue: Catalogue, query: Query): Buffer {
  const format = single(query, 'format') ?? 'aggregated';
  if (format === 'aggregated') return aggregatedJson(catalogue);
  if (format === 'raw') return rawJson(catalogue);
  throw badRequest(`format: must be aggregated or raw, got ${quote(format)}`);
}

/**
 * The emoji usage endpoints. All three read the aggregates of one snapshot, so they always agree;
 * each body is serialised once per snapshot.
 */
export function emojiRoutes(app: FastifyInstance, context: RouteContext): void {
  const usageSchema = {
    tags: ['emojis'],
    summary: 'How often each emoji is used across slots, or every slot-emoji pair',
    querystring: EmojisQuerySchema,
    response: { 200: Type.Union([AggregatedSchema, RawSchema]) },
  };
  app.get('/api/emojis', { ...DOCUMENTED_ONLY, schema: usageSchema }, async (request, reply) =>
    sendJson(reply, emojiUsageBody(context.catalogue(), request.query as Query)),
  );

  emojiSearchRoute(app, context);

  const categoriesSchema = { tags: ['emojis'], summary: 'The emoji category map', response: { 200: CategoriesSchema } };
  app.get('/api/emojis/categories', { schema: categoriesSchema }, async (_request, reply) =>
    sendJson(reply, categoriesJson(context.catalogue())),
  );

  const statsSchema = { tags: ['emojis'], summary: 'Emoji usage statistics', response: { 200: StatsSchema } };
  app.get('/api/emojis/stats', { schema: statsSchema }, async (_request, reply) =>
    sendJson(reply, statsJson(context.catalogue())),
  );
}
