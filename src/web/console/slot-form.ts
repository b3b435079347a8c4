import { VOLATILITIES, type SlotRecord } from '../../catalogue/records/slot.js';
import { graphemes } from '../../emoji/parse.js';

/**
 * A slot as its form holds it: every field as the person typed it (lists one item a line, emojis as
 * typed), so a refused save shows back exactly what was sent. Turning this into a record, and back,
 * is the only place the form's shape is known.
 */
export const SLOT_FORM_FIELDS = [
  'name',
  'slug',
  'provider',
  'rtp',
  'volatility',
  'maxWin',
  'hasBonusBuy',
  'releaseYear',
  'emojiTags',
  'theme',
  'features',
  'description',
  'review',
  'rating',
  'pros',
  'cons',
] as const;
export type SlotFormField = (typeof SLOT_FORM_FIELDS)[number];
export type SlotFormValues = Readonly<Record<SlotFormField, string>>;

/** Fields typed one item a line. */
const LINE_LIST_FIELDS = ['theme', 'features', 'pros', 'cons'] as const satisfies readonly SlotFormField[];

export const EMPTY_SLOT_FORM: SlotFormValues = {
  name: '',
  slug: '',
  provider: '',
  rtp: '',
  volatility: VOLATILITIES[1],
  maxWin: '',
  hasBonusBuy: '',
  releaseYear: '',
  emojiTags: '',
  theme: '',
  features: '',
  description: '',
  review: '',
  rating: '',
  pros: '',
  cons: '',
};

/** A stored slot as its form shows it. */
export function slotFormValues(record: SlotRecord): SlotFormValues {
  return {
    name: record.name,
    slug: record.slug,
    provider: record.provider,
    rtp: String(record.rtp),
    volatility: record.volatility,
    maxWin: String(record.maxWin),
    hasBonusBuy: record.hasBonusBuy ? 'on' : '',
    releaseYear: record.releaseYear === undefined ? '' : String(record.releaseYear),
    emojiTags: record.emojiTags.join(' '),
    theme: record.theme.join('\n'),
    features: record.features.join('\n'),
    description: record.description,
    review: record.review,
    rating: String(record.rating),
    pros: record.pros.join('\n'),
    cons: record.cons.join('\n'),
  };
}

/** Error messages by field, as the validator wrote them (`rtp: must be …`), each under the field it names. */
export type FieldErrors = Readonly<Partial<Record<SlotFormField | 'form', readonly string[]>>>;

/** Sorts the validator's messages by the field each names (`emojiTags[2]: …` belongs to `emojiTags`). */
export function fieldErrors(messages: readonly string[]): FieldErrors {
  const errors: Partial<Record<SlotFormField | 'form', string[]>> = {};
  for (const message of messages) {
    const named = /^([A-Za-z]+)/.exec(message)?.[1];
    const field = SLOT_FORM_FIELDS.find((candidate) => candidate === named) ?? 'form';
    (errors[field] ??= []).push(message);
  }
  return errors;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A typed number as a number; anything else as typed, for the validator to name. */
function numeric(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
}

const lines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Emojis as typed: every grapheme that is not a space or a comma, so the validator judges each. */
export function typedEmojis(text: string): string[] {
  return [...graphemes(text)].map(({ segment }) => segment).filter((segment) => !/^[\s,]+$/u.test(segment));
}

/**
 * The form's values as the API's slot body: what the admin API's validator (decisions §10) then judges,
 * so the console and the API refuse the same things with the same messages.
 */
export function slotFormBody(values: SlotFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name,
    provider: values.provider,
    volatility: values.volatility,
    hasBonusBuy: values.hasBonusBuy !== '',
    emojiTags: typedEmojis(values.emojiTags),
    description: values.description,
    review: values.review,
  };
  for (const field of LINE_LIST_FIELDS) body[field] = lines(values[field]);
  for (const field of ['rtp', 'maxWin', 'rating', 'releaseYear'] as const) {
    const value = numeric(values[field]);
    if (value !== undefined) body[field] = value;
  }
  if (values.slug.trim() !== '') body['slug'] = values.slug.trim();
  return body;
}
