import { Buffer } from 'node:buffer';
import { publicChange } from '../../catalogue/records/public-change.js';
import { StoreUnavailableError, type LoggedChange, type Store } from '../../store/store.js';
import { HttpError } from '../answers/errors.js';
import { goneError, historyGoneError } from './cursor.js';

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
  /** The history its changes belong to: a page of another history is never answered again. */
  readonly history: string;
}

/** What a read of the log found after a cursor. */
interface FeedRead {
  /** The position count the read started at. */
  readonly position: number;
  readonly latest: number;
  readonly history: string;
  readonly changes: readonly LoggedChange[];
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

  /**
   * The page's JSON body; throws the 410 of a cursor the log no longer reaches or of another
   * `history` than the database's (decisions §20), or a 503.
   */
  async page(after: number, limit: number, base: string, history?: string): Promise<Buffer> {
    const key = `${after} ${limit} ${base}`;
    const kept = this.pages.get(key);
    if (kept !== undefined && (kept.checkedAt === this.position || (await this.check(key, kept, after, history)))) {
      this.pages.delete(key);
      this.pages.set(key, kept);
      if (history !== undefined && history !== kept.history) throw historyGoneError(history, kept.history);
      return withTail(kept.head, kept.latest, kept.history);
    }
    const read = await this.read(after, limit, history);
    const changes = JSON.stringify(read.changes.map(({ sequence, time, change }) => publicChange(sequence, time, change, base)));
    const head = Buffer.from(`{"changes":${changes},"next":${read.changes.at(-1)?.sequence ?? after},"latest":`);
    if (read.changes.length === limit) this.keep(key, { head, checkedAt: read.position, latest: read.latest, history: read.history });
    return withTail(head, read.latest, read.history);
  }

  /**
   * Whether the log still holds `page` (its first change's row) in the same history, and the latest
   * number now; a page it no longer holds is dropped (false when only its history moved on).
   */
  private async check(key: string, page: KeptPage, after: number, history: string | undefined): Promise<boolean> {
    try {
      const read = await this.read(after, 1, history);
      if (read.history !== page.history) {
        this.drop(key, page);
        return false;
      }
      page.checkedAt = read.position;
      page.latest = read.latest;
      return true;
    } catch (error) {
      this.drop(key, page);
      throw error;
    }
  }

  private drop(key: string, page: KeptPage): void {
    if (this.pages.get(key) !== page) return;
    this.pages.delete(key);
    this.bytes -= page.head.length;
  }

  /**
   * `limit` changes after `after`, with the position the read started at; the 410 when the log
   * cannot go on from `after`, or counts in another history than `history`.
   */
  private async read(after: number, limit: number, history: string | undefined): Promise<FeedRead> {
    const position = this.position;
    const read = await this.store.readChanges(after, limit).catch((error: unknown) => {
      throw feedUnavailable(error);
    });
    if (history !== undefined && history !== read.history) throw historyGoneError(history, read.history);
    if (read.changes === undefined) throw goneError(after, read.latest);
    return { position, latest: read.latest, history: read.history, changes: read.changes };
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

function withTail(head: Buffer, latest: number, history: string): Buffer {
  const tail = Buffer.from(`${latest},"history":${JSON.stringify(history)}}`);
  return Buffer.concat([head, tail], head.length + tail.length);
}
