import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requestOrigin } from '../caller/proxy-trust.js';

/** `scheme://host[:port]` of a URL, or undefined when it is none. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the request came over HTTPS, as the app reads it (X-Forwarded-Proto only from a trusted proxy). */
export function isHttps(request: FastifyRequest): boolean {
  return requestOrigin(request.raw, request.server.proxyTrust).protocol === 'https';
}

/**
 * Whether a console POST came from the console's own pages (decisions §18): its `Origin`, or without
 * one its `Referer`, names this service (the request's own origin, or `PUBLIC_BASE_URL`'s). A browser
 * sends `Origin` with every POST; a request with neither carries no browser's ambient authority
 * beyond its cookie, and still needs the session's CSRF token.
 */
export function isSameOrigin(request: FastifyRequest, config: Config): boolean {
  const { origin, referer } = request.headers;
  const claimed = origin !== undefined ? (origin === 'null' ? undefined : originOf(origin)) : referer !== undefined ? originOf(referer) : null;
  if (claimed === null) return true;
  if (claimed === undefined) return false;
  const own = requestOrigin(request.raw, request.server.proxyTrust);
  const ours = [own.host === undefined ? undefined : originOf(`${own.protocol}://${own.host}`), config.publicBaseUrl === undefined ? undefined : originOf(config.publicBaseUrl)];
  return ours.includes(claimed);
}
