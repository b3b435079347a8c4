import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FreshDecimals } from './fresh-decimal.js';

/** An id a proxy or client chose is kept when it is short and plain enough to log and echo safely. */
const ACCEPTED_ID = /^[\w.-]{1,64}$/;

/**
 * Names this process in the ids it makes: 72 random bits, so two processes (workers, restarts,
 * instances) practically never share one, and each id is then a number this process has not used.
 * A UUID per request cost a tenth of a cached lookup's own work, for uniqueness this gives as well.
 */
const PROCESS_PREFIX = randomBytes(9).toString('base64url');
let issued = 0;
const sequenceTexts = new FreshDecimals();

/** A new id, unique to this answer: `<process prefix>-<sequence number>`. */
function freshRequestId(): string {
  issued += 1;
  // One flat string: joined with `+` or a template, 13 characters or more make a cons string, which
  // Node's header-value check would flatten through V8's runtime on every answer (~1.3k instructions).
  return [PROCESS_PREFIX, sequenceTexts.text(issued)].join('-');
}

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it is sane, else a fresh one. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : freshRequestId();
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
