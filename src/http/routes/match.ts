import type { FastifyInstance } from 'fastify';
import type { Insight } from '../../insights/insight.js';
import { noteInsight } from '../insights/noted.js';
import { Type, type Static } from 'typebox';
import type { Catalogue, MatchedSlot, MatchMode } from '../../catalogue/catalogue.js';
import { MAX_LIMIT } from '../../catalogue/search/filter.js';
import { slotPageUrl } from '../../catalogue/records/slot.js';
import { baseUrl } from '../caller/base-url.js';
import type { RouteContext } from './context.js';
import { requestedEmojis } from '../input/emoji-input.js';
import { badRequest } from '../answers/errors.js';
import { sendJson } from '../answers/json-reply.js';
import { MATCH_EXAMPLE, MATCH_REQUEST_EXAMPLE } from '../contract/openapi-examples.js';
import { DOCUMENTED_ONLY, EMOJI_TEXT, PayloadTooLargeSchema, UnsupportedMediaTypeSchema } from '../contract/request-schemas.js';
import { bodyBytes, MB, perSnapshotCache } from '../answers/snapshot-memo.js';

export const DEFAULT_MATCH_LIMIT = 100;

export const MatchItemSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  emojis: Type.Array(Type.String()),
  rtp: Type.Number(),
  slug: Type.String(),
  provider: Type.String(),
  score: Type.Integer(),
});

const MatchResponseSchema = Type.Object(
  { slots: Type.Array(MatchItemSchema) },
  { description: 'Matching slots, best first; empty when none matches', examples: [MATCH_EXAMPLE] },
);

/** The body `matchRequest` reads, for the OpenAPI document. */
const MatchBodySchema = Type.Object(
  {
    emojis: Type.Array(Type.String({ description: EMOJI_TEXT }), { minItems: 1, description: 'The emojis to match' }),
    mode: Type.Optional(Type.Enum(['any', 'all'], { default: 'any', description: 'Slots carrying any of the emojis, or only those carrying every one' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, default: DEFAULT_MATCH_LIMIT, description: `Most slots to list; above ${MAX_LIMIT} means ${MAX_LIMIT}` }),
    ),
  },
  { examples: [MATCH_REQUEST_EXAMPLE] },
);

interface MatchRequest {
  readonly emojis: readonly string[];
  readonly mode: MatchMode;
  readonly limit: number;
}

/** Reads the body of `POST /api/match`, naming the first field that is wrong. */
function matchRequest(body: unknown): MatchRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('body: must be a JSON object like {"emojis": ["🍒"]}');
  }
  const { emojis, mode = 'any', limit = DEFAULT_MATCH_LIMIT } = body as Record<string, unknown>;
  if (!Array.isArray(emojis)) throw badRequest('emojis: must be an array of emoji strings');
  if (emojis.length === 0) throw badRequest('emojis: must hold at least one emoji');
  const notString = emojis.findIndex((item) => typeof item !== 'string');
  if (notString >= 0) throw badRequest(`emojis[${notString}]: must be a string of emojis`);
  if (mode !== 'any' && mode !== 'all') throw badRequest('mode: must be "any" or "all"');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw badRequest(`limit: must be a whole number from 1 to ${MAX_LIMIT}`);
  }
  return { emojis: emojis as string[], mode, limit: Math.min(limit, MAX_LIMIT) };
}

/** A match's answer, and the ask it counts as (decisions §21). */
export interface MatchAnswer {
  readonly body: Buffer;
  readonly insight: Insight;
}

/** Answers already given in this snapshot, by base URL, mode, limit and emoji keys. */
const matchBodies = perSnapshotCache<MatchAnswer>({ entries: 1024, bytes: 32 * MB, bytesOf: bodyBytes });

/** The answer to a parsed `POST /api/match` body, or the 400 naming what is wrong with it. */
export function matchBody(catalogue: Catalogue, body: unknown, baseOf: () => string): MatchAnswer {
  const { emojis, mode, limit } = matchRequest(body);
  const keys = requestedEmojis(emojis, 'emojis').map(({ key }) => key);
  const base = baseOf();
  return matchBodies(catalogue, `${base} ${mode} ${limit} ${keys.join(' ')}`, () => {
    const slots = catalogue.match(keys, mode, limit).map((match) => matchItem(match, base));
    // The distinct keys asked, sorted: the same question however it was written.
    const key = [...new Set(keys)].sort().join(' ');
    return { body: Buffer.from(JSON.stringify({ slots })), insight: { kind: 'match', key, found: slots.length > 0 } };
  });
}

/** `POST /api/match`: slots carrying the requested emojis, best first (decisions §4). */
export function matchRoutes(app: FastifyInstance, context: RouteContext): void {
  const schema = {
    operationId: 'matchSlots',
    tags: ['matching'],
    summary: 'Slots carrying the given emojis, best match first',
    body: MatchBodySchema,
    response: { 200: MatchResponseSchema, 413: PayloadTooLargeSchema, 415: UnsupportedMediaTypeSchema },
  };
  app.post('/api/match', { ...DOCUMENTED_ONLY, schema }, async (request, reply) => {
    const { body, insight } = matchBody(context.catalogue(), request.body, () => baseUrl(request, context.config));
    noteInsight(request, insight);
    return sendJson(reply, body);
  });
}

/** A match result item (decisions §4). */
export function matchItem({ slot, score, matched }: MatchedSlot, base: string): Static<typeof MatchItemSchema> {
  return {
    id: slot.id,
    name: slot.name,
    url: slotPageUrl(base, slot.slug),
    emojis: [...matched],
    rtp: slot.rtp,
    slug: slot.slug,
    provider: slot.provider,
    score,
  };
}
