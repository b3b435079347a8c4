import type { SessionStore } from '../../store/sessions.js';

/** Failures are counted over this window (decisions §18). */
const WINDOW_MS = 15 * 60_000;
/** Failures for one name, and from one client, before attempts are refused. */
const NAME_LIMIT = 5;
const CLIENT_LIMIT = 20;
/** The first refusal's wait, doubled with each failure past the limit, up to the window itself. */
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = WINDOW_MS;

const nameKey = (name: string) => `name:${name.toLowerCase()}`;
const clientKey = (client: string) => `client:${client}`;

/**
 * Sign-in throttling, counted in the store so every instance counts the same failures: after 5 failures
 * for one name or 20 from one client within 15 minutes, attempts wait a minute after the latest failure,
 * then two, four… up to 15 minutes. Refused attempts are not verified, so they neither count nor cost Argon2id time.
 */
export class SignInThrottle {
  constructor(
    private readonly store: SessionStore,
    private readonly now: () => number,
  ) {}

  /** Seconds the attempt must wait (for `Retry-After`); 0 when it may go ahead. */
  async wait(name: string, client: string): Promise<number> {
    const now = this.now();
    const waits = await Promise.all([this.waitFor(nameKey(name), NAME_LIMIT, now), this.waitFor(clientKey(client), CLIENT_LIMIT, now)]);
    return Math.ceil(Math.max(...waits) / 1000);
  }

  /** Counts a failure; failures past the window are swept at the same time, so an attacker who never succeeds cannot grow the table. */
  async failed(name: string, client: string): Promise<void> {
    const now = this.now();
    await this.store.recordSignInFailure([nameKey(name), clientKey(client)], now, now - WINDOW_MS);
  }

  /** A signed-in name starts afresh; failures past the window are swept at the same time. */
  async succeeded(name: string): Promise<void> {
    await this.store.clearSignInFailures(nameKey(name), this.now() - WINDOW_MS);
  }

  private async waitFor(key: string, limit: number, now: number): Promise<number> {
    const { count, latest } = await this.store.signInFailures(key, now - WINDOW_MS);
    if (count < limit) return 0;
    const wait = Math.min(FIRST_WAIT_MS * 2 ** (count - limit), LONGEST_WAIT_MS);
    return Math.max(0, latest + wait - now);
  }
}
