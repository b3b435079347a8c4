/** A visitor's latest ask, and when asking it again stops being a repeat. */
export interface LatestAsk {
  readonly kind: string;
  readonly key: string;
  readonly expiry: number;
}

/** Who asks: its id, and its latest ask, kept on it by `RecentAsks`. */
export interface Asker {
  readonly id: string;
  latest: LatestAsk | undefined;
}

/**
 * What each visitor asked in the last 30 minutes, so a repeat counts once (decisions §21). Asks are
 * queued in the order they were remembered, which is also the order they expire in, so the oldest go
 * first; past `cap` the oldest go early, which at worst counts a repeat again (but for a visitor's
 * latest ask, which its own memory tells a repeat until it expires).
 *
 * The queue is kept beside the map rather than read from the map's own order: a Map keeps the slots of
 * deleted entries until it is rehashed, and walking it from its start to find the oldest live entry
 * stepped over every one of them, so at the cap each new ask cost tens of thousands of steps.
 */
export class RecentAsks {
  private readonly expiries = new Map<string, number>();
  /** Asks in the order they were remembered, with the expiry each was remembered with, from `head` on. */
  private readonly queuedAsks: string[] = [];
  private readonly queuedExpiries: number[] = [];
  private head = 0;

  constructor(
    private readonly windowMs: number,
    private readonly cap: number,
  ) {}

  /** Whether `asker` asked for `kind` and `key` within the window before `now`; if not, it is remembered from now on. */
  seen(asker: Asker, kind: string, key: string, now: number): boolean {
    const { latest } = asker;
    // A page asks the same again and again: told by comparing the same strings, without building and hashing the key below.
    if (latest !== undefined && latest.expiry > now && latest.key === key && latest.kind === kind) return true;
    const ask = `${asker.id} ${kind} ${key}`;
    const known = this.expiries.get(ask);
    if (known !== undefined && known > now) {
      asker.latest = { kind, key, expiry: known };
      return true;
    }
    this.forgetOld(now);
    const expiry = now + this.windowMs;
    this.expiries.set(ask, expiry);
    this.queuedAsks.push(ask);
    this.queuedExpiries.push(expiry);
    asker.latest = { kind, key, expiry };
    return false;
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Drops the asks expired by `now`, and the oldest while the cap is reached; a queued ask remembered again since is only dequeued. */
  private forgetOld(now: number): void {
    while (this.head < this.queuedAsks.length) {
      const expires = this.queuedExpiries[this.head] as number;
      if (expires > now && this.expiries.size < this.cap) break;
      const ask = this.queuedAsks[this.head] as string;
      if (this.expiries.get(ask) === expires) this.expiries.delete(ask);
      this.head += 1;
    }
    // The dequeued part is cut off once it is half the queue, so the queue's memory follows the map's.
    if (this.head > 1024 && this.head * 2 > this.queuedAsks.length) {
      this.queuedAsks.splice(0, this.head);
      this.queuedExpiries.splice(0, this.head);
      this.head = 0;
    }
  }
}
