// Imported, not the globals: those are accessors, a getter call on every use in the hot path.
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from '../../catalogue/catalogue.js';
import type { PopularRanking } from '../../catalogue/search/popular-ranking.js';
import type { Config } from '../../config.js';
import type { RateLimitDecision, RateLimiter } from '../../ratelimit/limiter.js';
import { baseUrlOf, rememberedBaseUrls } from '../caller/base-url.js';
import { clientAddress, requestOrigin, type Origin, type TrustFunction } from '../caller/proxy-trust.js';
import { errorBody } from '../answers/errors.js';
import type { AppMetrics } from '../observability/metrics.js';
import { CORS_HEADERS } from '../plugins/cors.js';
import { errorAnswer, INTERNAL_ERROR_MESSAGE } from '../plugins/errors.js';
import { rateLimitExceeded, rateLimitHeaders, retryAfterSeconds } from '../plugins/rate-limit.js';
import { requestId } from '../caller/request-id.js';
import { PUBLIC_BODY_LIMIT } from '../connection/server-options.js';
import { emojiUsageBody } from '../routes/emojis.js';
import { matchBody, type MatchAnswer } from '../routes/match.js';
import { playTarget, REDIRECT_HEADERS } from '../routes/redirects.js';
import type { Insight } from '../../insights/insight.js';
import { isCountedAnswer, type CountInsight } from '../insights/noted.js';
import { similarBody, slotBody, slotListBody } from '../routes/slots.js';
import { plainQuery, recognise, type FastRequest } from './recognise.js';
import { bodyBytes, MB, perSnapshotScopedCache } from '../answers/snapshot-memo.js';
import type { Representation } from '../answers/entity-tag.js';
import type { ChangeFeed } from '../follow/change-feed.js';
import { feedCursor } from '../follow/cursor.js';
import { ifNoneMatchMatches } from '../answers/if-none-match.js';

export interface FastPathDeps {
  readonly config: Config;
  /** Which proxies are believed: the same function Fastify's `request.ip` asks. */
  readonly proxyTrust: TrustFunction | false;
  readonly catalogue: () => Catalogue;
  readonly limiter: RateLimiter;
  /** Wall clock in milliseconds. */
  readonly now: () => number;
  readonly metrics: AppMetrics;
  readonly log: FastifyBaseLogger;
  readonly isDraining: () => boolean;
  /** Fastify's own JSON body parser, so a body means the same on both paths; throws what Fastify would answer. */
  readonly parseJson: (text: string) => unknown;
  /** How long a connection may stay with nothing moving while an answer waits for the client to read it. */
  readonly idleTimeoutMs: number;
  /** The change feed's pages, which `GET /api/changes` answers from on both paths. */
  readonly feed: ChangeFeed;
  /** Counts what visitors ask (decisions §21); undefined with `INSIGHTS=off`. */
  readonly countInsight: CountInsight | undefined;
  /** The popular order of the moment, for `sort=popular` (decisions §21). */
  readonly popular: () => PopularRanking;
}

/** Answers Node's `request` event itself, or returns false to leave the request to Fastify. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

/** One request on its way through the fast path. */
interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly fast: FastRequest;
  /** Where the client sent the request, as slot URLs are built on it. */
  readonly origin: Origin;
  readonly id: string;
  /** The client's address, as the limiter reads it. */
  readonly client: string;
  /** `performance.now()` when the request arrived. */
  readonly started: number;
}

/** An answer worked out and waiting to be written. */
interface Answer {
  readonly exchange: Exchange;
  readonly status: number;
  /** Flat name/value list, without the headers written last (X-Response-Time, CORS, Content-Length). */
  readonly headers: string[];
  readonly body: string | Buffer;
  /** The ask this answer counts as, if it is a countable one. */
  readonly insight: Insight | undefined;
}

/** The fast requests answered with a tagged JSON body. */
type TaggedRequest = Exclude<FastRequest, { readonly route: '/api/play/:emojis' | '/api/match' | '/api/changes' }>;

const JSON_TYPE = 'application/json; charset=utf-8';
const CORS_LIST: readonly string[] = Object.entries(CORS_HEADERS).flat();
const REDIRECT_LIST: readonly string[] = Object.entries(REDIRECT_HEADERS).flat();
/** The only request body types taken here; every other one (and its 415) is Fastify's. */
const JSON_BODY_TYPE = /^application\/json(?:; ?charset=utf-8)?$/;
/** Where pino's levels start logging each request (Fastify logs two lines per request at info). */
const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace']);

/**
 * JSON GET answers by base URL and request URL, per snapshot: a repeated URL is one lookup, without
 * reading its query or slug again. Bounded in bytes too, as a long page can be a megabyte.
 */
const answersByUrl = perSnapshotScopedCache<Representation>({ entries: 4096, bytes: 64 * MB, bytesOf: bodyBytes, keepOnSecondAsk: true });

/** Match answers by base URL and request body, per snapshot; bodies of more bytes than this are not remembered. */
const matchAnswers = perSnapshotScopedCache<MatchAnswer>({ entries: 1024, bytes: 32 * MB, bytesOf: bodyBytes });
const MAX_REMEMBERED_MATCH_BODY = 512;

/** A request body Fastify's JSON parser refused, carrying the parser's error as its cause. */
class UnparsableBody extends Error {
  constructor(override readonly cause: unknown) {
    super('unparsable request body');
  }
}

/** Headers that would make Fastify see the request differently than this path does. */
function isPlain(request: IncomingMessage): boolean {
  const { headers } = request;
  if (headers.host === undefined || headers.expect !== undefined || headers['transfer-encoding'] !== undefined) return false;
  if (request.method === 'GET') return headers['content-length'] === undefined || headers['content-length'] === '0';
  const length = Number(headers['content-length']);
  const type = headers['content-type'];
  // The usual type compared first: a string comparison, where the pattern costs a RegExp call.
  const isJson = type === 'application/json' || (type !== undefined && JSON_BODY_TYPE.test(type));
  return isJson && length > 0 && length <= PUBLIC_BODY_LIMIT;
}

const elapsedMs = (started: number) => performance.now() - started;

/**
 * The hot public routes answered straight from Node's `request` event, with the same bytes, headers,
 * rate-limit counting, metrics and logs as Fastify's route would give, but without its per-request
 * machinery (request and reply objects, hook chains, route context). A request it does not recognise
 * exactly, or whose headers could change its meaning, goes to Fastify untouched.
 */
export function fastPath(deps: FastPathDeps): FastPath {
  const { config, limiter, log } = deps;
  // The level is the configured one for the life of the app: nothing sets it later.
  const logsRequests = REQUEST_LOG_LEVELS.has(log.level);
  const knownBaseUrl = rememberedBaseUrls(config);

  /** Answers worked out during this turn of the event loop after its first, to be written at its end. */
  let queued: Answer[] = [];
  /** Whether this turn has answered a request yet; its end is then scheduled. */
  let turnAnswered = false;

  function endTurn(): void {
    const answers = queued;
    queued = [];
    turnAnswered = false;
    for (const answer of answers) writeSafely(answer);
  }

  function writeSafely(answer: Answer): void {
    try {
      writeAnswer(answer);
    } catch (error) {
      // Uncaught, a throw ends the process, in the request event as at a turn's end (Node makes it no
      // client error), and every connection's answers with it; this drops the one connection.
      log.error({ reqId: answer.exchange.id, err: error }, 'answer could not be written');
      answer.exchange.response.destroy();
    }
  }

  /**
   * Writes the first answer of a turn of the event loop at once and queues the others for the turn's
   * end (`setImmediate` runs once Node has handled every request that arrived together). Under load
   * a turn's answers then leave in two bursts, and a client on the same machine (a proxy, a load
   * generator) is woken twice for them rather than once for each: waking it cost the writing server
   * 2–5 µs of kernel time a request on a loaded VM (bench/history/2026-11-25.md). A lone request, the
   * only one of its turn, leaves at once.
   */
  function write(exchange: Exchange, status: number, headers: string[], body: string | Buffer, insight?: Insight): void {
    const answer: Answer = { exchange, status, headers, body, insight };
    if (turnAnswered) {
      queued.push(answer);
      return;
    }
    turnAnswered = true;
    setImmediate(endTurn);
    writeSafely(answer);
  }

  function writeAnswer({ exchange, status, headers, body, insight }: Answer): void {
    const { request, response, fast, started } = exchange;
    headers.push('x-response-time', `${elapsedMs(started).toFixed(2)}ms`);
    for (const part of CORS_LIST) headers.push(part);
    // A 304 has no body, and (as Fastify sends it) no Content-Length.
    if (status !== 304) headers.push('content-length', String(Buffer.byteLength(body)));
    response.writeHead(status, headers).end(body);
    // Still buffered: the answer waits on the client to read, which it may never do.
    if (!response.writableFinished) request.socket.setTimeout(deps.idleTimeoutMs);
    const tookMs = elapsedMs(started);
    deps.metrics.observeRequest(fast.route, request.method as string, status, tookMs / 1000);
    deps.metrics.observeFastAnswer(fast.route);
    if (logsRequests) log.info({ reqId: exchange.id, res: { statusCode: status }, responseTime: tookMs }, 'request completed');
    if (insight !== undefined && deps.countInsight !== undefined && isCountedAnswer(request.method as string, status)) {
      deps.countInsight(insight, exchange.client, request.headers['user-agent'] ?? '');
    }
  }

  function writeError(exchange: Exchange, headers: string[], error: unknown): void {
    const answer = errorAnswer(error);
    if (answer === undefined) log.error({ reqId: exchange.id, err: error }, 'request failed');
    const statusCode = answer?.statusCode ?? 500;
    for (const [name, value] of Object.entries(answer?.headers ?? {})) headers.push(name, value);
    headers.push('content-type', JSON_TYPE);
    write(exchange, statusCode, headers, JSON.stringify({ ...errorBody(statusCode, answer?.message ?? INTERNAL_ERROR_MESSAGE), ...answer?.extra }));
  }

  /** The tagged body of a JSON GET, worked out from the request; throws its error answer. */
  function computedRepresentation(fast: TaggedRequest, origin: Origin): Representation {
    const catalogue = deps.catalogue();
    const base = () => baseUrlOf(config, origin);
    if (fast.route === '/api/slots/:idOrSlug') return slotBody(catalogue, fast.idOrSlug, base);
    if (fast.route === '/api/slots') return slotListBody(catalogue, plainQuery(fast.queryText), base, deps.popular());
    if (fast.route === '/api/slots/:idOrSlug/similar') return similarBody(catalogue, fast.idOrSlug, plainQuery(fast.queryText), base);
    return emojiUsageBody(catalogue, plainQuery(fast.queryText));
  }

  /**
   * The tagged body of a JSON GET: one lookup by base and URL once it has been worked out in this
   * snapshot. A request whose Host is no base URL is worked out each time, so its error is the one
   * Fastify's route gives (a bad parameter is named before a bad Host).
   */
  function tagged(exchange: Exchange, fast: TaggedRequest): Representation {
    const knownBase = knownBaseUrl(exchange.origin);
    if (knownBase === undefined) return computedRepresentation(fast, exchange.origin);
    const catalogue = deps.catalogue();
    const url = exchange.request.url as string;
    const known = answersByUrl.get(catalogue, knownBase, url);
    if (known !== undefined) return known;
    const computed = computedRepresentation(fast, exchange.origin);
    // A popular page is kept by the list's own cache, under the order's generation, not by URL.
    return computed.movesWithinSnapshot === true ? computed : answersByUrl.keep(catalogue, knownBase, url, computed);
  }

  /** The answer of a GET; only working it out may throw (an error answer), never writing it. */
  function answer(exchange: Exchange, headers: string[]): void {
    const { fast, origin, request } = exchange;
    let status = 200;
    let payload: string | Buffer = '';
    let insight: Insight | undefined;
    try {
      if (fast.route === '/api/play/:emojis') {
        const target = playTarget(deps.catalogue(), fast.emojis, () => baseUrlOf(config, origin));
        headers.push(...REDIRECT_LIST, 'location', target.location);
        insight = target.play;
        status = 302;
      } else if (fast.route !== '/api/match' && fast.route !== '/api/changes') {
        const representation = tagged(exchange, fast);
        const { body, etag } = representation;
        insight = representation.insight;
        headers.push('etag', etag);
        if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
          status = 304;
        } else {
          payload = body;
          headers.push('content-type', JSON_TYPE);
        }
      }
    } catch (error) {
      writeError(exchange, headers, error);
      return;
    }
    write(exchange, status, headers, payload, insight);
  }

  /** The request body as Fastify's parser reads it; throws `UnparsableBody` with the parser's error. */
  function parsedBody(text: string): unknown {
    try {
      return deps.parseJson(text);
    } catch (error) {
      throw new UnparsableBody(error);
    }
  }

  /**
   * The match answer to a request body: one lookup by base and body bytes once it has been worked out
   * in this snapshot (a page sends the same few bodies over and over); throws its error answer.
   */
  function matchAnswer(exchange: Exchange, bytes: Buffer): MatchAnswer {
    const { origin } = exchange;
    const knownBase = knownBaseUrl(origin);
    if (knownBase === undefined || bytes.length > MAX_REMEMBERED_MATCH_BODY) return computedMatch(bytes, origin);
    const catalogue = deps.catalogue();
    // One character per byte: the key needs no UTF-8 decoding on the way to a remembered answer.
    const key = bytes.toString('latin1');
    return matchAnswers.get(catalogue, knownBase, key) ?? matchAnswers.keep(catalogue, knownBase, key, computedMatch(bytes, origin));
  }

  /** The match answer worked out from the request body; throws its error answer. */
  function computedMatch(bytes: Buffer, origin: Origin): MatchAnswer {
    return matchBody(deps.catalogue(), parsedBody(bytes.toString('utf8')), () => baseUrlOf(config, origin));
  }

  /** Reads the JSON body (its length is known and small), then answers; a body Fastify would refuse gets the same 400. */
  function answerWithBody(exchange: Exchange, headers: string[]): void {
    const { request } = exchange;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A stream ends once: `once` would only add a wrapper and its removal to every request.
    request.on('end', () => {
      let payload: MatchAnswer;
      try {
        payload = matchAnswer(exchange, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
      } catch (error) {
        if (error instanceof UnparsableBody) {
          // As Fastify does after a body it could not parse: the client may still be sending.
          headers.push('connection', 'close');
          writeError(exchange, headers, error.cause);
        } else {
          writeError(exchange, headers, error);
        }
        return;
      }
      headers.push('content-type', JSON_TYPE);
      write(exchange, 200, headers, payload.body, payload.insight);
    });
  }

  /** A page of the change feed: read from the store (so it is answered a turn later), as Fastify's route does. */
  function answerFeed(exchange: Exchange, headers: string[], queryText: string): void {
    let page: Promise<Buffer>;
    try {
      const { after, limit, history } = feedCursor(plainQuery(queryText));
      page = deps.feed.page(after, limit, baseUrlOf(config, exchange.origin), history);
    } catch (error) {
      writeError(exchange, headers, error);
      return;
    }
    page.then(
      (body) => {
        headers.push('content-type', JSON_TYPE);
        write(exchange, 200, headers, body);
      },
      (error: unknown) => writeError(exchange, headers, error),
    );
  }

  function counted(exchange: Exchange, decision: RateLimitDecision): void {
    const headers = rateLimitHeaders(decision, ['x-request-id', exchange.id]);
    if (!decision.allowed) {
      const retryAfter = retryAfterSeconds(decision, deps.now());
      headers.push('retry-after', String(retryAfter), 'content-type', JSON_TYPE);
      deps.metrics.observeRejection(decision.window);
      write(exchange, 429, headers, JSON.stringify(rateLimitExceeded(decision, retryAfter)));
    } else if (exchange.fast.route === '/api/match') {
      answerWithBody(exchange, headers);
    } else if (exchange.fast.route === '/api/changes') {
      answerFeed(exchange, headers, exchange.fast.queryText);
    } else {
      answer(exchange, headers);
    }
  }

  return (request, response) => {
    const started = performance.now();
    const fast = recognise(request.method, request.url);
    if (fast === undefined || deps.isDraining() || !isPlain(request)) return false;
    const client = clientAddress(request, deps.proxyTrust);
    if (client === undefined) return false;
    const origin = requestOrigin(request, deps.proxyTrust);
    const exchange: Exchange = { request, response, fast, origin, id: requestId(request), client, started };
    if (logsRequests) {
      log.info({ reqId: exchange.id, req: { method: request.method, url: request.url, host: origin.host, ip: client } }, 'incoming request');
    }
    if (limiter.consumeNow !== undefined) {
      counted(exchange, limiter.consumeNow(client));
    } else {
      limiter.consume(client).then(
        (decision) => counted(exchange, decision),
        (error: unknown) => writeError(exchange, ['x-request-id', exchange.id], error),
      );
    }
    return true;
  };
}
