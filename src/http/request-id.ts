import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An id a proxy or client chose is kept when it is short and plain enough to log and echo safely. */
const ACCEPTED_ID = /^[\w.-]{1,64}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, else a fresh UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

export function stampRequestId(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
}

/** Echoes the request id on every response, so a client can quote it and an operator find the log lines. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    stampRequestId(request, reply);
    done();
  });
}
