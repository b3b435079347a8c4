import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { badRequest } from '../answers/errors.js';
import { requestOrigin, type Origin } from './proxy-trust.js';

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The origin slot page URLs are built on: `PUBLIC_BASE_URL` when set, else the request's own scheme
 * and host (the forwarded ones only from a trusted proxy, see `requestOrigin`).
 */
export function baseUrl(request: FastifyRequest, config: Config): string {
  return baseUrlOf(config, requestOrigin(request.raw, request.server.proxyTrust));
}

/** `baseUrl` from the origin a request was found to have. */
export function baseUrlOf(config: Config, origin: Origin): string {
  const base = validBaseUrl(config, origin);
  if (base !== undefined) return base;
  if (origin.protocol !== 'http' && origin.protocol !== 'https') throw badRequest('X-Forwarded-Proto: must be http or https');
  throw badRequest('Host: header is missing or not a valid host name');
}

/** `baseUrlOf`, or undefined where it refuses the origin. */
export function validBaseUrl(config: Config, origin: Origin): string | undefined {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl;
  if (origin.protocol !== 'http' && origin.protocol !== 'https') return undefined;
  if (origin.host === undefined || !HOST.test(origin.host)) return undefined;
  return `${origin.protocol}://${origin.host}`;
}

/** Distinct hosts remembered per scheme; the Host header is the client's to choose, so it is bounded. */
const REMEMBERED_HOSTS = 256;

/**
 * `validBaseUrl` remembered per scheme and host, for a path that asks on every request: a server is
 * reached under a few names, and the same base string each time makes it a cheap lookup key too.
 */
export function rememberedBaseUrls(config: Config): (origin: Origin) => string | undefined {
  const { publicBaseUrl } = config;
  if (publicBaseUrl !== undefined) return () => publicBaseUrl;
  const byScheme = new Map([
    ['http', new Map<string, string | undefined>()],
    ['https', new Map<string, string | undefined>()],
  ]);
  return (origin) => {
    const hosts = byScheme.get(origin.protocol);
    if (hosts === undefined || origin.host === undefined) return validBaseUrl(config, origin);
    const known = hosts.get(origin.host);
    if (known !== undefined || hosts.has(origin.host)) return known;
    const base = validBaseUrl(config, origin);
    if (hosts.size >= REMEMBERED_HOSTS) hosts.clear();
    hosts.set(origin.host, base);
    return base;
  };
}
