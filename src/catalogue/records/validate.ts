import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { canonicalEmoji, emojiKey } from '../../emoji/emoji.js';
import { quote } from '../../emoji/parse.js';
import { BONUS_BUY_FEATURE, SlotFieldsSchema, slugify, type SlotFields } from './slot.js';

export type Validation<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly errors: readonly string[] };

// TypeBox buffers 8 errors by default; an editor deserves to hear of every bad field of a slot at once.
Settings.Set({ maxErrors: 64 });
/** Compiled at the first slot checked, not at every start: a start on a filled database checks none. */
const compileSlotFields = () => Compile(SlotFieldsSchema);
let slotFields: ReturnType<typeof compileSlotFields> | undefined;

interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: unknown;
  readonly message: string;
}

/** `/emojiTags/2` → `emojiTags[2]`, so messages name fields the way a client wrote them. */
function fieldName(prefix: string, instancePath: string): string {
  const path = instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');
  const name = `${prefix}${path}`.replace(/^\./, '');
  return name === '' ? 'body' : name;
}

/** Turns JSON-schema errors into one readable line per problem, naming the field. */
export function describeSchemaErrors(errors: Iterable<SchemaError>, prefix = ''): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    if (error.keyword === 'boolean') continue;
    const field = fieldName(prefix, error.instancePath);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties' && Array.isArray(params['additionalProperties'])) {
      for (const extra of params['additionalProperties']) lines.push(`${field === 'body' ? '' : `${field}.`}${String(extra)}: unknown field`);
    } else if (error.keyword === 'required' && Array.isArray(params['requiredProperties'])) {
      for (const missing of params['requiredProperties']) lines.push(`${field === 'body' ? '' : `${field}.`}${String(missing)}: is required`);
    } else if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
      lines.push(`${field}: must be one of ${params['allowedValues'].join(', ')}`);
    } else {
      lines.push(`${field}: ${error.message}`);
    }
  }
  return [...new Set(lines)];
}

function hasAtMostDecimals(value: number, decimals: number): boolean {
  return Number(value.toFixed(decimals)) === value;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function lowerCaseDistinct(field: string, values: readonly unknown[], errors: string[]): void {
  const texts = values.filter(isText);
  values.forEach((value, index) => {
    if (isText(value) && value !== value.toLowerCase()) errors.push(`${field}[${index}]: must be lower case`);
  });
  if (new Set(texts).size !== texts.length) errors.push(`${field}: must not repeat an entry`);
}

/**
 * The rules a schema cannot say (blank names, decimals, lower-case lists, the bonus-buy feature,
 * emojis, a derivable slug), each checked on its fields when they have the right type, so that a
 * record failing the schema too hears of every bad field at once. Also the record's emoji tags in
 * their fully-qualified form.
 */
function fieldRules(input: Readonly<Record<string, unknown>>, name: (field: string) => string): { readonly errors: string[]; readonly tags: string[] } {
  const errors: string[] = [];
  const { name: slotName, provider, rtp, rating, theme, features, hasBonusBuy, emojiTags, slug } = input;
  if (isText(slotName) && slotName.trim() === '') errors.push(`${name('name')}: must not be blank`);
  if (isText(provider) && provider.trim() === '') errors.push(`${name('provider')}: must not be blank`);
  if (isFiniteNumber(rtp) && !hasAtMostDecimals(rtp, 2)) errors.push(`${name('rtp')}: at most two decimals`);
  if (isFiniteNumber(rating) && !hasAtMostDecimals(rating, 1)) errors.push(`${name('rating')}: at most one decimal`);
  if (Array.isArray(theme)) lowerCaseDistinct(name('theme'), theme, errors);
  if (Array.isArray(features)) lowerCaseDistinct(name('features'), features, errors);
  if (Array.isArray(features) && typeof hasBonusBuy === 'boolean' && features.includes(BONUS_BUY_FEATURE) !== hasBonusBuy) {
    errors.push(`${name('features')}: must contain "${BONUS_BUY_FEATURE}" exactly when hasBonusBuy is true`);
  }
  const tags: string[] = [];
  const keys = new Set<string>();
  (Array.isArray(emojiTags) ? emojiTags : []).forEach((tag: unknown, index) => {
    if (!isText(tag)) return;
    const emoji = canonicalEmoji(tag);
    if (emoji === undefined) {
      errors.push(`${name('emojiTags')}[${index}]: ${quote(tag)} is not a single emoji`);
    } else if (keys.has(emojiKey(emoji))) {
      errors.push(`${name('emojiTags')}[${index}]: ${quote(tag)} repeats an earlier tag`);
    } else {
      keys.add(emojiKey(emoji));
      tags.push(emoji);
    }
  });
  if (slug === undefined && isText(slotName) && slugify(slotName) === '') errors.push(`${name('slug')}: cannot be derived from the name; give one`);
  return { errors, tags };
}

/**
 * Checks an editor's slot against the whole contract (schema and cross-field rules), naming every bad
 * field at once, and returns it normalised: emoji tags in their fully-qualified form, the slug derived
 * from the name when absent. `prefix` names the record in messages (`slots[3]`) when it is part of a
 * larger document.
 */
export function validateSlotFields(input: unknown, prefix = ''): Validation<SlotFields & { slug: string }> {
  const check = (slotFields ??= compileSlotFields());
  const fitsSchema = check.Check(input);
  const schemaErrors = fitsSchema ? [] : describeSchemaErrors(check.Errors(input), prefix);
  const isRecord = typeof input === 'object' && input !== null && !Array.isArray(input);
  const name = (field: string) => (prefix === '' ? field : `${prefix}.${field}`);
  const { errors, tags } = isRecord ? fieldRules(input as Record<string, unknown>, name) : { errors: [], tags: [] };
  if (!fitsSchema || errors.length > 0) {
    const all = [...schemaErrors, ...errors];
    return { ok: false, errors: all.length > 0 ? all : [`${prefix || 'body'}: must be a slot object`] };
  }
  return { ok: true, value: { ...input, slug: input.slug ?? slugify(input.name), emojiTags: tags } };
}
