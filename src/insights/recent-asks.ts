/**
 * What each visitor asked in the last 30 minutes, so a repeat counts once (decisions §21). Entries are
 * kept in the order they were made, which is also the order they expire in, so the oldest go first;
 * past `cap` the oldest go early, which at worst counts a repeat again.
 */
export class RecentAsks {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly cap: number,
  ) {}

  /** Whether `ask` was made within the window before `now`; if not, it is remembered from now on. */
  seen(ask: string, now: number): boolean {
    const expiry = this.expiries.get(ask);
    if (expiry !== undefined && expiry > now) return true;
    if (expiry !== undefined) this.expiries.delete(ask);
    for (const [oldest, expires] of this.expiries) {
      if (expires > now && this.expiries.size < this.cap) break;
      this.expiries.delete(oldest);
    }
    this.expiries.set(ask, now + this.windowMs);
    return false;
  }

  get size(): number {
    return this.expiries.size;
  }
}
