import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../observability/metrics.js';

/** Counts and times every answered request, and every 429 by the window that refused it. */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.observeRejection(String(reply.getHeader('x-ratelimit-window') ?? 'unknown'));
    done();
  });
}
