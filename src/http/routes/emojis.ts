import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { emojiMappings } from '../../catalogue/emojis/emoji-usage.js';
import { quote } from '../../emoji/parse.js';
import type { RouteContext } from './context.js';
import { sendRepresentation } from '../answers/json-reply.js';
import { representation, type Representation } from '../answers/entity-tag.js';
import { badRequest } from '../answers/errors.js';
import { single, type Query } from '../input/query.js';
import { CATEGORIES_EXAMPLE, EMOJI_STATS_EXAMPLE, EMOJI_USAGE_EXAMPLE } from '../contract/openapi-examples.js';
import { DOCUMENTED_ONLY, EmojisQuerySchema, NotModifiedSchema } from '../contract/request-schemas.js';
import { perSnapshot } from '../answers/snapshot-memo.js';
import { emojiSearchRoute } from './emoji-search.js';

const EmojiCountSchema = Type.Object({ emoji: Type.String(), count: Type.Integer() });

const AggregatedSchema = Type.Object(
  {
    emojis: Type.Array(
      Type.Object({
        emoji: Type.String(),
        count: Type.Integer(),
        category: Type.String(),
        name: Type.String({ description: 'English name (Unicode CLDR); empty for an emoji newer than the data' }),
      }),
    ),
    total: Type.Integer({ description: 'Distinct emojis' }),
    totalUsage: Type.Integer({ description: 'Sum of the counts' }),
  },
  { title: 'EmojiUsage', description: '`format=aggregated`: each emoji with how many slots carry it' },
);
const RawSchema = Type.Object(
  {
    mappings: Type.Array(Type.Object({ slotId: Type.String(), slug: Type.String(), emoji: Type.String() })),
    total: Type.Integer({ description: 'Rows, equal to totalUsage of the aggregated form' }),
  },
  { title: 'EmojiMappings', description: '`format=raw`: one row per slot and emoji' },
);
const CategoriesSchema = Type.Object(
  { categories: Type.Record(Type.String(), Type.Array(Type.String())) },
  { description: 'The category map, in its stable order', examples: [CATEGORIES_EXAMPLE] },
);
const StatsSchema = Type.Object(
  {
    totalEmojis: Type.Integer(),
    totalUsage: Type.Integer(),
    averagePerSlot: Type.Number(),
    mostUsed: Type.Union([EmojiCountSchema, Type.Null()]),
    leastUsed: Type.Union([EmojiCountSchema, Type.Null()]),
  },
  { description: 'Usage statistics', examples: [EMOJI_STATS_EXAMPLE] },
);

const aggregatedJson = perSnapshot((catalogue) => {
  const named = catalogue.emojiWords.entries.map(({ emoji, count, category, name }) => ({ emoji, count, category, name }));
  const body = JSON.stringify({ emojis: named, total: named.length, totalUsage: catalogue.emojis.totalUsage });
  return representation(catalogue, 'emojis aggregated', Buffer.from(body));
});
const rawJson = perSnapshot((catalogue) => {
  const mappings = emojiMappings(catalogue.slots);
  return representation(catalogue, 'emojis raw', Buffer.from(JSON.stringify({ mappings, total: mappings.length })));
});
const categoriesJson = perSnapshot((catalogue) => representation(catalogue, 'emojis categories', Buffer.from(JSON.stringify({ categories: catalogue.categories }))));
const statsJson = perSnapshot((catalogue) => representation(catalogue, 'emojis stats', Buffer.from(JSON.stringify(catalogue.emojis.stats))));

/** The body of `GET /api/emojis` in the requested format, or the 400 naming a wrong one. */
export function emojiUsageBody(catalogue: Catalogue, query: Query): Representation {
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
    operationId: 'listEmojis',
    tags: ['emojis'],
    summary: 'How often each emoji is used across slots, or every slot-emoji pair',
    querystring: EmojisQuerySchema,
    response: {
      200: Type.Union([AggregatedSchema, RawSchema], { description: 'Emoji usage in the requested format', examples: [EMOJI_USAGE_EXAMPLE] }),
      304: NotModifiedSchema,
    },
  };
  app.get('/api/emojis', { ...DOCUMENTED_ONLY, schema: usageSchema }, async (request, reply) =>
    sendRepresentation(request, reply, emojiUsageBody(context.catalogue(), request.query as Query)),
  );

  emojiSearchRoute(app, context);

  const categoriesSchema = {
    operationId: 'getEmojiCategories',
    tags: ['emojis'],
    summary: 'The emoji category map',
    response: { 200: CategoriesSchema, 304: NotModifiedSchema },
  };
  app.get('/api/emojis/categories', { schema: categoriesSchema }, async (request, reply) =>
    sendRepresentation(request, reply, categoriesJson(context.catalogue())),
  );

  const statsSchema = {
    operationId: 'getEmojiStats',
    tags: ['emojis'],
    summary: 'Emoji usage statistics',
    response: { 200: StatsSchema, 304: NotModifiedSchema },
  };
  app.get('/api/emojis/stats', { schema: statsSchema }, async (request, reply) =>
    sendRepresentation(request, reply, statsJson(context.catalogue())),
  );
}
