import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { MemoryStreamSeats } from '../../ratelimit/memory-stream-seats.js';
import type { StreamSeats } from '../../ratelimit/stream-seats.js';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { ChangeTail } from '../../service/change-tail.js';
import type { TrustFunction } from '../caller/proxy-trust.js';
import type { ChangeFeed } from './change-feed.js';
import { changesRoute } from './changes-route.js';
import { OpenStreams } from './open-streams.js';
import { snapshotRoute } from './snapshot-route.js';
import { streamRoute } from './stream-route.js';

export interface FollowDeps {
  readonly config: Config;
  readonly catalogue: CatalogueService;
  readonly proxyTrust: TrustFunction | false;
  /** The feed's pages, shared with the fast path. */
  readonly feed: ChangeFeed;
  /** How often quiet streams get a comment line (and their seats are renewed); the production value when not given. */
  readonly heartbeatMs?: number;
  /** The seats of open streams, made elsewhere (Redis) and closed by their maker; in this process when not given. */
  readonly streamSeats?: StreamSeats | undefined;
}

/**
 * Following the catalogue from outside (decisions §19): the snapshot to start from, the change feed
 * and its stream. All three are public routes, rate limited like every other. Returns the open
 * streams, which `/metrics` counts.
 */
export function followRoutes(app: FastifyInstance, deps: FollowDeps): OpenStreams {
  const { config, catalogue } = deps;
  const tail = new ChangeTail(catalogue.store, catalogue, (error) => app.log.warn({ err: error }, 'change stream: reading the log failed; retrying with the next change'));
  snapshotRoute(app, config, catalogue);
  changesRoute(app, config, deps.feed);
  const seats: StreamSeats = deps.streamSeats ?? new MemoryStreamSeats();
  seats.onStoreChange?.((change) => {
    if (change.shared) app.log.info('change streams: Redis is back; counting open streams there again');
    else app.log.warn({ err: change.error }, 'change streams: Redis unreachable; counting open streams per instance until it is back');
  });
  const streams = new OpenStreams(seats, deps.heartbeatMs);
  streamRoute(app, { config, store: catalogue.store, tail, streams, proxyTrust: deps.proxyTrust });
  return streams;
}
