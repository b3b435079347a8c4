import type { DailyKeyCounts } from '../store/insights.js';
import { popularDays, popularIds } from './popularity.js';
import { dayOf } from './visitors.js';

/** The popular order is worked out again this often (decisions §21: at most once a minute). */
export const POPULAR_INTERVAL_MS = 60_000;

/** Slot ids most popular first; `generation` changes whenever `ids` does, so caches can key on it. */
export interface PopularIds {
  readonly generation: number;
  readonly ids: readonly number[];
}

export interface PopularOrderOptions {
  readonly store: DailyKeyCounts;
  readonly warn: (details: Record<string, unknown>, message: string) => void;
  readonly now?: () => number;
  /** Tests shorten it; `POPULAR_INTERVAL_MS` when not given. */
  readonly intervalMs?: number;
}

/**
 * The popular order (decisions §21), read from the store's play counts, which every instance adds
 * to, so all instances work out the same order. It is worked out on a timer at each multiple of the
 * interval on the clock, so instances read the store at about the same moment, and never on a
 * request's path: a request reads `current`.
 */
export class PopularOrder {
  private order: PopularIds = { generation: 0, ids: [] };
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly options: PopularOrderOptions) {
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? POPULAR_INTERVAL_MS;
  }

  get current(): PopularIds {
    return this.order;
  }

  /** Works the order out once, then again at every multiple of the interval until `stop`. */
  async start(): Promise<void> {
    await this.refresh();
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    const wait = this.intervalMs - (this.now() % this.intervalMs);
    this.timer = setTimeout(() => void this.refresh().then(() => this.schedule()), wait).unref();
  }

  /** Reads the window's plays and keeps the order, with a new generation when it moved. */
  async refresh(): Promise<void> {
    const today = dayOf(this.now());
    try {
      const ids = popularIds(await this.options.store.keyDays('play', popularDays(today)), today);
      const known = this.order.ids;
      if (ids.length !== known.length || ids.some((id, place) => id !== known[place])) this.order = { generation: this.order.generation + 1, ids };
    } catch (error) {
      this.options.warn({ err: error }, 'insights: reading the popular order failed; keeping the last one until the next try');
    }
  }
}
