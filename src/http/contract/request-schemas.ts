import { Type } from 'typebox';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../../catalogue/search/filter.js';
import { FACET_NAMES } from '../../catalogue/search/facets.js';
import { SORT_KEYS } from '../../catalogue/search/slot-order.js';
import { MAX_EMOJIS_PER_REQUEST } from '../../emoji/parse.js';
import { ErrorBodySchema } from '../answers/errors.js';
import { NOT_FOUND_EXAMPLE } from './openapi-examples.js';

/*
 * The inputs of the public routes, for the OpenAPI document. They are not enforced (see
 * DOCUMENTED_ONLY): src/http/input/query.ts and the route handlers validate, naming the exact problem.
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

const provider = Type.String({
  description: 'Provider name or its slug, in any case (`Pragmatic Play`, `pragmatic-play`); a comma-separated list passes slots of any of them',
});
const minRtp = Type.Number({ minimum: 0, maximum: 100, description: 'Lowest RTP percentage to include' });
const volatility = Type.String({
  description: 'Volatility level (low, medium, high, extreme), in any case; a comma-separated list passes any of them',
});
const list = (description: string) => Type.String({ description: `${description} (comma-separated; a slot passes when it carries every one)` });
const bound = (description: string, minimum: number, maximum?: number) =>
  Type.Number({ minimum, ...(maximum === undefined ? {} : { maximum }), description: `${description}, inclusive` });
const year = (description: string) => Type.Integer({ minimum: 1900, maximum: 2100, description: `${description}, inclusive; slots without one fail it` });

export const SlotListQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, default: DEFAULT_LIMIT, description: `Slots per page; a value above ${MAX_LIMIT} means ${MAX_LIMIT}` }),
  ),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Slots to skip, in the order of `sort`' })),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'Search text: every word must match a word of the name, provider, themes or features, as a prefix or (words of 5 or more letters) one typo away. Case, accents and apostrophes do not matter.',
    }),
  ),
  provider: Type.Optional(provider),
  volatility: Type.Optional(volatility),
  hasBonusBuy: Type.Optional(Type.Boolean({ description: 'Only slots with (true) or without (false) a bonus buy' })),
  theme: Type.Optional(list('Themes, whole values in any case')),
  feature: Type.Optional(list('Features, whole values in any case')),
  emoji: Type.Optional(Type.String({ description: `Only slots carrying any of these emojis. ${EMOJI_TEXT}` })),
  minRtp: Type.Optional(minRtp),
  maxRtp: Type.Optional(bound('Highest RTP percentage', 0, 100)),
  minRating: Type.Optional(bound('Lowest rating', 0, 5)),
  maxRating: Type.Optional(bound('Highest rating', 0, 5)),
  minMaxWin: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Lowest max win (a multiple of the stake), inclusive' })),
  maxMaxWin: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Highest max win (a multiple of the stake), inclusive' })),
  minYear: Type.Optional(year('Earliest release year')),
  maxYear: Type.Optional(year('Latest release year')),
  sort: Type.Optional(
    Type.Enum(
      SORT_KEYS.flatMap((key) => (key === 'relevance' || key === 'popular' ? [key] : [key, `-${key}`])),
      {
        description:
          'Order of the results; a leading - sorts descending (not relevance or popular, which have one direction). Default: relevance with q, else id. Ties go to id ascending. popular: plays over the last 14 days, each day weighing half as much every 3 days, worked out again once a minute; slots without plays follow in id order.',
      },
    ),
  ),
  facets: Type.Optional(
    Type.String({ description: `Comma-separated facet names among ${FACET_NAMES.join(', ')}: value counts over every passing slot` }),
  ),
});

export const SimilarQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 10, description: 'Most slots to list; above 100 means 100' })),
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
  headers: {
    location: { type: 'string', format: 'uri', description: 'The slot page, `{base}/slots/{slug}`' },
    'cache-control': { type: 'string', const: 'no-store', description: 'The best match changes with the catalogue' },
  },
} as const;

/** The legacy redirect's 302, which also points to its successor. */
export const LegacyRedirectSchema = {
  ...SlotRedirectSchema,
  headers: {
    ...SlotRedirectSchema.headers,
    deprecation: { type: 'string', const: 'true', description: 'This route is deprecated' },
    link: { type: 'string', description: 'The successor, `</api/play/{emojis}>; rel="successor-version"`' },
  },
} as const;

/** A 304 to a conditional GET: the client's copy is current. */
export const NotModifiedSchema = {
  type: 'null',
  description: 'Not Modified: `If-None-Match` names the current tag, so there is no body',
} as const;

export const NotFoundSchema = { ...ErrorBodySchema, description: 'No such slot, or no slot matches', examples: [NOT_FOUND_EXAMPLE] };
export const PayloadTooLargeSchema = { ...ErrorBodySchema, description: 'The body is larger than public routes accept (16 KiB)' };
export const UnsupportedMediaTypeSchema = { ...ErrorBodySchema, description: 'The body is not sent as application/json' };
