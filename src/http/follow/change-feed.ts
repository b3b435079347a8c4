import { Buffer } from 'node:buffer';
import { publicChange } from '../../catalogue/records/public-change.js';
import { StoreUnavailableError, type LoggedChange, type Store } from '../../store/store.js';
import { HttpError } from '../answers/errors.js';
import { goneError } from './cursor.js';

/** What the cache of full pages may hold: about a hundred pages of a thousand one-slot changes. */
const CACHED_PAGE_BYTES = 64 * 1024 * 1024;

/** The database did not answer: the feed reads it (not the snapshot), so a retry will. */
export function feedUnavailable(error: unknown): unknown {
  return error instanceof StoreUnavailableError ? new HttpError(503, 'database: unavailable; try again shortly', { 'retry-after': '5' }) : error;
}

/** A full page's bytes up to `"latest":`, and what the log said when it was last looked at. */
interface KeptPage {
  readonly head: Buffer;
  /** The position count at that look: while it stands, nothing was committed that this instance knows of. */
  checkedAt: number;
  latest: number;
}

/**
 * The pages of `GET /api/changes` (decisions §19), read from the store so every instance answers
 * the same, for the Fastify route and the fast path alike. A full page never changes (its changes
 * are committed and it is as long as asked), so its bytes up to `"latest":` are kept, least
 * recently used first out. Whether the log still holds a kept page (else the 410) and the latest
 * number change only with a commit, and every commit this instance learns of moves its position
 * (`advanced`), so a page asked again reads one row once per position, and not at all in between:
 * as fresh as the snapshot `GET /api/slots` answers from.
 */
export class ChangeFeed {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;
  private position = 0;

  constructor(
    private readonly store: Store,
    private readonly maxBytes = CACHED_PAGE_BYTES,
  ) {}

  /** The catalogue moved on (a write, a change followed, a load): kept pages are looked at again. */
  advanced(): void {
    this.position++;
  }

  /** The page's JSON body; throws the 410 of a cursor the log no longer reaches, or a 503. */
  async page(after: number, limit: number, base: string): Promise<Buffer> {
    const key = `${after} ${limit} ${base}`;
    const kept = this.pages.get(key);
    if (kept !== undefined) {
      this.pages.delete(key);
      this.pages.set(key, kept);
      if (kept.checkedAt !== this.position) await this.check(key, kept, after);
      return withLatest(kept.head, kept.latest);
    }
    const read = await this.read(after, limit);
    const changes = JSON.stringify(read.changes.map(({ sequence, time, change }) => publicChange(sequence, time, change, base)));
    const head = Buffer.from(`{"changes":${changes},"next":${read.changes.at(-1)?.sequence ?? after},"latest":`);
    if (read.changes.length === limit) this.keep(key, { head, checkedAt: read.position, latest: read.latest });
    return withLatest(head, read.latest);
  }

  /** Whether the log still holds `page` (its first change's row), and the latest number now; a page it no longer holds is dropped. */
  private async check(key: string, page: KeptPage, after: number): Promise<void> {
    try {
      const read = await this.read(after, 1);
      page.checkedAt = read.position;
      page.latest = read.latest;
    } catch (error) {
      if (this.pages.get(key) === page) {
        this.pages.delete(key);
        this.bytes -= page.head.length;
      }
      throw error;
    }
  }

  /** `limit` changes after `after`, with the position the read started at; the 410 when the log cannot go on from `after`. */
  private async read(after: number, limit: number): Promise<{ position: number; latest: number; changes: readonly LoggedChange[] }> {
    const position = this.position;
    const read = await this.store.readChanges(after, limit).catch((error: unknown) => {
      throw feedUnavailable(error);
    });
    if (read.changes === undefined) throw goneError(after, read.latest);
    return { position, latest: read.latest, changes: read.changes };
  }

  private keep(key: string, page: KeptPage): void {
    if (page.head.length > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += page.head.length;
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldKey);
      this.bytes -= old.head.length;
    }
  }
}

function withLatest(head: Buffer, latest: number): Buffer {
  const tail = Buffer.from(`${latest}}`);
  return Buffer.concat([head, tail], head.length + tail.length);
}
