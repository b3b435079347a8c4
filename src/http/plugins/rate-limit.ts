import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { RateLimitConfig } from '../../config.js';
import type { RateLimitDecision, RateLimiter } from '../../ratelimit/limiter.js';
import { MemoryRateLimiter } from '../../ratelimit/memory-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limiter of the public routes; admin routes use it to clear a client's counters. */
    rateLimiter: RateLimiter;
  }
}

export interface RateLimitOptions {
  readonly limits: RateLimitConfig;
  /** A limiter made elsewhere (Redis), closed by its maker. Without one, an in-memory one lives and dies with the app. */
  readonly limiter?: RateLimiter | undefined;
  /** Wall clock in milliseconds. */
  readonly now?: (() => number) | undefined;
}

/** The 429 body of decisions §8. */
export const RateLimitExceededSchema = Type.Object({
  statusCode: Type.Literal(429),
  error: Type.Literal('Rate limit exceeded'),
  message: Type.String({ description: 'Names the limit and its window, and when to try again' }),
  retryAfter: Type.Integer({ description: 'Unix seconds, equal to X-RateLimit-Reset' }),
});
export type RateLimitExceededBody = Readonly<Static<typeof RateLimitExceededSchema>>;

const isAdminPath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');
const isPublicApiPath = (path: string) => path.startsWith('/api/') && !isAdminPath(path);

/**
 * Every public `/api/*` request counts, whatever its route or status; admin routes and preflights
 * do not. The matched route's pattern decides first, as the router decoded the path to find it
 * (`/%61pi/slots` is `/api/slots`, `/api/%61dmin/...` is admin); the raw path covers the rest.
 */
export function isRateLimited(request: FastifyRequest): boolean {
  if (request.method === 'OPTIONS') return false;
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && isAdminPath(pattern)) return false;
  return (pattern !== undefined && isPublicApiPath(pattern)) || isPublicApiPath(request.url.split('?')[0] ?? '');
}

/** The `X-RateLimit-*` headers of a decision, as a flat name/value list (what `writeHead` takes). */
export function rateLimitHeaders(decision: RateLimitDecision): string[] {
  return [
    'x-ratelimit-limit',
    String(decision.limit),
    'x-ratelimit-remaining',
    String(decision.remaining),
    'x-ratelimit-reset',
    String(decision.reset),
    'x-ratelimit-window',
    decision.window,
  ];
}

/** Whole seconds until a refused client may try again (at least one), for `Retry-After`. */
export function retryAfterSeconds(decision: RateLimitDecision, nowMs: number): number {
  return Math.max(1, Math.ceil(decision.reset - nowMs / 1000));
}

export function rateLimitExceeded(decision: RateLimitDecision, retryAfterSeconds: number): RateLimitExceededBody {
  return {
    statusCode: 429,
    error: 'Rate limit exceeded',
    message:
      `Too many requests: the limit is ${decision.limit} requests per ${decision.window}. ` +
      `Try again in ${retryAfterSeconds} seconds.`,
    retryAfter: decision.reset,
  };
}

/** The limiter's part of an answer, shared by the hook and the router's own errors. */
type RequestCounter = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Counts a request of the public API and stamps the binding window's `X-RateLimit-*` headers on
 * the reply; over the limit it answers 429 itself. Resolves whether it answered.
 */
function requestCounter(limiter: RateLimiter, now: () => number): RequestCounter {
  return async (request, reply) => {
    if (!isRateLimited(request)) return false;
    const decision = await limiter.consume(request.ip);
    const headers = rateLimitHeaders(decision);
    for (let i = 0; i < headers.length; i += 2) reply.header(headers[i] as string, headers[i + 1]);
    if (decision.allowed) return false;
    const retryAfter = retryAfterSeconds(decision, now());
    reply.code(429).header('retry-after', String(retryAfter)).type('application/json; charset=utf-8').send(rateLimitExceeded(decision, retryAfter));
    return true;
  };
}

/**
 * Counts every public API request before its route runs and stamps the binding window's
 * `X-RateLimit-*` headers on the reply, so they survive into error answers; over the limit it
 * answers 429 itself, through the reply so the CORS and timing hooks still apply. Returns the
 * limiter in use, which is also `app.rateLimiter`, and the counter for requests the router refuses
 * before any hook runs (a malformed percent-encoding), which count all the same.
 */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): { readonly limiter: RateLimiter; readonly countRequest: RequestCounter } {
  const now = options.now ?? Date.now;
  const limiter: RateLimiter = options.limiter ?? new MemoryRateLimiter({ limits: options.limits, now });
  if (options.limiter === undefined) app.addHook('onClose', () => limiter.close());
  limiter.onStoreChange?.((change) => {
    if (change.shared) app.log.info('rate limits: Redis is back; counting there again');
    else app.log.warn({ err: change.error }, 'rate limits: Redis unreachable; counting per instance until it is back');
  });
  app.decorate('rateLimiter', limiter);
  const countRequest = requestCounter(limiter, now);

  app.addHook('onRequest', async (request, reply) => {
    await countRequest(request, reply);
  });
  return { limiter, countRequest };
}
