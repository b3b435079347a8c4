import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { projectPath } from '../../project-files.js';
import { baseUrl } from '../caller/base-url.js';
import { sendJson } from '../answers/json-reply.js';
import {
  ADMIN_SECURITY_SCHEME,
  COMPONENTS,
  ETAG_HEADER,
  IF_NONE_MATCH_PARAMETER,
  RATE_LIMIT_HEADERS,
  SHARED_RESPONSES,
} from './openapi-components.js';
import { WEBHOOKS_SECTION } from '../webhooks/webhook-schemas.js';

const OPENAPI_PATH = '/openapi.json';
const DOCS_PREFIX = '/docs';

/**
 * Routes deliberately left out of the document, each with the reason; every other route has an
 * operation (test/openapi checks both ways).
 */
export const HIDDEN_ROUTES: readonly { readonly method: string; readonly url: RegExp; readonly reason: string }[] = [
  { method: 'OPTIONS', url: /^\*$/, reason: 'the CORS preflight of every path; OpenAPI cannot name "any path", so the description says it' },
  { method: 'GET', url: /^\/docs(\/|$)/, reason: "the documentation browser's own page and files (@fastify/swagger-ui), not an API" },
  { method: 'GET', url: /^\/api\/play\/$/, reason: 'playEmojis with an empty segment (its 400); a trailing-slash path is not a valid OpenAPI path' },
];

const DESCRIPTION = `Slot games and the emojis attached to them: list and look up slots, emoji usage,
matching of emoji combinations to slots, redirects to slot pages, and the admin API that edits the catalogue.

**Rate limits.** Every \`/api\` route except the admin API is rate limited per client address in three
windows at once (minute, hour, day); each answer carries \`X-RateLimit-Limit\`, \`-Remaining\`, \`-Reset\` and
\`-Window\` for the binding window, and a 429 adds \`Retry-After\`.

**Conditional requests.** The public JSON GETs carry a strong \`ETag\`; send it back in \`If-None-Match\`
and an unchanged answer is a 304 without a body (it still counts against the rate limit).

**Everywhere.** Every answer carries CORS headers allowing any origin, \`X-Response-Time\`, and
\`X-Request-Id\` (the caller's, when it is 1-64 characters of letters, digits, \`_\`, \`.\` and \`-\`).
\`OPTIONS\` on any path is a 204 CORS preflight. Errors are JSON \`{statusCode, error, message}\`.
Browse this document at \`/docs\`.`;

const TAGS = [
  { name: 'slots', description: 'The slot catalogue: pages of slots and single slots' },
  { name: 'emojis', description: 'Emoji usage across slots, the category map and statistics' },
  { name: 'matching', description: 'Slots for a combination of emojis, and redirects to their pages' },
  { name: 'following', description: 'Keeping a copy of the catalogue: the snapshot, the change feed and its event stream' },
  { name: 'webhooks', description: 'Webhook endpoints (the `admin` scope: `admin` tokens and the `ADMIN_TOKEN`), and what they receive (the `webhooks` section)' },
  { name: 'admin', description: 'Editing the catalogue, behind the admin bearer token; never rate limited' },
  { name: 'pages', description: 'HTML pages for people, and the files they load' },
  { name: 'console', description: 'The operator console: pages and forms for operators signed in with a session cookie (HttpOnly, SameSite=Strict), every form carrying the session\'s CSRF token' },
  { name: 'operations', description: 'Health and readiness probes, Prometheus metrics, this document' },
];

/** The package version, which the document carries as its own; a deployment without package.json still starts. */
function packageVersion(): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(projectPath('package.json'), 'utf8'));
    const version = typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

type Json = Record<string, unknown>;
interface Operation {
  /** The access level the route needs (`needs()`), carried from `transform` and removed from the document. */
  'x-access'?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, Json>;
  security?: unknown[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const isAdmin = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/') || path === '/metrics';
const isRateLimited = (path: string) => path.startsWith('/api/') && !isAdmin(path);

/** The shared 429 and a route's own 429 as one answer: the body is one or the other. */
function tooManyRequestsOr(own: Json): Json {
  const ownSchema = ((own['content'] as Record<string, Json> | undefined)?.['application/json'] ?? {})['schema'];
  return {
    description: `Rate limit exceeded for this client address, or: ${String(own['description'] ?? '')}`,
    headers: { 'Retry-After': { description: 'Seconds to wait (with the rate limit only)', schema: { type: 'integer', minimum: 1 } }, ...RATE_LIMIT_HEADERS },
    content: { 'application/json': { schema: { anyOf: [{ $ref: '#/components/schemas/RateLimitExceeded' }, ownSchema] } } },
  };
}

/**
 * What every operation of a kind shares, added to each: the admin credentials and their 401, the
 * public API's 400 and 429 and rate-limit headers, the validator of a route that answers 304, and
 * the answers any route can give (431 before routing, 500/503 as `default`).
 */
function addSharedParts(path: string, operation: Operation, access: string | undefined): void {
  const { responses } = operation;
  const takesInput = (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
  operation.security = isAdmin(path) ? [{ [ADMIN_SECURITY_SCHEME]: [access ?? 'owner'] }] : [];
  if (isAdmin(path)) responses['401'] ??= SHARED_RESPONSES.unauthorized;
  if (isAdmin(path) && access !== 'read') responses['403'] ??= SHARED_RESPONSES.forbidden;
  if (responses['304'] !== undefined) {
    operation.parameters = [...(operation.parameters ?? []), IF_NONE_MATCH_PARAMETER];
    for (const status of ['200', '304']) {
      const response = responses[status];
      if (response !== undefined) response['headers'] = { ...ETAG_HEADER, ...(response['headers'] as Json | undefined) };
    }
  }
  if (isRateLimited(path)) {
    for (const response of Object.values(responses)) {
      if (!('$ref' in response)) response['headers'] = { ...RATE_LIMIT_HEADERS, ...(response['headers'] as Json | undefined) };
    }
    if (takesInput) responses['400'] ??= SHARED_RESPONSES.badRequest;
    // A route that refuses with a 429 of its own (too many open streams) gives either body.
    const own429 = responses['429'];
    responses['429'] = own429 === undefined ? SHARED_RESPONSES.tooManyRequests : tooManyRequestsOr(own429);
  }
  // Every header a route documents itself is one it always sends.
  for (const response of Object.values(responses)) {
    for (const header of Object.values((response['headers'] ?? {}) as Record<string, Json>)) {
      if (!('$ref' in header)) header['required'] = true;
    }
  }
  responses['431'] = SHARED_RESPONSES.headersTooLarge;
  responses['default'] = SHARED_RESPONSES.unexpected;
}

/**
 * The OpenAPI 3.1 document, built from the route schemas (each route's own parameters, answers and
 * `operationId`) plus the shared parts; served at `/openapi.json` with this server as its `servers`
 * entry, and browsable at `/docs`. Registered before any route, so it sees them all.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'slotmoji',
        version: packageVersion(),
        description: DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      tags: TAGS,
      components: COMPONENTS as never,
    },
    transform: ({ schema = {}, url, route }) => {
      const hidden = HIDDEN_ROUTES.some(({ method, url: pattern }) => pattern.test(url) && [route.method].flat().includes(method));
      const access = (route.config as { access?: string } | undefined)?.access;
      const documented = access === undefined ? schema : { ...schema, 'x-access': access };
      return { schema: hidden ? { ...documented, hide: true } : documented, url };
    },
    transformObject: (documentObject) => {
      const document = (documentObject as { openapiObject: { paths?: Record<string, Record<string, Operation>>; webhooks?: unknown } }).openapiObject;
      document.webhooks = WEBHOOKS_SECTION;
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const method of METHODS) {
          const operation = item[method];
          if (operation === undefined) continue;
          const access = operation['x-access'];
          delete operation['x-access'];
          addSharedParts(path, operation, access);
        }
      }
      return document;
    },
  });
  const openApiSchema = {
    operationId: 'getOpenApiDocument',
    tags: ['operations'],
    summary: 'This document, with this server as its `servers` entry',
    response: { 200: { description: 'The OpenAPI 3.1 document', type: 'object', additionalProperties: true } },
  };
  app.get(OPENAPI_PATH, { schema: openApiSchema }, async (request, reply) => {
    const servers = [{ url: baseUrl(request, config), description: 'This server' }];
    return sendJson(reply, JSON.stringify({ ...app.swagger(), servers }));
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: docsContentSecurityPolicy(config) });
}

/**
 * The one `<style>` element swagger-ui writes into the page (in the SVG of its logo). Its hash lets
 * exactly that in, so the page needs no `'unsafe-inline'`; the browser test fails on any other.
 */
const SWAGGER_UI_LOGO_STYLE = '.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}';
const styleHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * swagger-ui loads its scripts and styles from its own `/docs/static` routes (the style properties
 * React sets are not inline styles to CSP); it fetches the document, and "try it out" calls the
 * API, on this origin or the public one.
 */
function docsContentSecurityPolicy(config: Config): string {
  const api = config.publicBaseUrl === undefined ? "'self'" : `'self' ${config.publicBaseUrl}`;
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${styleHash(SWAGGER_UI_LOGO_STYLE)}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
