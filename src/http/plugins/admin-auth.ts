import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../access/authenticator.js';
import { refusal, type AccessLevel, type Principal } from '../../access/principal.js';
import type { Actor } from '../../store/access.js';
import { HttpError } from '../answers/errors.js';

const BEARER = /^Bearer\s+(\S.*)$/i;

const unauthorized = (message: string) => new HttpError(401, message, { 'www-authenticate': 'Bearer' });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a guarded route needs (see `needs`); a route that names nothing needs an owner. */
    access?: AccessLevel;
  }
}

/**
 * Route options saying what a guarded route needs, e.g. `admin.post('/x', { ...needs('write'), schema }, …)`.
 * A principal below it gets a 403 naming the scope needed; routes that say nothing need an owner.
 */
export const needs = (level: AccessLevel) => ({ config: { access: level } }) as const;

/** Who is asking, for requests past `registerAdminAuth`. */
const principals = new WeakMap<FastifyRequest, Principal>();

/** The actor of a guarded request, for the audit. */
export function actorOf(request: FastifyRequest): Actor {
  const principal = principals.get(request);
  if (principal === undefined) throw new Error(`no principal for ${request.method} ${request.url}: the route is not behind registerAdminAuth`);
  return principal.actor;
}

/** Whom the request's bearer credentials name; a 401 (HttpError) when it has none, or none valid. */
export async function authenticated(request: FastifyRequest, authenticator: Authenticator): Promise<Principal> {
  const header = request.headers.authorization;
  if (header === undefined) throw unauthorized('Authorization: send "Bearer <admin token or API token>"');
  const given = BEARER.exec(header)?.[1];
  if (given === undefined) throw unauthorized('Authorization: must use the Bearer scheme');
  const principal = await authenticator.principal(given.trimEnd());
  if (principal === undefined) {
    const noAdminToken = !authenticator.hasAdminToken && !authenticator.isTokenShaped(given);
    throw unauthorized(noAdminToken ? 'admin: no ADMIN_TOKEN is set on this server, and this is no API token' : 'Authorization: the token is not valid');
  }
  return principal;
}

/**
 * Guards every route and every unknown path of an encapsulated instance (`/api/admin`, `/metrics`):
 * without `Authorization: Bearer <ADMIN_TOKEN or API token>` the answer is 401, before routing can
 * say whether the path exists; a known route beyond the principal's scope is a 403 naming the scope.
 */
export function registerAdminAuth(scope: FastifyInstance, authenticator: Authenticator): void {
  scope.addHook('onRequest', async (request: FastifyRequest) => {
    const principal = await authenticated(request, authenticator);
    principals.set(request, principal);
    // An unknown path is a 404 to anyone with credentials.
    if (request.is404) return;
    const refused = refusal(principal, request.routeOptions.config.access ?? 'owner');
    if (refused !== undefined) throw new HttpError(403, refused);
  });
}
