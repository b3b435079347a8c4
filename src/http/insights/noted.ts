import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Insight } from '../../insights/insight.js';

/** Counts an ask that was answered 2xx or 3xx: the client's address (as the limiter reads it) and User-Agent name the visitor. */
export type CountInsight = (insight: Insight, client: string, userAgent: string) => void;

/** What each Fastify request asked, noted by its route, counted once its answer is sent. */
const noted = new WeakMap<FastifyRequest, Insight>();

/** Notes the countable ask a route answers; counted only if the answer is 2xx or 3xx and not to a HEAD. */
export function noteInsight(request: FastifyRequest, insight: Insight): void {
  noted.set(request, insight);
}

/** Whether an answer of this method and status is counted (decisions §21). */
export const isCountedAnswer = (method: string, status: number) => status >= 200 && status < 400 && method !== 'HEAD';

/** Counts, after each Fastify answer, the ask its route noted. */
export function registerInsights(app: FastifyInstance, count: CountInsight): void {
  app.addHook('onResponse', (request, reply, done) => {
    const insight = noted.get(request);
    if (insight !== undefined && isCountedAnswer(request.method, reply.statusCode)) count(insight, request.ip, request.headers['user-agent'] ?? '');
    done();
  });
}
