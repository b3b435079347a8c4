import type { FastifyServerOptions } from 'fastify';

/** The request line and all headers together may take this many bytes; more is a 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Public routes accept JSON bodies up to this size. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** How long a connection may take over each part of its life, so slow clients cannot hold the server. */
export interface ServerTimeouts {
  /** From a request's first byte to the end of its headers (and for a new connection to send them). */
  readonly headersMs: number;
  /** From a request's first byte to the end of its body. */
  readonly requestMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  readonly keepAliveMs: number;
  /** How long nothing may move on a connection at all, e.g. a client that stopped reading its answer. */
  readonly idleMs: number;
}

/**
 * Production values. `requestMs` bounds every body but an authenticated catalogue import's, which
 * may take as long as its bytes keep coming (slow-uploads.ts): `idleMs` then cuts one that stalls,
 * and has to outlast the slowest handler, an import of 110 MB.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, idleMs: 60_000 };

/** How often Node looks for requests past their time: a quarter of the headers timeout, at most a second. */
function checkingIntervalMs(timeouts: ServerTimeouts): number {
  return Math.max(1, Math.min(1000, Math.floor(timeouts.headersMs / 4)));
}

/** The Fastify (and Node `http.Server`) options that enforce these limits. */
export function serverOptions(timeouts: ServerTimeouts): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout'> & {
  readonly http: {
    readonly maxHeaderSize: number;
    readonly headersTimeout: number;
    readonly connectionsCheckingInterval: number;
    readonly requireHostHeader: boolean;
  };
} {
  return {
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: timeouts.headersMs,
      // Node's own check runs every 30 s by default, which would let a slow client stay that much longer.
      connectionsCheckingInterval: checkingIntervalMs(timeouts),
      // Node's answer to a missing Host is a bare 400 without CORS; the protocol plugin gives the JSON one.
      requireHostHeader: false,
    },
  };
}
