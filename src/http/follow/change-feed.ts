import { Buffer } from 'node:buffer';
import { publicChange } from '../../catalogue/records/public-change.js';
import { StoreUnavailableError, type Store } from '../../store/store.js';
import { HttpError } from '../answers/errors.js';
import { goneError } from './cursor.js';

/** What the cache of full pages may hold: about a hundred pages of a thousand one-slot changes. */
const CACHED_PAGE_BYTES = 64 * 1024 * 1024;

/** The database did not answer: the feed reads it (not the snapshot), so a retry will. */
export function feedUnavailable(error: unknown): unknown {
  return error instanceof StoreUnavailableError ? new HttpError(503, 'database: unavailable; try again shortly', { 'retry-after': '5' }) : error;
}

/**
 * The pages of `GET /api/changes` (decisions §19), read from the store so every instance answers
 * the same, for the Fastify route and the fast path alike. A full page never changes (its changes
 * are committed and it is as long as asked), so its bytes up to `"latest":` are kept, least
 * recently used first out, and a page asked again costs one row read: whether the log still holds
 * its first change (else the 410), and the latest number.
 */
export class ChangeFeed {
  private readonly pages = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly store: Store,
    private readonly maxBytes = CACHED_PAGE_BYTES,
  ) {}

  /** The page's JSON body; throws the 410 of a cursor the log no longer reaches, or a 503. */
  async page(after: number, limit: number, base: string): Promise<Buffer> {
    const key = `${after} ${limit} ${base}`;
    const cached = this.pages.get(key);
    const read = await this.store.readChanges(after, cached === undefined ? limit : 1).catch((error: unknown) => {
      throw feedUnavailable(error);
    });
    if (read.changes === undefined) throw goneError(after, read.latest);
    const latest = Buffer.from(`${read.latest}}`);
    if (cached !== undefined) {
      this.pages.delete(key);
      this.pages.set(key, cached);
      return Buffer.concat([cached, latest], cached.length + latest.length);
    }
    const changes = JSON.stringify(read.changes.map(({ sequence, time, change }) => publicChange(sequence, time, change, base)));
    const head = Buffer.from(`{"changes":${changes},"next":${read.changes.at(-1)?.sequence ?? after},"latest":`);
    if (read.changes.length === limit) this.keep(key, head);
    return Buffer.concat([head, latest], head.length + latest.length);
  }

  private keep(key: string, head: Buffer): void {
    if (head.length > this.maxBytes) return;
    this.pages.set(key, head);
    this.bytes += head.length;
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldKey);
      this.bytes -= old.length;
    }
  }
}
