import type { HourCount, InsightStore, VisitorRegister } from '../store/insights.js';
import { isBot } from './bots.js';
import type { Insight } from './insight.js';
import { RecentAsks } from './recent-asks.js';
import { rollUpOneDay } from './roll-up.js';
import { dayOf, VisitorIds } from './visitors.js';

const HOUR_MS = 3_600_000;
/** One visitor counts once per kind and key in this long (decisions §21). */
const REPEAT_WINDOW_MS = 30 * 60_000;
/** Half of decisions §21's 10 s, so a slow write still lands within it. */
const FLUSH_MS = 5_000;
/** Hourly counts are folded into daily ones after 90 days. */
const HOURLY_RETENTION_HOURS = 90 * 24;
/** Counted keys between two flushes; past it, new keys are counted under OVERFLOW_KEY. */
const DEFAULT_CAP = 10_000;
/** Where counts go once the buffer is full: no key a visitor can ask looks like it (keys are words, emoji keys or ids). */
export const OVERFLOW_KEY = '(other)';
/** Visitor registers buffered between two flushes, per key of the cap; past it a visitor adds to the count but not to the estimate. */
const REGISTERS_PER_KEY = 4;
/** Asks remembered for the repeat rule; past it the oldest are forgotten early. */
const RECENT_ASKS_CAP = 100_000;

export interface InsightCounterOptions {
  readonly store: InsightStore;
  /** Daily counts are kept this many days (`INSIGHTS_RETENTION_DAYS`). */
  readonly retentionDays: number;
  readonly warn: (details: Record<string, unknown>, message: string) => void;
  readonly now?: () => number;
  readonly cap?: number;
}

/** An hour's count being added to. */
type Tally = Omit<HourCount, 'count'> & { count: number };

interface Pending {
  readonly counts: Map<string, Tally>;
  readonly registers: Map<string, VisitorRegister>;
}

const empty = (): Pending => ({ counts: new Map(), registers: new Map() });

/** Keeps the higher rank of a register. */
function raise(registers: Map<string, VisitorRegister>, register: VisitorRegister): void {
  const name = `${register.day} ${register.register} ${register.kind} ${register.key}`;
  const known = registers.get(name);
  if (known === undefined || known.rank < register.rank) registers.set(name, register);
}

/**
 * Counting (decisions §21): the HTTP layer hands each countable ask to `count`, which does constant
 * work in memory (a bot check, an HMAC, two map updates); a timer adds the buffered increments to the
 * store, at most 10 s after they were counted, and at `stop`. The buffer holds at most `cap` distinct
 * keys between two flushes, whatever visitors send.
 */
export class InsightCounter {
  private readonly now: () => number;
  private readonly cap: number;
  private readonly visitors: VisitorIds;
  private readonly recent = new RecentAsks(REPEAT_WINDOW_MS, RECENT_ASKS_CAP);
  private pending = empty();
  private overflowed = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private prunedHour = -1;

  constructor(private readonly options: InsightCounterOptions) {
    this.now = options.now ?? Date.now;
    this.cap = options.cap ?? DEFAULT_CAP;
    this.visitors = new VisitorIds(options.store);
  }

  /** Fetches the day's secret, then flushes on a timer. */
  async start(): Promise<void> {
    await this.visitors.prepare(this.now());
    this.timer = setInterval(() => void this.tick(), FLUSH_MS).unref();
  }

  /** Stops the timer and writes what is buffered. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Distinct keys buffered since the last flush. */
  get buffered(): number {
    return this.pending.counts.size;
  }

  /**
   * Counts one ask of a visitor (`client`: its rate-limit key), unless a bot's or a repeat. Most asks
   * are a remembered visitor's repeats: they are told with one clock read, the visitor's lookup and a
   * comparison with its latest ask, before anything else is worked out.
   */
  count(insight: Insight, client: string, userAgent: string): void {
    const now = this.now();
    const day = dayOf(now);
    let visitor = this.visitors.remembered(day, client, userAgent);
    if (visitor === undefined) {
      if (isBot(userAgent)) return;
      visitor = this.visitors.of(day, client, userAgent);
    }
    const { kind, key } = insight;
    if (visitor !== undefined && this.recent.seen(visitor, kind, key, now)) return;
    const hour = Math.floor(now / HOUR_MS);
    const found = insight.found ?? true;
    const { counts, registers } = this.pending;
    let name = `${hour} ${kind} ${found ? 1 : 0} ${key}`;
    let counted = counts.get(name);
    if (counted === undefined && counts.size >= this.cap) {
      this.overflowed++;
      name = `${hour} ${kind} ${found ? 1 : 0} ${OVERFLOW_KEY}`;
      counted = counts.get(name);
      if (counted === undefined) counts.set(name, { hour, kind, key: OVERFLOW_KEY, found, count: 1 });
      else counted.count++;
      return;
    }
    if (counted === undefined) counts.set(name, { hour, kind, key, found, count: 1 });
    else counted.count++;
    if (visitor !== undefined && registers.size < this.cap * REGISTERS_PER_KEY) raise(registers, { day, kind, key, register: visitor.register, rank: visitor.rank });
  }

  /** Adds what is buffered to the store; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const { counts, registers } = this.pending;
    this.pending = empty();
    if (this.overflowed > 0) {
      this.options.warn({ overflowed: this.overflowed, cap: this.cap }, `insights: more than ${this.cap} keys since the last flush; the rest were counted under ${OVERFLOW_KEY}`);
      this.overflowed = 0;
    }
    try {
      await this.options.store.addCounts([...counts.values()]);
    } catch (error) {
      // Back into the buffer (past its cap if need be: they were counted), for the next flush.
      for (const [name, tally] of counts) {
        const counted = this.pending.counts.get(name);
        if (counted === undefined) this.pending.counts.set(name, tally);
        else counted.count += tally.count;
      }
      for (const register of registers.values()) raise(this.pending.registers, register);
      this.options.warn({ err: error }, 'insights: writing the counts failed; trying again with the next flush');
      return;
    }
    try {
      await this.options.store.addVisitors([...registers.values()]);
    } catch (error) {
      for (const register of registers.values()) raise(this.pending.registers, register);
      this.options.warn({ err: error }, 'insights: writing the visitor estimates failed; trying again with the next flush');
    }
  }

  private async tick(): Promise<void> {
    const now = this.now();
    try {
      // The roll-up after the flush: what was counted on a day is in the store before the day is rolled up.
      await Promise.all([this.flush().then(() => this.pruneAndRollUp(now)), this.visitors.prepare(now)]);
    } catch (error) {
      this.options.warn({ err: error }, 'insights: background work failed; trying again shortly');
    }
  }

  /**
   * Once an hour: hourly counts past 90 days become daily ones, and days past the retention go. Then, each tick,
   * one more final day is rolled up for the reports, if one is left: a store behind by many days catches up in
   * short writes, one day each.
   */
  private async pruneAndRollUp(now: number): Promise<void> {
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== this.prunedHour) {
      this.prunedHour = hour;
      await this.options.store.pruneInsights(hour - HOURLY_RETENTION_HOURS, dayOf(now) - this.options.retentionDays + 1);
    }
    await rollUpOneDay(this.options.store, now);
  }
}
