import type { RateLimitDecision } from './limiter.js';
import { decide, endOf, generationOf, startOf, type WindowCount, type WindowSpec } from './windows.js';

const INITIAL_CAPACITY = 1024;
type Key = number | string;
type MutableWindowCount = { -readonly [Field in keyof WindowCount]: WindowCount[Field] };

/**
 * Every client's counts in every window, kept compact: a Map from client to a slot number, and per
 * slot, in typed arrays, one count per window and the second the client was last counted. Every
 * accepted request counts in all windows at once, so that second tells which occurrence of each
 * window a count belongs to; a count from an earlier occurrence has expired and reads as zero,
 * without a timer per client. The windows nest (a day boundary is also an hour and minute
 * boundary), so once the longest window moves on every record has expired and the whole table is
 * dropped at once. At most `maxClients` are held; past that the longest-held client is forgotten,
 * which bounds memory for a flood from any number of addresses.
 */
export class CounterTable {
  private slots = new Map<Key, number>();
  private counts = new Uint32Array(0);
  private countedAt = new Uint32Array(0);
  private used = 0;
  private freeSlots: number[] = [];
  /**
   * Where eviction stands in insertion order, so evictions do not rescan deleted entries. Made only
   * once the table is full: a live Map iterator keeps every table the Map outgrew alive.
   */
  private evictionCursor: Iterator<[Key, number]> | undefined;
  private longestGeneration = Number.NEGATIVE_INFINITY;
  /** The counts `take` is deciding on, one per window, reused so a request allocates none. */
  private readonly scratch: readonly MutableWindowCount[];
  /** The Unix second `take` last decided in, and where each window's occurrence of it started (Unix seconds). */
  private second = Number.NaN;
  private readonly windowStarts: Float64Array;

  constructor(
    private readonly specs: readonly WindowSpec[],
    private readonly maxClients: number,
  ) {
    this.scratch = specs.map((spec) => ({ spec, used: 0, resetAt: 0 }));
    this.windowStarts = new Float64Array(specs.length);
  }

  /** Decides the client's request at `nowMs` and, when it is allowed, counts it in every window. */
  take(key: Key, nowMs: number): RateLimitDecision {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) this.enterSecond(second, nowMs);
    const windows = this.specs.length;
    const existing = this.slots.get(key);
    const counts = this.scratch;
    for (let w = 0; w < windows; w += 1) {
      const count = counts[w] as MutableWindowCount;
      // A count is live from its window's start on; a clock that stepped back leaves counts from a later second, which still count.
      const live = existing !== undefined && (this.countedAt[existing] ?? 0) >= (this.windowStarts[w] ?? 0);
      count.used = live ? (this.counts[(existing ?? 0) * windows + w] ?? 0) : 0;
    }
    const decision = decide(counts);
    if (!decision.allowed) return decision;
    const slot = existing ?? this.admit(key);
    for (let w = 0; w < windows; w += 1) this.counts[slot * windows + w] = (counts[w] as MutableWindowCount).used + 1;
    this.countedAt[slot] = second;
    return decision;
  }

  /**
   * Works out where each window's current occurrence starts and ends, once per second rather than per
   * request: the windows are whole seconds long, so neither changes within one.
   */
  private enterSecond(second: number, nowMs: number): void {
    this.roll(nowMs);
    this.second = second;
    this.specs.forEach((spec, w) => {
      const generation = generationOf(spec, nowMs);
      this.windowStarts[w] = startOf(spec, generation);
      (this.scratch[w] as MutableWindowCount).resetAt = endOf(spec, generation);
    });
  }

  forget(key: Key): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    this.slots.delete(key);
    this.freeSlots.push(slot);
  }

  /** Drops every record once the longest window has moved past the one they were counted in. */
  roll(nowMs: number): void {
    const longest = this.specs[this.specs.length - 1];
    if (longest === undefined) return;
    const generation = generationOf(longest, nowMs);
    if (generation <= this.longestGeneration) return;
    this.longestGeneration = generation;
    this.slots = new Map();
    this.evictionCursor = undefined;
    this.freeSlots = [];
    this.counts = new Uint32Array(0);
    this.countedAt = new Uint32Array(0);
    this.used = 0;
  }

  /** Clients held. */
  get size(): number {
    return this.slots.size;
  }

  private admit(key: Key): number {
    const slot = this.freeSlots.pop() ?? this.nextSlot();
    this.slots.set(key, slot);
    return slot;
  }

  private nextSlot(): number {
    const capacity = this.countedAt.length;
    if (this.used === capacity) {
      if (capacity >= this.maxClients) return this.evictOldest();
      this.grow(Math.min(Math.max(capacity * 2, INITIAL_CAPACITY), this.maxClients));
    }
    const slot = this.used;
    this.used += 1;
    return slot;
  }

  private evictOldest(): number {
    let next = this.evictionCursor?.next();
    if (next === undefined || next.done === true) {
      this.evictionCursor = this.slots.entries();
      next = this.evictionCursor.next();
    }
    if (next.done === true) throw new Error('a full counter table has no client to evict');
    const [key, slot] = next.value;
    this.slots.delete(key);
    return slot;
  }

  private grow(capacity: number): void {
    const counts = new Uint32Array(capacity * this.specs.length);
    const countedAt = new Uint32Array(capacity);
    counts.set(this.counts);
    countedAt.set(this.countedAt);
    this.counts = counts;
    this.countedAt = countedAt;
  }
}
