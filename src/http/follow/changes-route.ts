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
import { HistoryIdSchema, HistorySchema } from './history-schema.js';

const ChangesQuerySchema = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'The sequence to continue after: a snapshot\'s `sequence`, or the `next` of the last page' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_FEED_LIMIT, default: DEFAULT_FEED_LIMIT, description: 'Changes per page; outside 1-1000 is a 400' })),
  history: Type.Optional(HistorySchema),
});

const ChangePageSchema = Type.Object(
  {
    changes: Type.Array(PublicChangeSchema, { description: 'The changes after `after`, oldest first' }),
    next: Type.Integer({ minimum: 0, description: 'The last sequence of this page (or `after` when it is empty): the next `after`' }),
    latest: Type.Integer({ minimum: 0, description: 'The last change committed; the copy is current once `next` reaches it' }),
    history: HistoryIdSchema,
  },
  { description: 'A page of the change feed' },
);

const GoneSchema = Type.Object(
  { ...ErrorBodySchema.properties, snapshot: Type.Literal(SNAPSHOT_PATH, { description: 'Where to start again' }) },
  {
    description:
      'The changes after `after` are no longer kept, `after` is beyond every change logged, or `history` is not the database\'s ' +
      '(it was restored since): load the snapshot and follow from its `sequence`',
  },
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
    description:
      'Pass a snapshot\'s `sequence` as `after` and its `history` as `history`, then each page\'s `next`. ' +
      'A cursor the log no longer reaches, or of another history, is a 410: start again from the snapshot.',
    querystring: ChangesQuerySchema,
    response: { 200: ChangePageSchema, 410: GoneSchema, 503: { ...ErrorBodySchema, description: 'The database did not answer; try again' } },
  };
  app.get('/api/changes', { ...DOCUMENTED_ONLY, schema }, async (request, reply) => {
    const { after, limit, history } = feedCursor(request.query as Query);
    return sendJson(reply, await feed.page(after, limit, baseUrl(request, config), history));
  });
}
