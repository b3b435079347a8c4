import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    startedAt: bigint;
  }
}

/** `X-Response-Time: 0.84ms` on every response: the time from receipt to the start of sending. */
export function registerResponseTime(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0n);
  app.addHook('onRequest', (request, _reply, done) => {
    request.startedAt = process.hrtime.bigint();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    stampResponseTime(request, reply);
    done(null, payload);
  });
}

/** Sets the header; a request that never reached the hooks (a routing error) counts from now. */
export function stampResponseTime(request: FastifyRequest, reply: FastifyReply): void {
  const now = process.hrtime.bigint();
  const started = typeof request.startedAt === 'bigint' && request.startedAt !== 0n ? request.startedAt : now;
  const elapsedMs = Number(now - started) / 1e6;
  reply.header('x-response-time', `${elapsedMs.toFixed(2)}ms`);
}
