import { timingSafeEqual } from 'node:crypto';
import type { AccessStore, ApiToken } from '../store/access.js';
import { ADMIN_TOKEN_PRINCIPAL, tokenPrincipal, type Principal } from './principal.js';
import { secretHash, TOKEN_PREFIX } from './tokens.js';

/** A token's last use is written at most this often (decisions §17), so a busy script does not write on every call. */
const LAST_USE_INTERVAL_MS = 60_000;
/** Tokens held at most; past it the cache starts over (the store answers a miss). */
const CACHE_LIMIT = 10_000;

interface CachedToken {
  readonly token: ApiToken;
  /** When this instance last wrote (or read) the token's last use, in milliseconds. */
  lastUseWritten: number;
}

/**
 * Tells who a bearer credential belongs to: ADMIN_TOKEN, or an API token read from the store and
 * cached by its hash. The cache is dropped whenever the store's access version moves, which
 * `refresh` checks on each of the store's wake-ups (another instance's commit) and `forget` after
 * this instance's own changes: a revocation holds on every instance once it has woken, with no timer.
 */
export class Authenticator {
  private readonly cache = new Map<string, CachedToken>();
  private version: number | undefined;
  /** Moves with every drop of the cache, so a lookup that raced a revocation does not put back what was dropped. */
  private generation = 0;

  constructor(
    private readonly store: AccessStore,
    adminToken: string | undefined,
    private readonly now: () => number,
    private readonly onTrouble: (error: unknown, what: string) => void,
  ) {
    this.adminDigest = adminToken === undefined ? undefined : secretHash(adminToken);
  }

  private readonly adminDigest: Buffer | undefined;

  get hasAdminToken(): boolean {
    return this.adminDigest !== undefined;
  }

  isTokenShaped(credential: string): boolean {
    return credential.startsWith(TOKEN_PREFIX);
  }

  /** The principal `credential` names; undefined for unknown, expired and revoked tokens alike. */
  async principal(credential: string): Promise<Principal | undefined> {
    if (this.isTokenShaped(credential)) {
      const token = await this.token(credential);
      return token === undefined ? undefined : tokenPrincipal(token);
    }
    // Fixed-length digests, so the comparison takes the same time whatever the lengths involved.
    if (this.adminDigest !== undefined && timingSafeEqual(secretHash(credential), this.adminDigest)) return ADMIN_TOKEN_PRINCIPAL;
    return undefined;
  }

  /** Drops the cache when the access version moved: called on every wake-up of the store. */
  async refresh(): Promise<void> {
    const version = await this.store.accessVersion();
    if (version !== this.version) this.forget();
    this.version = version;
  }

  /** Drops every cached token (after this instance changed one). */
  forget(): void {
    this.cache.clear();
    this.generation++;
  }

  private async token(secret: string): Promise<ApiToken | undefined> {
    const key = secretHash(secret);
    const id = key.toString('base64');
    let cached = this.cache.get(id);
    if (cached === undefined) {
      const generation = this.generation;
      const token = await this.store.tokenBySecretHash(key);
      if (token === undefined) return undefined;
      cached = { token, lastUseWritten: token.lastUsedAt === null ? 0 : Date.parse(token.lastUsedAt) };
      if (generation === this.generation) {
        if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
        this.cache.set(id, cached);
      }
    }
    const now = this.now();
    if (cached.token.expiresAt !== null && Date.parse(cached.token.expiresAt) <= now) return undefined;
    if (now - cached.lastUseWritten >= LAST_USE_INTERVAL_MS) {
      cached.lastUseWritten = now;
      this.store.recordTokenUse(cached.token.id, new Date(now).toISOString()).catch((error: unknown) => this.onTrouble(error, 'recording a token use failed'));
    }
    return cached.token;
  }
}
