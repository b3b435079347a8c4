import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { InsightStore } from '../store/insights.js';
import { registerRank, type RegisterRank } from './hyperloglog.js';
import type { Asker } from './recent-asks.js';

const DAY_MS = 86_400_000;
/** How long before midnight the next day's secret is fetched, so counting never waits for it. */
const PREFETCH_MS = 3_600_000;

/** Visitors whose ids are remembered; past this many the memory starts again, so no flood of visitors can grow it. */
const REMEMBERED_VISITORS = 4096;

/** A visitor of one day: its id (in memory only), where it falls in the distinct-visitor estimate, and its latest ask. */
export interface Visitor extends RegisterRank, Asker {
  /** The HMAC's first 18 bytes in base64: 144 bits, as good as the whole for telling visitors apart. */
  readonly id: string;
}

/** The UTC day (days since the Unix epoch) of a time in milliseconds. */
export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * Visitors as decisions §21 makes them: an HMAC-SHA256 of the rate-limit key and the User-Agent
 * under a random secret of the day that every instance shares through the store. The id lives only
 * in this process's memory; once the store drops the secret (48 hours on), nobody can make it again.
 */
export class VisitorIds {
  private readonly secrets = new Map<number, KeyObject>();
  /**
   * The ids of the day `rememberedDay` by address, then User-Agent: a visitor sends many requests, and
   * the HMAC was most of counting one. Two lookups, not one by the two joined: the address's key is the
   * same string each time and a User-Agent is hashed once, where the joined string was new each time,
   * to be copied and hashed whole.
   */
  private readonly rememberedIds = new Map<string, Map<string, Visitor>>();
  private rememberedCount = 0;
  private rememberedDay = -1;

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

  /**
   * The visitor on `day` if this memory holds it: a second ask finds its visitor here without the
   * bot check, since only a User-Agent that is no bot's ever became a visitor.
   */
  remembered(day: number, client: string, userAgent: string): Visitor | undefined {
    return day === this.rememberedDay ? this.rememberedIds.get(client)?.get(userAgent) : undefined;
  }

  /** The visitor on `day`, made and remembered if need be, or undefined while that day's secret is not known yet. */
  of(day: number, client: string, userAgent: string): Visitor | undefined {
    if (day !== this.rememberedDay || this.rememberedCount >= REMEMBERED_VISITORS) {
      this.rememberedIds.clear();
      this.rememberedCount = 0;
      this.rememberedDay = day;
    }
    let agents = this.rememberedIds.get(client);
    let visitor = agents?.get(userAgent);
    if (visitor === undefined) {
      const secret = this.secrets.get(day);
      if (secret === undefined) return undefined;
      const hmac = createHmac('sha256', secret).update(`${client}\n${userAgent}`).digest();
      visitor = { id: hmac.toString('base64', 0, 18), ...registerRank(hmac), latest: undefined };
      if (agents === undefined) this.rememberedIds.set(client, (agents = new Map()));
      agents.set(userAgent, visitor);
      this.rememberedCount++;
    }
    return visitor;
  }
}
