import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PublicChangeSchema } from '../../catalogue/records/public-change.js';
import type { Config } from '../../config.js';
import { baseUrl } from '../caller/base-url.js';
import { ErrorBodySchema } from '../answers/errors.js';
import { sendJson } from '../answers/json-reply.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import type { Query } from '../input/query.js';
import type { ChangeFeed } from './change-feed.js';
import { DEFAULT_FEED_LIMIT, feedCursor, MAX_FEED_LIMIT, SNAPSHOT_PATH } from './cursor.js';

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

/**
 * `GET /api/changes`: the change log as pages (decisions §19), read from the store, so every
 * instance answers the same. The fast path answers the same requests from the same `ChangeFeed`.
 */
export function changesRoute(app: FastifyInstance, config: Config, feed: ChangeFeed): void {
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
    return sendJson(reply, await feed.page(after, limit, baseUrl(request, config)));
  });
}
