import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { badRequest } from './errors.js';

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The origin slot page URLs are built on: `PUBLIC_BASE_URL` when set, else the request's own scheme
 * and host (forwarded ones only when `TRUST_PROXY` is on, which Fastify's `trustProxy` decides).
 */
export function baseUrl(request: FastifyRequest, config: Config): string {
  return baseUrlOf(config, request.protocol, request.host);
}

/** `baseUrl` from the scheme and host a request was found to have. */
export function baseUrlOf(config: Config, protocol: string, host: string | undefined): string {
  if (config.publicBaseUrl !== undefined) return config.publicBaseUrl;
  if (host === undefined || !HOST.test(host)) throw badRequest('Host: header is missing or not a valid host name');
  return `${protocol}://${host}`;
}
