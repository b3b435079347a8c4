import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
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
  /** How often quiet streams get a comment line; the production value when not given. */
  readonly heartbeatMs?: number;
}

/**
 * Following the catalogue from outside (decisions §19): the snapshot to start from, the change feed
 * and its stream. All three are public routes, rate limited like every other.
 */
export function followRoutes(app: FastifyInstance, deps: FollowDeps): void {
  const { config, catalogue } = deps;
  const tail = new ChangeTail(catalogue.store, catalogue, (error) => app.log.warn({ err: error }, 'change stream: reading the log failed; retrying with the next change'));
  snapshotRoute(app, config, catalogue);
  changesRoute(app, config, deps.feed);
  streamRoute(app, { config, store: catalogue.store, tail, streams: new OpenStreams(deps.heartbeatMs), proxyTrust: deps.proxyTrust });
}
