import { Type, type Static } from 'typebox';

export const VOLATILITIES = ['Low', 'Medium', 'High', 'Extreme'] as const;
export type Volatility = (typeof VOLATILITIES)[number];

const VolatilitySchema = Type.Enum(['Low', 'Medium', 'High', 'Extreme']);

export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const BONUS_BUY_FEATURE = 'bonus buy';
const MIN_EMOJI_TAGS = 1;
export const MAX_EMOJI_TAGS = 12;

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const texts = (maxItems: number, maxLength: number) => Type.Array(text(maxLength), { maxItems });

/** The fields of a slot that an editor writes: the body of admin create and replace. */
export const SlotFieldsSchema = Type.Object(
  {
    name: text(200),
    slug: Type.Optional(Type.String({ pattern: SLUG_PATTERN, maxLength: 120 })),
    provider: text(100),
    rtp: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    volatility: VolatilitySchema,
    maxWin: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }),
    hasBonusBuy: Type.Boolean(),
    releaseYear: Type.Optional(Type.Integer({ minimum: 1890, maximum: 2100 })),
    emojiTags: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: MIN_EMOJI_TAGS, maxItems: MAX_EMOJI_TAGS }),
    theme: texts(20, 60),
    features: texts(30, 60),
    description: Type.String({ maxLength: 2000 }),
    review: Type.String({ maxLength: 5000 }),
    rating: Type.Number({ minimum: 0, maximum: 5 }),
    pros: texts(20, 300),
    cons: texts(20, 300),
  },
  { additionalProperties: false },
);
export type SlotFields = Static<typeof SlotFieldsSchema>;

/** A slot as the catalogue holds it: validated fields plus what the service assigns. */
export interface SlotRecord extends Omit<SlotFields, 'slug'> {
  readonly id: number;
  readonly slug: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A slot as every public endpoint returns it (detail and list items alike). */
export const SlotSchema = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]*$' }),
  name: Type.String(),
  slug: Type.String(),
  provider: Type.String(),
  rtp: Type.Number(),
  volatility: VolatilitySchema,
  maxWin: Type.Number(),
  hasBonusBuy: Type.Boolean(),
  releaseYear: Type.Optional(Type.Integer()),
  emojiTags: Type.Array(Type.String()),
  theme: Type.Array(Type.String()),
  features: Type.Array(Type.String()),
  description: Type.String(),
  review: Type.String(),
  rating: Type.Number(),
  pros: Type.Array(Type.String()),
  cons: Type.Array(Type.String()),
  url: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Slot = Static<typeof SlotSchema>;

/** The public shape of a record; `url` is absolute, so it needs the base the request resolved. */
export function toPublicSlot(record: SlotRecord, baseUrl: string): Slot {
  const { id, ...fields } = record;
  return { id: String(id), ...fields, url: slotPageUrl(baseUrl, record.slug) };
}

export function slotPageUrl(baseUrl: string, slug: string): string {
  return `${baseUrl}/slots/${slug}`;
}

/** Lower-case, ASCII, dash-separated form of a name: `Play'n GO` → `playn-go`. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
