import type { FastifyInstance } from 'fastify';

/** The exact CORS headers the interface fixes, sent on every response. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization',
} as const;

const PREFLIGHT_MAX_AGE_SECONDS = 86400;

/** CORS on every response (errors and redirects included) and a 204 answer to any preflight. */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(CORS_HEADERS);
    done(null, payload);
  });
  app.options('*', async (_request, reply) => {
    reply.code(204).header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS)).send();
  });
}
