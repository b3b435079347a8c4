import { emojiKey } from '../emoji/emoji.js';
import type { CategoryMap } from './categories.js';
import { EmojiIndex } from './emoji-index.js';
import { EmojiCounter, type EmojiAggregates } from './emoji-usage.js';
import type { Page, SlotFilter } from './filter.js';
import { meritKey, meritOrder, type ScoredSlot } from './ranking.js';
import { slugify, type SlotRecord } from './slot.js';

/** What a slot is found by besides its fields; depends on the record alone, so it is kept across snapshots. */
interface SlotKeys {
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

export type MatchMode = 'any' | 'all';

export interface MatchedSlot extends ScoredSlot {
  /** The slot's own stored tags that matched, in the order the emojis were requested. */
  readonly matched: readonly string[];
}

/** Everything a snapshot holds, built in steps so a large one can be built without blocking. */
interface CatalogueParts {
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
const BUILD_CHUNK = 4096;

/** Builds a snapshot's parts, yielding between chunks of work. */
function* buildParts(records: readonly SlotRecord[], categories: CategoryMap): Generator<void, CatalogueParts> {
  const slots = isInIdOrder(records) ? records : [...records].sort((a, b) => a.id - b.id);
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
    if (position % BUILD_CHUNK === BUILD_CHUNK - 1) yield;
  }
  yield;
  const ranked = meritOrder(merit);
  yield;
  const emojiIndex = new EmojiIndex(Array.from(ranked, (position) => (keys[position] as SlotKeys).tagKeys));
  return { slots, categories, keys, bySlug, ranked, emojiIndex, emojis: counter.summarise(categories) };
}

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * An immutable, fully indexed view of the whole catalogue. Requests read only this; a write builds
 * a new one and swaps it in, so a reader never sees half a change.
 */
export class Catalogue {
  readonly slots: readonly SlotRecord[];
  readonly categories: CategoryMap;
  readonly emojis: EmojiAggregates;
  readonly maxId: number;
  private readonly keys: readonly SlotKeys[];
  private readonly bySlug: ReadonlyMap<string, SlotRecord>;
  private readonly ranked: Int32Array;
  private readonly emojiIndex: EmojiIndex;

  private constructor(parts: CatalogueParts) {
    this.slots = parts.slots;
    this.categories = parts.categories;
    this.emojis = parts.emojis;
    this.keys = parts.keys;
    this.bySlug = parts.bySlug;
    this.ranked = parts.ranked;
    this.emojiIndex = parts.emojiIndex;
    this.maxId = this.slots.at(-1)?.id ?? 0;
  }

  /** Builds a snapshot in one go. */
  static of(slots: readonly SlotRecord[], categories: CategoryMap): Catalogue {
    const steps = buildParts(slots, categories);
    for (;;) {
      const step = steps.next();
      if (step.done === true) return new Catalogue(step.value);
    }
  }

  /**
   * Builds a snapshot, giving the event loop back whenever a stretch of work has run for
   * `maxBlockMs`, so requests keep being answered while a large catalogue is rebuilt.
   */
  static async build(slots: readonly SlotRecord[], categories: CategoryMap, maxBlockMs = 10): Promise<Catalogue> {
    const steps = buildParts(slots, categories);
    let started = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done === true) return new Catalogue(step.value);
      if (performance.now() - started >= maxBlockMs) {
        await new Promise((resolve) => setImmediate(resolve));
        started = performance.now();
      }
    }
  }

  static empty(): Catalogue {
    return Catalogue.of([], {});
  }

  get size(): number {
    return this.slots.length;
  }

  /** A slot by its id (`"17"`) or, failing that, by its slug in any case. */
  find(idOrSlug: string): SlotRecord | undefined {
    if (ID_PATTERN.test(idOrSlug)) {
      const byId = this.findById(Number(idOrSlug));
      if (byId) return byId;
    }
    return this.findBySlug(idOrSlug);
  }

  /** Binary search: slots are in id order, so no map of ids needs building. */
  private findById(id: number): SlotRecord | undefined {
    let low = 0;
    let high = this.slots.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const slot = this.slots[middle] as SlotRecord;
      if (slot.id === id) return slot;
      if (slot.id < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  /** Slugs are stored lower-case (the slug pattern says so); lookups are in any case. */
  findBySlug(slug: string): SlotRecord | undefined {
    return this.bySlug.get(slug.toLowerCase());
  }

  /** One page of the slots that pass `filter`, in id order, with how many pass in all. */
  list(filter: SlotFilter, page: Page): { readonly slots: readonly SlotRecord[]; readonly total: number } {
    if (isUnfiltered(filter)) {
      return { slots: this.slots.slice(page.offset, page.offset + page.limit), total: this.slots.length };
    }
    const passing = this.filter(filter);
    return { slots: passing.slice(page.offset, page.offset + page.limit), total: passing.length };
  }

  /** Every slot that passes `filter`, in id order. */
  filter(filter: SlotFilter): readonly SlotRecord[] {
    const provider = filter.provider?.toLowerCase();
    const emojiKeys = filter.emojiKeys;
    const positions = emojiKeys && emojiKeys.length > 0 ? this.carryingAny(emojiKeys) : undefined;
    const count = positions?.length ?? this.slots.length;
    const passing: SlotRecord[] = [];
    for (let i = 0; i < count; i++) {
      const position = positions === undefined ? i : (positions[i] as number);
      const record = this.slots[position] as SlotRecord;
      const keys = this.keys[position] as SlotKeys;
      if (provider !== undefined && keys.providerName !== provider && keys.providerSlug !== provider) continue;
      if (filter.minRtp !== undefined && record.rtp < filter.minRtp) continue;
      if (filter.volatility !== undefined && record.volatility !== filter.volatility) continue;
      if (filter.hasBonusBuy !== undefined && record.hasBonusBuy !== filter.hasBonusBuy) continue;
      passing.push(record);
    }
    return passing;
  }

  /**
   * Slots carrying the requested emojis (distinct comparison keys, in request order), best first by
   * the ranking of `compareMatches`. `all` keeps only slots that carry every key.
   */
  match(keys: readonly string[], mode: MatchMode, limit: number): readonly MatchedSlot[] {
    return this.emojiIndex.top(keys, mode === 'all' ? keys.length : 1, limit).map(({ rank, score }) => {
      const position = this.ranked[rank] as number;
      const slot = this.slots[position] as SlotRecord;
      return { slot, score, matched: matchedTags(slot, this.keys[position] as SlotKeys, keys) };
    });
  }

  /** Positions of the slots carrying at least one of `keys`, ascending (id order). */
  private carryingAny(keys: readonly string[]): number[] {
    const positions = new Set<number>();
    for (const key of keys) for (const rank of this.emojiIndex.carrying(key)) positions.add(this.ranked[rank] as number);
    return [...positions].sort((a, b) => a - b);
  }
}

/** The slot's own stored tags that match `keys`, in the order of `keys`. */
function matchedTags(slot: SlotRecord, slotKeys: SlotKeys, keys: readonly string[]): string[] {
  const matched: string[] = [];
  for (const key of keys) {
    const at = slotKeys.tagKeys.indexOf(key);
    if (at >= 0) matched.push(slot.emojiTags[at] as string);
  }
  return matched;
}

function isInIdOrder(slots: readonly SlotRecord[]): boolean {
  for (let i = 1; i < slots.length; i++) if ((slots[i - 1] as SlotRecord).id >= (slots[i] as SlotRecord).id) return false;
  return true;
}

function isUnfiltered(filter: SlotFilter): boolean {
  return (
    filter.provider === undefined &&
    filter.minRtp === undefined &&
    filter.volatility === undefined &&
    filter.hasBonusBuy === undefined &&
    (filter.emojiKeys === undefined || filter.emojiKeys.length === 0)
  );
}
