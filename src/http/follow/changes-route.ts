import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { publicChange, PublicChangeSchema } from '../../catalogue/records/public-change.js';
import type { Config } from '../../config.js';
import { StoreUnavailableError, type Store } from '../../store/store.js';
import { baseUrl } from '../caller/base-url.js';
import { ErrorBodySchema, HttpError } from '../answers/errors.js';
import { sendJson } from '../answers/json-reply.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import type { Query } from '../input/query.js';
import { DEFAULT_FEED_LIMIT, feedCursor, goneError, MAX_FEED_LIMIT, SNAPSHOT_PATH } from './cursor.js';

const ChangesQuerySchema = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'The sequence to continue after: a snapshot\'s `sequence`, or the `next` of the last page' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FEED_LIMIT, default: DEFAULT_FEED_LIMIT, description: 'Changes per page; outside 1-1000 is a 400' })),
});

const ChangePageSchema = Type.Object(
  {
    changes: Type.Array(PublicChangeSchema, { description: 'The changes after `after`, oldest first' }),
    next: Type.Integer({ minimum: 0, description: 'The last sequence of this page (or `after` when it is empty): the next `after`' }),
    latest: Type.Integer({ minimum: 0, description: 'The last change committed; the copy is current once `next` reaches it' }),
  },
  { description: 'A page of the change feed' },
);

const GoneSchema = Type.Object(
  { ...ErrorBodySchema.properties, snapshot: Type.Literal(SNAPSHOT_PATH, { description: 'Where to start again' }) },
  { description: 'The changes after `after` are no longer kept (or `after` is beyond every change logged): load the snapshot and follow from its `sequence`' },
);

/** The database did not answer: the feed reads it (not the snapshot), so a retry will. */
export function feedUnavailable(error: unknown): unknown {
  return error instanceof StoreUnavailableError ? new HttpError(503, 'database: unavailable; try again shortly', { 'retry-after': '5' }) : error;
}

/** Full pages kept, and the bytes they may hold together: followers catching up ask for the same pages. */
const CACHED_PAGES = 64;
const CACHED_BYTES = 64 * 1024 * 1024;

/**
 * Full pages already answered, as JSON text of their `changes`. A full page never changes (its
 * changes are committed and the page is as long as asked), so only whether the log still holds
 * its first change, and the latest number, are read again: one row instead of a thousand.
 */
class FullPages {
  private readonly pages = new Map<string, { readonly changes: string; readonly next: number }>();
  private bytes = 0;

  get(key: string): { readonly changes: string; readonly next: number } | undefined {
    return this.pages.get(key);
  }

  keep(key: string, changes: string, next: number): void {
    if (this.pages.size >= CACHED_PAGES || this.bytes + changes.length > CACHED_BYTES) {
      this.pages.clear();
      this.bytes = 0;
    }
    this.pages.set(key, { changes, next });
    this.bytes += changes.length;
  }
}

/** `GET /api/changes`: the change log as pages (decisions §19), read from the store, so every instance answers the same. */
export function changesRoute(app: FastifyInstance, config: Config, store: Store): void {
  const fullPages = new FullPages();
  const schema = {
    operationId: 'listChanges',
    tags: ['following'],
    summary: 'The changes after a sequence number, oldest first',
    description: 'Pass a snapshot\'s `sequence` as `after`, then each page\'s `next`. A cursor the log no longer reaches is a 410: start again from the snapshot.',
    querystring: ChangesQuerySchema,
    response: { 200: ChangePageSchema, 410: GoneSchema, 503: { ...ErrorBodySchema, description: 'The database did not answer; try again' } },
  };
  app.get('/api/changes', { ...DOCUMENTED_ONLY, schema }, async (request, reply) => {
    const { after, limit } = feedCursor(request.query as Query);
    const base = baseUrl(request, config);
    const key = `${after} ${limit} ${base}`;
    const cached = fullPages.get(key);
    const page = await store.readChanges(after, cached === undefined ? limit : 1).catch((error: unknown) => {
      throw feedUnavailable(error);
    });
    if (page.changes === undefined) throw goneError(after, page.latest);
    if (cached !== undefined) return sendJson(reply, `{"changes":${cached.changes},"next":${cached.next},"latest":${page.latest}}`);
    const changes = JSON.stringify(page.changes.map(({ sequence, time, change }) => publicChange(sequence, time, change, base)));
    const next = page.changes.at(-1)?.sequence ?? after;
    if (page.changes.length === limit) fullPages.keep(key, changes, next);
    return sendJson(reply, `{"changes":${changes},"next":${next},"latest":${page.latest}}`);
  });
}
