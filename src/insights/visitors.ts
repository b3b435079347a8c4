import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { InsightStore } from '../store/insights.js';

const DAY_MS = 86_400_000;
/** How long before midnight the next day's secret is fetched, so counting never waits for it. */
const PREFETCH_MS = 3_600_000;

/** The UTC day (days since the Unix epoch) of a time in milliseconds. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * Visitors as decisions §21 makes them: an HMAC-SHA256 of the rate-limit key and the User-Agent
 * under a random secret of the day that every instance shares through the store. The id lives only
 * in this process's memory; once the store drops the secret (48 hours on), nobody can make it again.
 */
export class VisitorIds {
  private readonly secrets = new Map<number, KeyObject>();

  constructor(private readonly store: Pick<InsightStore, 'daySecret'>) {}

  /** Makes sure the secret of the day of `now` is known, and of the next day too near midnight. */
  async prepare(now: number): Promise<void> {
    const day = dayOf(now);
    for (const known of this.secrets.keys()) if (known < day) this.secrets.delete(known);
    if (!this.secrets.has(day)) await this.fetch(day);
    if (dayOf(now + PREFETCH_MS) > day && !this.secrets.has(day + 1)) await this.fetch(day + 1);
  }

  private async fetch(day: number): Promise<void> {
    const secret = await this.store.daySecret(day, randomBytes(32));
    this.secrets.set(day, createSecretKey(secret));
  }

  /** The visitor's id on `day`, or undefined while that day's secret is not known yet. */
  id(day: number, client: string, userAgent: string): Buffer | undefined {
    const secret = this.secrets.get(day);
    return secret === undefined ? undefined : createHmac('sha256', secret).update(client).update('\n').update(userAgent).digest();
  }
}
