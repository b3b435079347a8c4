import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../../config.js';
import { networkOf } from '../caller/client-address.js';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where a credential could sit in a logged object; censored even if some code logs headers by mistake. */
const REDACTED_PATHS = [
  'authorization',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
];

/** Levels at which an operator is debugging and may see whole client addresses. */
const DETAILED: readonly LogLevel[] = ['debug', 'trace'];

/**
 * pino options for JSON logs: each request line names the method, URL, host and the client's
 * network only (its /24 or /48) unless the level is debug or trace, and never a header.
 */
export function loggerOptions(level: LogLevel): LoggerOptions {
  const clientAddress = DETAILED.includes(level) ? (ip: string) => ip : networkOf;
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url,
        host: request.host,
        remoteAddress: clientAddress(String(request.ip)),
      }),
    },
  };
}
