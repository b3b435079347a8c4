import type { FastifyInstance } from 'fastify';
import { refuseConnection } from '../connection/client-error.js';
import { badRequest, HttpError } from '../answers/errors.js';

const CONTINUE = /^100-continue$/i;

/**
 * HTTP/1.1 rules Node enforces itself with a bare answer (no body, no CORS headers) or none at all,
 * enforced here instead so the refusal has the JSON error shape and CORS of every other answer: a
 * request without Host is a 400 (RFC 9112 §3.2; the server is created with `requireHostHeader:
 * false`), an `Expect` other than 100-continue is a 417 (RFC 9110 §10.1.1), and CONNECT, which
 * Node would answer by hanging up, is a 405: this server is no proxy.
 */
export function registerProtocolChecks(app: FastifyInstance): void {
  // Without this listener Node answers such a request with its bare 417; with it, the request is routed as usual.
  app.server.on('connect', (_request, socket) => refuseConnection(socket, 405, 'method: CONNECT is not supported; this server is not a proxy'));
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  app.addHook('onRequest', (request, _reply, done) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    if (request.headers.host === undefined && httpVersionMajor === 1 && httpVersionMinor >= 1) {
      return done(badRequest('Host: header is required in an HTTP/1.1 request'));
    }
    const expect = request.headers.expect;
    if (expect !== undefined && !CONTINUE.test(expect.trim())) {
      return done(new HttpError(417, `Expect: only 100-continue is supported, got ${JSON.stringify(expect.slice(0, 40))}`));
    }
    done();
  });
}
