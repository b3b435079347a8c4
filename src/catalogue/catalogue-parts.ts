import { emojiKey } from '../emoji/emoji.js';
import type { CategoryMap } from './categories.js';
import { EmojiIndex } from './emoji-index.js';
import { EmojiCounter, type EmojiAggregates } from './emoji-usage.js';
import { meritKey, meritOrder } from './ranking.js';
import { slugify, type SlotRecord } from './slot.js';
import { sortInSteps } from './sort-in-steps.js';
import type { Steps } from './steps.js';

/** What a slot is found by besides its fields; depends on the record alone, so it is kept across snapshots. */
export interface SlotKeys {
  readonly providerName: string;
  readonly providerSlug: string;
  readonly tagKeys: readonly string[];
}

const keysCache = new WeakMap<SlotRecord, SlotKeys>();
const providerSlugs = new Map<string, string>();

function keysOf(record: SlotRecord): SlotKeys {
  let keys = keysCache.get(record);
  if (keys === undefined) {
    let providerSlug = providerSlugs.get(record.provider);
    if (providerSlug === undefined) {
      providerSlug = slugify(record.provider);
      if (providerSlugs.size > 10_000) providerSlugs.clear();
      providerSlugs.set(record.provider, providerSlug);
    }
    keys = { providerName: record.provider.toLowerCase(), providerSlug, tagKeys: record.emojiTags.map(emojiKey) };
    keysCache.set(record, keys);
  }
  return keys;
}

/** Everything a snapshot holds, built in steps so a large one can be built without blocking. */
export interface CatalogueParts {
  /** In id order. */
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  /** `keys[position]` belongs to `slots[position]`. */
  readonly keys: readonly SlotKeys[];
  readonly bySlug: ReadonlyMap<string, SlotRecord>;
  /** Positions of `slots` in match-ranking order (rating, RTP, id). */
  readonly ranked: Int32Array;
  readonly emojiIndex: EmojiIndex;
  readonly emojis: EmojiAggregates;
}

/** Slots handled between two chances to yield while building. */
const BUILD_STRETCH = 4096;

/** Builds a snapshot's parts from scratch. */
export function* buildParts(records: readonly SlotRecord[], categories: CategoryMap): Steps<CatalogueParts> {
  const slots = isInIdOrder(records) ? records : yield* sortInSteps(records, (a, b) => a.id - b.id);
  const keys: SlotKeys[] = new Array<SlotKeys>(slots.length);
  const bySlug = new Map<string, SlotRecord>();
  const merit = new Float64Array(slots.length);
  const counter = new EmojiCounter();
  for (let position = 0; position < slots.length; position++) {
    const record = slots[position] as SlotRecord;
    const slotKeys = keysOf(record);
    keys[position] = slotKeys;
    bySlug.set(record.slug, record);
    merit[position] = meritKey(record, position);
    counter.add(record.emojiTags, slotKeys.tagKeys);
    if (position % BUILD_STRETCH === BUILD_STRETCH - 1) yield;
  }
  yield;
  const ranked = yield* meritOrder(merit);
  const emojiIndex = yield* EmojiIndex.build(slots.length, (rank) => (keys[ranked[rank] as number] as SlotKeys).tagKeys);
  return { slots, categories, keys, bySlug, ranked, emojiIndex, emojis: counter.summarise(categories) };
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

function isInIdOrder(slots: readonly SlotRecord[]): boolean {
  for (let i = 1; i < slots.length; i++) if ((slots[i - 1] as SlotRecord).id >= (slots[i] as SlotRecord).id) return false;
  return true;
}
