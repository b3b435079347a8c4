import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { badRequest } from './errors.js';
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
