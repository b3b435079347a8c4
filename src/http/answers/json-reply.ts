import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Representation } from './entity-tag.js';
import { ifNoneMatchMatches } from './if-none-match.js';
import { noteInsight } from '../insights/noted.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends an already serialised JSON body as it is. */
export function sendJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

/** Sends a tagged JSON body, or a 304 without one when the client's If-None-Match names it. */
export function sendRepresentation(request: FastifyRequest, reply: FastifyReply, { body, etag, insight }: Representation): FastifyReply {
  if (insight !== undefined) noteInsight(request, insight);
  reply.header('etag', etag);
  if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return sendJson(reply, body);
}
