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
 * What each visitor asked in the last 30 minutes, so a repeat counts once (decisions §21). Entries are
 * kept in the order they were made, which is also the order they expire in, so the oldest go first;
 * past `cap` the oldest go early, which at worst counts a repeat again (but for a visitor's latest ask,
 * which its own memory tells a repeat until it expires).
 */
export class RecentAsks {
  private readonly expiries = new Map<string, number>();

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
    let expiry = this.expiries.get(ask);
    if (expiry !== undefined && expiry > now) {
      asker.latest = { kind, key, expiry };
      return true;
    }
    if (expiry !== undefined) this.expiries.delete(ask);
    for (const [oldest, expires] of this.expiries) {
      if (expires > now && this.expiries.size < this.cap) break;
      this.expiries.delete(oldest);
    }
    expiry = now + this.windowMs;
    this.expiries.set(ask, expiry);
    asker.latest = { kind, key, expiry };
    return false;
  }

  get size(): number {
    return this.expiries.size;
  }
}
