import { Compile } from 'typebox/compile';
import { Type } from 'typebox';
import { canonicalEmoji, emojiKey } from '../../emoji/emoji.js';
import { quote } from '../../emoji/parse.js';
import { describeSchemaErrors, type Validation } from './validate.js';

/** Category name → emojis, in a stable order: the order the map was written in. */
export type CategoryMap = Readonly<Record<string, readonly string[]>>;

export const UNCATEGORIZED = 'Uncategorized';

export const CategoryMapSchema = Type.Record(
  Type.String({ minLength: 1, maxLength: 60 }),
  Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 500 }),
  { maxProperties: 200 },
);
/** Compiled at the first map checked, not at every start: a start on a filled database checks none. */
const compileCategoryMap = () => Compile(CategoryMapSchema);
let categoryMap: ReturnType<typeof compileCategoryMap> | undefined;

/** Validates a category map and returns it with every emoji in its fully-qualified form. */
export function validateCategoryMap(input: unknown, prefix = 'categories'): Validation<CategoryMap> {
  const check = (categoryMap ??= compileCategoryMap());
  if (!check.Check(input)) {
    const errors = describeSchemaErrors(check.Errors(input), prefix);
    return { ok: false, errors: errors.length > 0 ? errors : [`${prefix}: must map category names to arrays of emojis`] };
  }
  const errors: string[] = [];
  const normalised: Record<string, string[]> = {};
  for (const [category, emojis] of Object.entries(input)) {
    if (category.trim() === '') errors.push(`${prefix}: a category name must not be blank`);
    const keys = new Set<string>();
    normalised[category] = [];
    emojis.forEach((value, index) => {
      const emoji = canonicalEmoji(value);
      if (emoji === undefined) {
        errors.push(`${prefix}.${category}[${index}]: ${quote(value)} is not a single emoji`);
      } else if (!keys.has(emojiKey(emoji))) {
        keys.add(emojiKey(emoji));
        normalised[category]?.push(emoji);
      }
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: normalised };
}

/** Emoji key → the first category (in map order) that lists it. */
export function categoryIndex(map: CategoryMap): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [category, emojis] of Object.entries(map)) {
    for (const emoji of emojis) {
      const key = emojiKey(emoji);
      if (!index.has(key)) index.set(key, category);
    }
  }
  return index;
}
