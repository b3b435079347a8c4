import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { searchWords } from '../../catalogue/search/search-words.js';
import type { RouteContext } from './context.js';
import { badRequest } from '../answers/errors.js';
import { representation, type Representation } from '../answers/entity-tag.js';
import { sendRepresentation } from '../answers/json-reply.js';
import { limitParam, single, type Query } from '../input/query.js';
import {
  DOCUMENTED_ONLY,
  EMOJI_SEARCH_DEFAULT_LIMIT,
  EMOJI_SEARCH_MAX_LIMIT,
  EMOJI_SEARCH_MAX_QUERY,
  EmojiSearchQuerySchema,
  NotModifiedSchema,
} from '../contract/request-schemas.js';
import { perSnapshotCache } from '../answers/snapshot-memo.js';

const NamedUsageSchema = Type.Object({
  emoji: Type.String(),
  count: Type.Integer(),
  category: Type.String(),
  name: Type.String({ description: 'English name (Unicode CLDR); empty for an emoji newer than the data' }),
  keywords: Type.Array(Type.String(), { description: 'English keywords (Unicode CLDR)' }),
});
const SearchSchema = Type.Object(
  {
    emojis: Type.Array(NamedUsageSchema),
    total: Type.Integer({ description: 'Emojis matching in all, beyond `limit` too' }),
  },
  {
    description: 'Emojis in use whose words match, best first',
    examples: [{ emojis: [{ emoji: '🔥', count: 12, category: 'elements', name: 'fire', keywords: ['fire', 'flame', 'tool'] }], total: 1 }],
  },
);

/** The words of `q`, or the 400 naming what is wrong with it. */
function queryWords(query: Query): string[] {
  const raw = single(query, 'q');
  if (raw === undefined) throw badRequest('q: is required');
  const length = [...raw.trim()].length;
  if (length < 1 || length > EMOJI_SEARCH_MAX_QUERY) {
    throw badRequest(`q: must be 1 to ${EMOJI_SEARCH_MAX_QUERY} characters once trimmed, got ${length}`);
  }
  const words = searchWords(raw);
  if (words.length === 0) throw badRequest('q: must hold at least one letter or digit');
  return words;
}

const searchBodies = perSnapshotCache<Representation>({ entries: 1024 });

/** The body of `GET /api/emojis/search`, or the 400 naming a wrong parameter. */
function emojiSearchBody(catalogue: Catalogue, query: Query): Representation {
  const words = queryWords(query);
  const limit = limitParam(query, EMOJI_SEARCH_DEFAULT_LIMIT, EMOJI_SEARCH_MAX_LIMIT);
  const key = `${limit} ${words.join(' ')}`;
  return searchBodies(catalogue, key, () =>
    representation(catalogue, `emoji search ${key}`, Buffer.from(JSON.stringify(catalogue.emojiWords.search(words, limit))), {
      kind: 'emoji-search',
      key: words.join(' '),
    }),
  );
}

/** Emojis by word: "fire" finds 🔥. */
export function emojiSearchRoute(app: FastifyInstance, context: RouteContext): void {
  const schema = {
    operationId: 'searchEmojis',
    tags: ['emojis'],
    summary: 'Emojis in use whose English name or keywords hold words starting with each word of q',
    description:
      'Words are compared case- and accent-insensitively, apostrophes dropped; any other character that is not a letter or digit ' +
      'separates words. Emojis whose name starts with `q` come first, then those whose name holds every word, then those matched ' +
      'by keywords only; inside each group by `count` descending, then by code points.',
    querystring: EmojiSearchQuerySchema,
    response: { 200: SearchSchema, 304: NotModifiedSchema },
  };
  app.get('/api/emojis/search', { ...DOCUMENTED_ONLY, schema }, async (request, reply) =>
    sendRepresentation(request, reply, emojiSearchBody(context.catalogue(), request.query as Query)),
  );
}
