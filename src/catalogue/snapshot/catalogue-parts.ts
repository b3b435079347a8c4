import type { CategoryMap } from '../records/categories.js';
import { EmojiIndex } from '../emojis/emoji-index.js';
import { EmojiCounter, type EmojiAggregates, type EmojiTally } from '../emojis/emoji-usage.js';
import { emojiWordsOf } from '../emojis/emoji-words-of.js';
import type { EmojiWordIndex } from '../emojis/emoji-words.js';
import { LazySearchIndex } from '../search/index/lazy-search-index.js';
import { meritKey, meritOrder, rankAmong, sameMerit, withRankInserted, withRankMoved, withRankRemoved } from '../emojis/ranking.js';
import type { SlotRecord } from '../records/slot.js';
import { SlotKeys } from './slot-keys.js';
import { providersWithChange, tallyProviders, type ProviderTally } from './providers.js';
import { SlugIndex } from './slug-index.js';
import { sortInSteps } from './sort-in-steps.js';
import type { Steps } from './steps.js';

/** Everything a snapshot holds. A snapshot never changes its parts; the next one shares those a change left alone. */
export interface CatalogueParts {
  /** In id order. */
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  /** `keys[position]` belongs to `slots[position]`. */
  readonly keys: readonly SlotKeys[];
  readonly slugs: SlugIndex;
  /** Positions of `slots` in match-ranking order (rating, RTP, id). */
  readonly ranked: Int32Array;
  readonly emojiIndex: EmojiIndex;
  readonly tally: EmojiTally;
  readonly emojis: EmojiAggregates;
  readonly providers: ProviderTally;
  /** Made at the first call, then kept. */
  readonly emojiWords: () => EmojiWordIndex;
  readonly searchIndex: LazySearchIndex;
}

/** Slots handled between two chances to yield while building. */
const BUILD_STRETCH = 4096;

/** Builds a snapshot's parts from scratch. */
export function* buildParts(records: readonly SlotRecord[], categories: CategoryMap): Steps<CatalogueParts> {
  const slots = isInIdOrder(records) ? records : yield* sortInSteps(records, (a, b) => a.id - b.id);
  // Filled by push, not preallocated: a holey array is many times slower to copy with one change.
  const keys: SlotKeys[] = [];
  const merit = new Float64Array(slots.length);
  const counter = new EmojiCounter();
  for (let position = 0; position < slots.length; position++) {
    const record = slots[position] as SlotRecord;
    const slotKeys = new SlotKeys(record);
    keys.push(slotKeys);
    merit[position] = meritKey(record, position);
    counter.add(record.emojiTags, slotKeys.tagKeys);
    if (position % BUILD_STRETCH === BUILD_STRETCH - 1) yield;
  }
  yield;
  const ranked = yield* meritOrder(merit);
  const emojiIndex = yield* EmojiIndex.build(slots.length, (rank) => (keys[ranked[rank] as number] as SlotKeys).tagKeys);
  const slugs = yield* SlugIndex.build(slots);
  const providers = yield* tallyProviders(slots, keys);
  const emojis = counter.summarise(categories);
  const searchIndex = new LazySearchIndex(slots, keys);
  return { slots, categories, keys, slugs, ranked, emojiIndex, tally: counter.tally(), emojis, providers, emojiWords: emojiWordsOf(emojis), searchIndex };
}

/** The parts with `record` in place of the slot with its id, or added when there is none. */
export function partsWithSlot(parts: CatalogueParts, record: SlotRecord): Steps<CatalogueParts> {
  const position = positionOf(parts.slots, record.id);
  const current = parts.slots[position];
  return changedParts(parts, position, current?.id === record.id ? current : undefined, record);
}

/** The parts without the slot at `position`. */
export function partsWithout(parts: CatalogueParts, position: number): Steps<CatalogueParts> {
  return changedParts(parts, position, parts.slots[position], undefined);
}

/** The parts under `categories`: only the emoji aggregates depend on them. */
export function partsWithCategories(parts: CatalogueParts, categories: CategoryMap): CatalogueParts {
  const emojis = new EmojiCounter(parts.tally).summarise(categories);
  return { ...parts, categories, emojis, emojiWords: emojiWordsOf(emojis) };
}

/** Where slot `id` is in `slots` (id order), or would go. */
export function positionOf(slots: readonly SlotRecord[], id: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((slots[middle] as SlotRecord).id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The parts after one slot's change at `position`: `before` (none for a new slot) gives way to
 * `after` (none for a removed slot). Costs about one copy of the slot list, not a rebuild.
 */
function* changedParts(
  parts: CatalogueParts,
  position: number,
  before: SlotRecord | undefined,
  after: SlotRecord | undefined,
): Steps<CatalogueParts> {
  const { slots, keys, ranked } = parts;
  const afterKeys = after === undefined ? undefined : new SlotKeys(after);
  const replaces = before !== undefined && after !== undefined;
  const nextSlots = changedAt(slots, position, replaces, after);
  const nextKeys = changedAt(keys, position, replaces, afterKeys);
  yield;
  // The slot leaves rank `from` (one past the last for a new slot) and takes rank `to` (the last for a removed one).
  const from = before === undefined ? slots.length : rankAmong(ranked, slots, before);
  let to = slots.length - 1;
  let nextRanked: Int32Array;
  if (after === undefined) {
    nextRanked = withRankRemoved(ranked, from);
  } else if (before === undefined) {
    to = rankAmong(ranked, slots, after);
    nextRanked = withRankInserted(ranked, to, position);
  } else {
    const place = sameMerit(before, after) ? from : rankAmong(ranked, slots, after);
    to = place > from ? place - 1 : place;
    nextRanked = from === to ? ranked : withRankMoved(ranked, from, to);
  }
  yield;
  const keysBefore = before === undefined ? [] : (keys[position] as SlotKeys).tagKeys;
  const keysAfter = afterKeys?.tagKeys ?? [];
  const emojiIndex = yield* parts.emojiIndex.withChange({ size: nextSlots.length, from, to, keysBefore, keysAfter });
  const slugs = yield* parts.slugs.withChange((before ?? (after as SlotRecord)).id, before?.slug, after?.slug, nextSlots);
  const providers = providersWithChange(parts.providers, before, after);
  yield;
  const searchIndex = parts.searchIndex.withChange(nextSlots, nextKeys, position, before, after, afterKeys);
  const next = { slots: nextSlots, categories: parts.categories, keys: nextKeys, slugs, ranked: nextRanked, emojiIndex, providers, searchIndex };
  if (before !== undefined && after !== undefined && sameItems(before.emojiTags, after.emojiTags)) {
    return { ...next, tally: parts.tally, emojis: parts.emojis, emojiWords: parts.emojiWords };
  }
  const counter = new EmojiCounter(parts.tally);
  if (before !== undefined) counter.remove(before.emojiTags, keysBefore);
  if (after !== undefined) counter.add(after.emojiTags, keysAfter);
  for (const key of counter.keysShownAsStoredTags(new Set([...keysBefore, ...keysAfter]))) {
    counter.setForm(key, firstTagCarrying(key, next));
  }
  const emojis = counter.summarise(parts.categories);
  return { ...next, tally: counter.tally(), emojis, emojiWords: emojiWordsOf(emojis) };
}

/** The stored tag with comparison key `key` on the first slot (in id order) that carries it, as a full build would meet it. */
function firstTagCarrying(key: string, parts: Pick<CatalogueParts, 'slots' | 'keys' | 'ranked' | 'emojiIndex'>): string {
  let first = parts.slots.length;
  for (const rank of parts.emojiIndex.carrying(key)) first = Math.min(first, parts.ranked[rank] as number);
  const slot = parts.slots[first] as SlotRecord;
  return slot.emojiTags[(parts.keys[first] as SlotKeys).tagKeys.indexOf(key)] as string;
}

/** `items` with the one at `position` replaced by `item`, or `item` inserted there, or (no `item`) the one there removed. */
function changedAt<T>(items: readonly T[], position: number, replaces: boolean, item: T | undefined): T[] {
  if (item === undefined) return items.toSpliced(position, 1);
  return replaces ? items.with(position, item) : items.toSpliced(position, 0, item);
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function isInIdOrder(slots: readonly SlotRecord[]): boolean {
  for (let i = 1; i < slots.length; i++) if ((slots[i - 1] as SlotRecord).id >= (slots[i] as SlotRecord).id) return false;
  return true;
}
