import { Type } from 'typebox';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../catalogue/filter.js';
import { VOLATILITIES } from '../catalogue/slot.js';
import { MAX_EMOJIS_PER_REQUEST } from '../emoji/parse.js';
import { ErrorBodySchema } from './errors.js';

/*
 * The inputs of the public routes, for the OpenAPI document. They are not enforced (see
 * DOCUMENTED_ONLY): src/http/query.ts and the route handlers validate, naming the exact problem.
 */

/**
 * Route options for request schemas that document a route without being enforced: its handler
 * validates the input itself, with messages that name the exact problem (a repeated parameter,
 * `-0`, `1e309`), which schema validation would replace with its own.
 */
export const DOCUMENTED_ONLY = { validatorCompiler: () => () => true } as const;

export const EMOJI_TEXT =
  'One or more emojis written one after another; spaces and commas between them are ignored. ' +
  `Variation selectors and skin tones do not matter when comparing. At most ${MAX_EMOJIS_PER_REQUEST} distinct emojis.`;

const provider = Type.String({ description: 'Provider name or its slug, in any case (`Pragmatic Play`, `pragmatic-play`)' });
const minRtp = Type.Number({ minimum: 0, maximum: 100, description: 'Lowest RTP percentage to include' });
const volatility = Type.Enum(
  VOLATILITIES.map((level) => level.toLowerCase()),
  { description: 'Volatility level, in any case' },
);

export const SlotListQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, default: DEFAULT_LIMIT, description: `Slots per page; a value above ${MAX_LIMIT} means ${MAX_LIMIT}` }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Slots to skip, in id order' })),
  provider: Type.Optional(provider),
  minRtp: Type.Optional(minRtp),
  volatility: Type.Optional(volatility),
  hasBonusBuy: Type.Optional(Type.Boolean({ description: 'Only slots with (true) or without (false) a bonus buy' })),
});

export const SlotParamsSchema = Type.Object({
  idOrSlug: Type.String({ description: 'The slot id, or its slug in any case' }),
});

export const EmojisQuerySchema = Type.Object({
  format: Type.Optional(
    Type.Enum(['aggregated', 'raw'], { default: 'aggregated', description: 'Usage counts per emoji, or one row per slot and tag' }),
  ),
});

export const EMOJI_SEARCH_MAX_QUERY = 50;
export const EMOJI_SEARCH_DEFAULT_LIMIT = 20;
export const EMOJI_SEARCH_MAX_LIMIT = 100;

export const EmojiSearchQuerySchema = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: EMOJI_SEARCH_MAX_QUERY,
    description: `Words to look for, 1 to ${EMOJI_SEARCH_MAX_QUERY} characters once trimmed: \`fire\`, \`red heart\`, \`money\``,
  }),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      default: EMOJI_SEARCH_DEFAULT_LIMIT,
      description: `Emojis to return; a value above ${EMOJI_SEARCH_MAX_LIMIT} means ${EMOJI_SEARCH_MAX_LIMIT}`,
    }),
  ),
});

export const PlayParamsSchema = Type.Object({
  emojis: Type.String({ description: `${EMOJI_TEXT} Percent-encoded, as every HTTP client sends it.` }),
});

export const LegacyRedirectQuerySchema = Type.Object({
  emoji: Type.String({ description: EMOJI_TEXT }),
});

export const SpinQuerySchema = Type.Object({
  emoji: Type.Optional(Type.String({ description: `Only slots carrying any of these emojis. ${EMOJI_TEXT}` })),
  provider: Type.Optional(provider),
  volatility: Type.Optional(volatility),
  minRtp: Type.Optional(minRtp),
});

/** A 302 to a slot page; it has no body. */
export const SlotRedirectSchema = {
  type: 'null',
  description: 'Found: `Location` is the absolute URL of the slot page; `Cache-Control: no-store`',
  headers: { location: { type: 'string', format: 'uri', description: 'The slot page, `{base}/slots/{slug}`' } },
} as const;

export const NotFoundSchema = { ...ErrorBodySchema, description: 'No such slot, or no slot matches' };
export const PayloadTooLargeSchema = { ...ErrorBodySchema, description: 'The body is larger than public routes accept (16 KiB)' };
export const UnsupportedMediaTypeSchema = { ...ErrorBodySchema, description: 'The body is not sent as application/json' };
