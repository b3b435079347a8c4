import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Config } from '../config.js';
import { ErrorBodySchema } from './errors.js';
import { RateLimitExceededSchema } from './plugins/rate-limit.js';

const OPENAPI_PATH = '/openapi.json';
const DOCS_PREFIX = '/docs';

/** Routes left out of the public document: the admin surface stays unadvertised, the rest is plumbing. */
const UNDOCUMENTED = [/^\/api\/admin(\/|$)/, /^\/metrics$/, /^\/docs(\/|$)/, /^\/openapi\.json$/, /^\/assets\//, /^\*$/, /^\/api\/play\/$/];

const RATE_LIMIT_HEADERS = {
  'x-ratelimit-limit': { type: 'integer', description: 'Requests allowed in the binding window' },
  'x-ratelimit-remaining': { type: 'integer', description: 'Requests left in the binding window' },
  'x-ratelimit-reset': { type: 'integer', description: 'Unix seconds at which the binding window resets' },
  'x-ratelimit-window': { type: 'string', enum: ['minute', 'hour', 'day'], description: 'The binding window' },
} as const;

const BAD_REQUEST = { ...ErrorBodySchema, description: 'A parameter or the body is invalid; the message names it' };
const TOO_MANY_REQUESTS = {
  ...RateLimitExceededSchema,
  description: 'Rate limit exceeded for this client address',
  headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' }, ...RATE_LIMIT_HEADERS },
};

const HTML_PAGE = { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } };

/** The pages are plain HTML routes without schemas; their answers are described here. */
const PAGES: Readonly<Record<string, FastifySchema>> = {
  '/': { tags: ['pages'], summary: 'The emoji picker: choose emojis, see matching slots, spin', response: { 200: HTML_PAGE } },
  '/slots/:slug': {
    tags: ['pages'],
    summary: 'The page of one slot, where the redirects lead',
    response: { 200: HTML_PAGE, 404: { ...HTML_PAGE, description: 'An HTML page saying there is no such slot' } },
  },
  '/search': {
    tags: ['pages'],
    summary: 'The search page: the parameters of GET /api/slots as a form, its results, facet counts and paging',
    response: { 200: HTML_PAGE, 400: { ...HTML_PAGE, description: 'The search page saying why the search cannot run' } },
  },
};

const DESCRIPTION = `Slot games and the emojis attached to them: list and look up slots, emoji usage,
matching of emoji combinations to slots, and redirects to slot pages.

Every \`/api\` route is rate limited per client address in three windows at once (minute, hour, day);
each answer carries \`X-RateLimit-Limit\`, \`-Remaining\`, \`-Reset\` and \`-Window\` for the binding window,
and \`X-Response-Time\`. Every answer carries CORS headers allowing any origin. Errors are JSON
\`{statusCode, error, message}\`. Each answer echoes \`X-Request-Id\` (the caller's, when it is 1-64
characters of letters, digits, \`_\`, \`.\` and \`-\`).`;

/** The package version, which the document carries as its own; a deployment without package.json still starts. */
function packageVersion(): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Shared answers every public API route can give, added to the document only. */
function withSharedResponses(schema: FastifySchema): FastifySchema {
  const takesInput = schema.querystring !== undefined || schema.params !== undefined || schema.body !== undefined;
  const response = { ...(takesInput ? { 400: BAD_REQUEST } : {}), 429: TOO_MANY_REQUESTS, ...(schema.response as object | undefined) };
  return { ...schema, response };
}

/**
 * The OpenAPI 3.1 document, built from the route schemas as routes are added (so this runs before
 * any route), served at `/openapi.json` and browsable at `/docs`.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'slotmoji', version: packageVersion(), description: DESCRIPTION },
      ...(config.publicBaseUrl === undefined ? {} : { servers: [{ url: config.publicBaseUrl }] }),
      tags: [
        { name: 'slots', description: 'The slot catalogue' },
        { name: 'emojis', description: 'Emoji usage across slots' },
        { name: 'matching', description: 'Slots for a combination of emojis, and redirects to their pages' },
        { name: 'pages', description: 'HTML pages for people' },
        { name: 'operations', description: 'Health and readiness probes' },
      ],
    },
    // A route declared without a schema arrives with none.
    transform: ({ schema = {}, url }) => {
      if (UNDOCUMENTED.some((pattern) => pattern.test(url))) return { schema: { ...schema, hide: true }, url };
      if (url.startsWith('/api/')) return { schema: withSharedResponses(schema), url };
      return { schema: { ...schema, ...PAGES[url] }, url };
    },
  });
  app.get(OPENAPI_PATH, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: docsContentSecurityPolicy(config) });
}

/**
 * swagger-ui loads its scripts and styles from its own `/docs/static` routes and sets inline style
 * attributes; it fetches the document, and "try it out" calls the API, on this origin or the public one.
 */
export function docsContentSecurityPolicy(config: Config): string {
  const api = config.publicBaseUrl === undefined ? "'self'" : `'self' ${config.publicBaseUrl}`;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
