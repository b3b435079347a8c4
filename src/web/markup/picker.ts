import type { Catalogue } from '../../catalogue/catalogue.js';
import { UNCATEGORIZED } from '../../catalogue/records/categories.js';
import { searchWords } from '../../catalogue/search/search-words.js';
import { emojiKey } from '../../emoji/emoji.js';

/** An emoji a player can tap, with how many slots carry it. */
export interface PickerEmoji {
  readonly emoji: string;
  readonly count: number;
}

export interface PickerGroup {
  /** Stable, URL-safe id for the tab and its panel. */
  readonly id: string;
  readonly label: string;
  readonly emojis: readonly PickerEmoji[];
}

/**
 * What the picker's search compares of one emoji in use, already split into search words (§14):
 * `[emoji, name words joined by spaces, the keywords' other words joined by spaces]`.
 */
export type PickerSearchEntry = readonly [emoji: string, name: string, keywords: string];

/** What the home page shows: emoji groups (tabs), their words for the search field, and the lucky-spin choices. */
export interface PickerModel {
  readonly groups: readonly PickerGroup[];
  /** Every emoji in use, in usage order (count descending, then code points). */
  readonly search: readonly PickerSearchEntry[];
  readonly providers: readonly string[];
  /** The form a slot's tag takes on a picker button (`❤` → `❤️`), so links can pre-pick it. */
  readonly buttonEmoji: (tag: string) => string;
}

export const POPULAR_GROUP_SIZE = 24;

/**
 * Groups the emojis that are in use: the most used first, then each category of the map in its own
 * order, then any emoji no category lists. Emojis no slot carries are left out, so every tap finds
 * something.
 */
function buildModel(catalogue: Catalogue): PickerModel {
  const counts = new Map(catalogue.emojis.usage.map((entry) => [emojiKey(entry.emoji), entry]));
  const groups: PickerGroup[] = [];
  const popular = catalogue.emojis.usage.slice(0, POPULAR_GROUP_SIZE).map(({ emoji, count }) => ({ emoji, count }));
  if (popular.length > 0) groups.push({ id: 'popular', label: 'Popular', emojis: popular });
  Object.entries(catalogue.categories).forEach(([category, emojis], index) => {
    const used = emojis.flatMap((emoji) => {
      const entry = counts.get(emojiKey(emoji));
      return entry ? [{ emoji: entry.emoji, count: entry.count }] : [];
    });
    if (used.length > 0) groups.push({ id: `category-${index}`, label: category, emojis: used });
  });
  const others = catalogue.emojis.usage.filter((entry) => entry.category === UNCATEGORIZED);
  if (others.length > 0) {
    groups.push({ id: 'more', label: 'More', emojis: others.map(({ emoji, count }) => ({ emoji, count })) });
  }
  // The spin matches providers in any case, so `NetEnt` and `Netent` are one choice.
  const providers = new Map<string, string>();
  for (const { provider } of catalogue.slots) if (!providers.has(provider.toLowerCase())) providers.set(provider.toLowerCase(), provider);
  return {
    groups,
    search: catalogue.emojiWords.entries.map(searchEntry),
    providers: [...providers.values()].sort((a, b) => a.localeCompare(b, 'en')),
    buttonEmoji: (tag) => counts.get(emojiKey(tag))?.emoji ?? tag,
  };
}

function searchEntry({ emoji, name, keywords }: { emoji: string; name: string; keywords: readonly string[] }): PickerSearchEntry {
  const nameWords = searchWords(name);
  const otherWords = new Set(keywords.flatMap(searchWords).filter((word) => !nameWords.includes(word)));
  return [emoji, nameWords.join(' '), [...otherWords].join(' ')];
}

const models = new WeakMap<Catalogue, PickerModel>();

/** The picker of a snapshot, built once per snapshot (snapshots are immutable). */
export function pickerModel(catalogue: Catalogue): PickerModel {
  let model = models.get(catalogue);
  if (model === undefined) {
    model = buildModel(catalogue);
    models.set(catalogue, model);
  }
  return model;
}
