import type { FastifyInstance } from 'fastify';
import { HttpError } from '../answers/errors.js';

/** What a client is told to wait before sending the request again, to another instance or this one restarted. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Graceful shutdown as clients see it, from the moment `app.close()` starts (on SIGTERM): answers
 * in flight finish normally but close their connection, so no keep-alive connection holds the
 * server open; a request that still arrives on an open connection is a JSON 503 that carries CORS
 * like every other answer (Fastify's own closing 503 has neither). Returns whether it is draining,
 * for code that answers outside Fastify.
 */
export function registerDraining(app: FastifyInstance): () => boolean {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!draining) return done();
    done(new HttpError(503, 'server: shutting down; send the request again', { 'retry-after': String(RETRY_AFTER_SECONDS), connection: 'close' }));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return () => draining;
}
