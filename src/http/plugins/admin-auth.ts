import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../answers/errors.js';

const BEARER = /^Bearer\s+(\S.*)$/i;

const unauthorized = (message: string) => new HttpError(401, message, { 'www-authenticate': 'Bearer' });

/** Fixed-length digests, so the comparison takes the same time whatever the lengths involved. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * Guards every route and every unknown path of the encapsulated `admin` instance: without
 * `Authorization: Bearer <ADMIN_TOKEN>` the answer is 401, before routing can say whether the path
 * exists. With no token configured, admin is off and every request is refused the same way.
 */
export function registerAdminAuth(admin: FastifyInstance, token: string | undefined): void {
  const expected = token === undefined ? undefined : digest(token);
  admin.addHook('onRequest', async (request: FastifyRequest) => {
    if (expected === undefined) throw unauthorized('admin: disabled on this server (no ADMIN_TOKEN is set)');
    const header = request.headers.authorization;
    if (header === undefined) throw unauthorized('Authorization: send "Bearer <admin token>"');
    const given = BEARER.exec(header)?.[1];
    if (given === undefined) throw unauthorized('Authorization: must use the Bearer scheme');
    if (!timingSafeEqual(digest(given.trimEnd()), expected)) throw unauthorized('Authorization: the token is not valid');
  });
}
