import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { RateLimitConfig } from '../../config.js';
import type { RateLimitDecision, RateLimiter } from '../../ratelimit/limiter.js';
import { MemoryRateLimiter } from '../../ratelimit/memory-limiter.js';
import { clientAddress, type TrustFunction } from '../caller/proxy-trust.js';
import { FreshDecimals } from '../answers/fresh-decimal.js';
import { apiArea } from '../input/path-segments.js';

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
  /** Which proxies are believed about the client. */
  readonly proxyTrust: TrustFunction | false;
}

/** The 429 body of decisions §8. */
export const RateLimitExceededSchema = Type.Object({
  statusCode: Type.Literal(429),
  error: Type.Literal('Rate limit exceeded'),
  message: Type.String({ description: 'Names the limit and its window, and when to try again' }),
  retryAfter: Type.Integer({ description: 'Unix seconds, equal to X-RateLimit-Reset' }),
});
export type RateLimitExceededBody = Readonly<Static<typeof RateLimitExceededSchema>>;

/**
 * Every public `/api/*` request counts, whatever its route, status or whatever refused it; admin
 * routes and preflights do not. The path is read as the router decodes it (`/%61pi/slots` is
 * `/api/slots`, `/api/%61dmin/...` is admin), even when part of it cannot be decoded at all.
 */
function isRateLimited(request: FastifyRequest): boolean {
  if (request.method === 'OPTIONS') return false;
  const area = apiArea(request.url);
  return area !== undefined && area !== 'admin';
}

/** `X-RateLimit-Remaining` under a high limit changes on every request. */
const remainingTexts = new FreshDecimals();

/** The `X-RateLimit-*` headers of a decision appended to a flat name/value list (what `writeHead` takes). */
export function rateLimitHeaders(decision: RateLimitDecision, headers: string[] = []): string[] {
  headers.push(
    'x-ratelimit-limit',
    String(decision.limit),
    'x-ratelimit-remaining',
    remainingTexts.text(decision.remaining),
    'x-ratelimit-reset',
    String(decision.reset),
    'x-ratelimit-window',
    decision.window,
  );
  return headers;
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

/** The limiter in use (also `app.rateLimiter`), and the counting of one request as the hook does it. */
export interface RateLimiting {
  readonly limiter: RateLimiter;
  /**
   * Counts a public API request and stamps the binding window's `X-RateLimit-*` headers on the
   * reply; over the limit it answers 429 itself and returns true. For answers no hook sees too.
   */
  readonly limit: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/**
 * Counts every public API request before its route runs and stamps the binding window's
 * `X-RateLimit-*` headers on the reply, so they survive into error answers; over the limit it
 * answers 429 itself, through the reply so the CORS and timing hooks still apply.
 */
export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): RateLimiting {
  const now = options.now ?? Date.now;
  const limiter: RateLimiter = options.limiter ?? new MemoryRateLimiter({ limits: options.limits, now });
  if (options.limiter === undefined) app.addHook('onClose', () => limiter.close());
  limiter.onStoreChange?.((change) => {
    if (change.shared) app.log.info('rate limits: Redis is back; counting there again');
    else app.log.warn({ err: change.error }, 'rate limits: Redis unreachable; counting per instance until it is back');
  });
  app.decorate('rateLimiter', limiter);

  const limit = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!isRateLimited(request)) return false;
    // Not `request.ip`: Fastify leaves proxies out of it on the requests it refuses before routing.
    const client = clientAddress(request.raw, options.proxyTrust);
    if (client === undefined) return false;
    const decision = await limiter.consume(client);
    const headers = rateLimitHeaders(decision);
    for (let i = 0; i < headers.length; i += 2) reply.header(headers[i] as string, headers[i + 1]);
    if (decision.allowed) return false;
    const retryAfter = retryAfterSeconds(decision, now());
    reply
      .code(429)
      .header('retry-after', String(retryAfter))
      .type('application/json; charset=utf-8')
      .send(rateLimitExceeded(decision, retryAfter));
    return true;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (await limit(request, reply)) return reply;
  });
  return { limiter, limit };
}
