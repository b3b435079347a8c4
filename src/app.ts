import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { AccessService } from './access/access-service.js';
import { Authenticator } from './access/authenticator.js';
import type { CatalogueService } from './service/catalogue-service.js';
import type { Config } from './config.js';
import type { RateLimiter } from './ratelimit/limiter.js';
import type { StreamSeats } from './ratelimit/stream-seats.js';
import { answerClientError } from './http/connection/client-error.js';
import { toOriginForm } from './http/connection/request-target.js';
import type { RouteContext } from './http/routes/context.js';
import { CORS_HEADERS, registerCors } from './http/plugins/cors.js';
import { registerDraining } from './http/plugins/draining.js';
import { registerProtocolChecks } from './http/plugins/protocol.js';
import { registerRateLimit, type RateLimiting } from './http/plugins/rate-limit.js';
import { authenticated } from './http/plugins/admin-auth.js';
import { trustFunction } from './http/caller/proxy-trust.js';
import { MAX_PATH_SEGMENT_LENGTH, registerErrorHandling, renderError } from './http/plugins/errors.js';
import { registerResponseTime, stampResponseTime } from './http/plugins/response-time.js';
import { adminRoutes } from './http/routes/admin.js';
import { emojiRoutes } from './http/routes/emojis.js';
import { matchRoutes } from './http/routes/match.js';
import { pageRoutes } from './http/routes/pages.js';
import { consoleRoutes } from './http/routes/console/console.js';
import { redirectRoutes } from './http/routes/redirects.js';
import { slotRoutes } from './http/routes/slots.js';
import { PUBLIC_BODY_LIMIT, SERVER_TIMEOUTS, serverOptions, type ServerTimeouts } from './http/connection/server-options.js';
import { fastPath, type FastPath } from './http/fast-path/fast-path.js';
import { loggerOptions } from './http/observability/logging.js';
import { AppMetrics, type MetricsExposition } from './http/observability/metrics.js';
import type { BackgroundTallies } from './http/observability/signal-metrics.js';
import { jsonParser } from './http/input/json-parser.js';
import { apiArea } from './http/input/path-segments.js';
import { registerOpenApi } from './http/contract/openapi.js';
import { lazySerializers } from './http/contract/lazy-serializers.js';
import { lazyValidators } from './http/contract/lazy-validators.js';
import { registerMetrics } from './http/plugins/metrics.js';
import { registerRequestId, requestId, stampRequestId } from './http/caller/request-id.js';
import { operationsRoutes } from './http/routes/operations.js';
import { followRoutes } from './http/follow/follow-routes.js';
import { ChangeFeed } from './http/follow/change-feed.js';
import { Webhooks } from './webhooks/webhooks.js';
import type { InsightCounter } from './insights/counter.js';
import type { PopularIds } from './insights/popular-order.js';
import { popularRankings } from './http/insights/popular.js';
import { ClientKeys } from './ratelimit/client-key.js';
import { registerInsights, type CountInsight } from './http/insights/noted.js';

export interface AppDeps {
  readonly config: Config;
  readonly catalogue: CatalogueService;
  /** Fastify's logger setting; tests pass false. */
  readonly logger?: FastifyServerOptions['logger'];
  /** Where the JSON log lines go (stdout when not given); tests read them here. */
  readonly logStream?: { write(line: string): void };
  readonly random?: () => number;
  /** Per-client limits of the public routes; built from the config when not given. */
  readonly rateLimiter?: RateLimiter;
  /** The seats of open change streams (Redis), closed by their maker; counted in this process when not given. */
  readonly streamSeats?: StreamSeats;
  /** Wall clock in milliseconds, injectable so tests can move time without sleeping. */
  readonly now?: () => number;
  /** How long slow clients may take; the production values when not given. */
  readonly timeouts?: ServerTimeouts;
  /** Whether the hot public routes are answered before Fastify (the default); tests compare both ways. */
  readonly fastPath?: boolean;
  /** Webhook endpoint management; made over the catalogue's store with the configured guard when not given. */
  readonly webhooks?: Webhooks;
  /** How often quiet change streams get a comment line; the production value when not given. */
  readonly heartbeatMs?: number;
  /** What `/metrics` answers given this app's own metrics: those themselves when not given (one process). */
  readonly metricsExposition?: (own: AppMetrics) => MetricsExposition;
  /** What webhook delivery and audit pruning (started by server.ts) have done, for `/metrics`; none when not given. */
  readonly tallies?: BackgroundTallies;
  /** Counts what visitors ask for (decisions §21); nothing is counted when not given (`INSIGHTS=off`, most tests). */
  readonly insights?: InsightCounter;
  /** The popular order (decisions §21) that `sort=popular` and the home page follow; id order when not given. */
  readonly popular?: { readonly current: PopularIds };
}

/** The whole HTTP service, wired but not listening: `server.ts` listens, tests call `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const timeouts = deps.timeouts ?? SERVER_TIMEOUTS;
  // Set once the app is ready; until then every request is Fastify's.
  let answerFast: FastPath = () => false;
  // Set once the limiter is registered; routing errors count through it though no hook runs for them.
  let limitRefused: RateLimiting['limit'] = async () => false;
  // Set once the authenticator is made: a routing error under /api/admin is a 401 first without credentials (decisions §10).
  let credentialRefusal: (request: FastifyRequest) => Promise<unknown> = async () => undefined;
  const proxyTrust = trustFunction(config.trustProxy);
  const app = Fastify({
    logger: deps.logger ?? { ...loggerOptions(config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    genReqId: requestId,
    trustProxy: proxyTrust,
    bodyLimit: PUBLIC_BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers(), buildValidator: lazyValidators() } },
    ...serverOptions(timeouts),
    // Fastify's own HTTP/1 server, with the fast path in front of its handler.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, (request, response) => {
        toOriginForm(request);
        if (answerFast(request, response)) return;
        // Where Node would arm it with server.setTimeout (see below), for as long as Fastify takes.
        request.socket.setTimeout(timeouts.idleMs);
        handler(request, response);
      });
      server.keepAliveTimeout = timeouts.keepAliveMs;
      server.requestTimeout = timeouts.requestMs;
      // A client may end its sending side once its request is sent. By default Node then aborts the
      // request and closes the connection, so an answer that waits (a write to PostgreSQL) was lost,
      // though the write was made. Node's own switch, not in its typings, keeps the connection for it.
      Object.assign(server, { httpAllowHalfOpen: true });
      // No server.setTimeout: Node would arm that idle timer again on every request, a new timer per
      // answer, though most fast answers leave in one write and nothing is left to wait for. The
      // fast path arms it only for an answer that did not leave at once (see `fastPath`).
      return server;
    },
    // The draining plugin answers requests that arrive during shutdown itself, with CORS.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    // Routing errors (malformed percent-encoding, an over-long segment) skip the hooks, so they are
    // counted, get their headers and, under /api/admin, ask for credentials here.
    frameworkErrors: (error, request, reply) => {
      reply.headers(CORS_HEADERS);
      stampResponseTime(request, reply);
      stampRequestId(request, reply);
      const answer = (problem: unknown) => renderError(problem, request, reply);
      limitRefused(request, reply).then(async (refused) => {
        if (refused) return;
        const unauthorized = apiArea(request.url) === 'admin' ? await credentialRefusal(request) : undefined;
        answer(unauthorized ?? error);
      }, answer);
    },
  });
  const context: RouteContext = {
    config,
    catalogue: () => deps.catalogue.current,
    popular: popularRankings(deps.popular),
    random: deps.random ?? Math.random,
  };
  // Only JSON bodies are accepted; anything else is a 415.
  app.removeContentTypeParser('text/plain');
  registerResponseTime(app);
  registerRequestId(app);
  registerCors(app);
  registerErrorHandling(app);
  const metrics = new AppMetrics(deps.catalogue);
  registerMetrics(app, metrics);
  const isDraining = registerDraining(app);
  const now = deps.now ?? Date.now;
  app.decorate('proxyTrust', { getter: () => proxyTrust });
  const { limiter: rateLimiter, limit } = registerRateLimit(app, { limits: config.rateLimit, limiter: deps.rateLimiter, now, proxyTrust });
  limitRefused = limit;
  // After the limiter, so its refusals count and carry X-RateLimit-* like every API answer.
  registerProtocolChecks(app);
  const counter = deps.insights;
  // A visitor is named by the limiter's key of its address (decisions §8, §21), whichever path answered.
  const clientKeys = new ClientKeys(config.rateLimit.ipv6Prefix);
  const countInsight: CountInsight | undefined =
    counter === undefined ? undefined : (insight, client, userAgent) => counter.count(insight, clientKeys.of(client), userAgent);
  if (countInsight !== undefined) registerInsights(app, countInsight);
  await registerOpenApi(app, config);
  const exposition = deps.metricsExposition?.(metrics) ?? metrics;
  const store = deps.catalogue.store;
  const authenticator = new Authenticator(store.access, config.adminToken, now, (error, what) => app.log.warn({ err: error }, what));
  // Another instance's token or operator change drops this one's cached tokens on the store's next wake-up.
  await store.onChange(() => {
    authenticator.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'reading the access version failed; tokens stay cached until the next wake-up'));
  });
  await authenticator.refresh();
  credentialRefusal = (request) => authenticated(request, authenticator).then(() => undefined, (refusal: unknown) => refusal);
  const access = new AccessService(store.access, authenticator, now);
  operationsRoutes(app, { catalogue: deps.catalogue, metrics: exposition, authenticator });
  slotRoutes(app, context);
  emojiRoutes(app, context);
  matchRoutes(app, context);
  redirectRoutes(app, context);
  const feed = new ChangeFeed(store);
  deps.catalogue.onAdvance(() => feed.advanced());
  const streams = followRoutes(app, { config, catalogue: deps.catalogue, proxyTrust, feed, streamSeats: deps.streamSeats, ...(deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs }) });
  metrics.addSignals({ catalogue: deps.catalogue, openStreams: () => streams.size, tallies: deps.tallies, now });
  const webhooks = deps.webhooks ?? new Webhooks(deps.catalogue.store, { allowPrivate: config.webhookAllowPrivate });
  adminRoutes(app, { config, catalogue: deps.catalogue, rateLimiter, access, authenticator, webhooks, now });
  pageRoutes(app, context);
  consoleRoutes(app, { config, catalogue: deps.catalogue, access, webhooks, sessions: store.sessions, now, popular: context.popular });
  await app.ready();
  if (deps.fastPath !== false) {
    const parseJson = jsonParser(app);
    answerFast = fastPath({
      config,
      proxyTrust,
      catalogue: context.catalogue,
      limiter: rateLimiter,
      now,
      metrics,
      log: app.log,
      isDraining,
      parseJson,
      idleTimeoutMs: timeouts.idleMs,
      feed,
      countInsight,
      popular: context.popular,
    });
  }
  return app;
}
