import { ErrorBodySchema } from '../answers/errors.js';
import { RateLimitExceededSchema } from '../plugins/rate-limit.js';

/*
 * The parts of the OpenAPI document that many operations share: the error bodies, the answers
 * every route of a kind can give, the rate-limit and validator headers, the admin credentials.
 * src/http/contract/openapi.ts adds them to each operation by the kind of its path.
 */

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

export const ADMIN_SECURITY_SCHEME = 'adminToken';

export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': ref('headers', 'RateLimitLimit'),
  'X-RateLimit-Remaining': ref('headers', 'RateLimitRemaining'),
  'X-RateLimit-Reset': ref('headers', 'RateLimitReset'),
  'X-RateLimit-Window': ref('headers', 'RateLimitWindow'),
} as const;

export const ETAG_HEADER = { ETag: ref('headers', 'ETag') } as const;
export const IF_NONE_MATCH_PARAMETER = ref('parameters', 'IfNoneMatch');

export const SHARED_RESPONSES = {
  badRequest: ref('responses', 'BadRequest'),
  unauthorized: ref('responses', 'Unauthorized'),
  forbidden: ref('responses', 'Forbidden'),
  tooManyRequests: ref('responses', 'TooManyRequests'),
  headersTooLarge: ref('responses', 'HeadersTooLarge'),
  unexpected: ref('responses', 'Unexpected'),
} as const;

const header = (description: string, schema: object) => ({ description, required: true, schema });

export const COMPONENTS = {
  securitySchemes: {
    [ADMIN_SECURITY_SCHEME]: {
      type: 'http',
      scheme: 'bearer',
      description:
        '`Authorization: Bearer <token>`: the `ADMIN_TOKEN` the server was started with (every right), or an API token `smj_…` ' +
        'made by an owner under `/api/admin/tokens`. Each operation lists the level it needs as its scope: `read` (exports, ' +
        'history, audit), `write` (also slots and categories), `admin` (every admin route but operators and tokens) or `owner` ' +
        '(operators and tokens: ADMIN_TOKEN and owners only). A token below it gets a 403 naming the scope needed; a missing, ' +
        'unknown, expired or revoked token a 401.',
    },
  },
  schemas: {
    Error: { ...ErrorBodySchema, examples: [{ statusCode: 400, error: 'Bad Request', message: 'limit: must be a whole number of at least 1, got "0"' }] },
    RateLimitExceeded: RateLimitExceededSchema,
  },
  headers: {
    RateLimitLimit: header('Requests allowed in the binding window (the one with the fewest requests left)', { type: 'integer', minimum: 1 }),
    RateLimitRemaining: header('Requests left in the binding window', { type: 'integer', minimum: 0 }),
    RateLimitReset: header('Unix seconds at which the binding window resets', { type: 'integer' }),
    RateLimitWindow: header('The binding window', { type: 'string', enum: ['minute', 'hour', 'day'] }),
    ETag: header('Strong for the JSON answers: the same tag means the same bytes. Send it back in `If-None-Match` to get a 304.', { type: 'string' }),
  },
  parameters: {
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'Entity tags the client holds (or `*`), compared weakly as RFC 9110 says; a match answers 304 without a body.',
      schema: { type: 'string' },
    },
  },
  responses: {
    BadRequest: {
      description: 'A parameter, the path or the body is invalid; the message names it',
      headers: RATE_LIMIT_HEADERS,
      content: json(ref('schemas', 'Error')),
    },
    Unauthorized: {
      description: 'No valid admin credentials, or admin is off',
      headers: { 'WWW-Authenticate': header('Always `Bearer`', { type: 'string', const: 'Bearer' }) },
      content: json(ref('schemas', 'Error')),
    },
    Forbidden: {
      description: 'The credentials are valid but below what this operation needs (its security scope); the message names the scope',
      content: json(ref('schemas', 'Error')),
    },
    TooManyRequests: {
      description: 'Rate limit exceeded for this client address; the limits of the binding window are in the headers',
      headers: { 'Retry-After': header('Seconds to wait', { type: 'integer', minimum: 1 }), ...RATE_LIMIT_HEADERS },
      content: json(ref('schemas', 'RateLimitExceeded')),
    },
    HeadersTooLarge: {
      description: 'The request line and headers are larger than the server reads (16 KiB); answered before any route runs',
      content: json(ref('schemas', 'Error')),
    },
    Unexpected: {
      description: 'Not part of the contract of any one operation: 503 while this instance shuts down (with `Retry-After`), or 500 on a fault of the server. The body never shows internals.',
      content: json(ref('schemas', 'Error')),
    },
  },
} as const;
