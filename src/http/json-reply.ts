import type { FastifyReply } from 'fastify';

/** Sends an already serialised JSON body as it is. */
export function sendJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
