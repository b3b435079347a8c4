import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccessService } from '../../access/access-service.js';
import type { Authenticator } from '../../access/authenticator.js';
import { Type } from 'typebox';
import { CategoryMapSchema, validateCategoryMap, type CategoryMap } from '../../catalogue/records/categories.js';
import { checkDocumentSlot, validateCatalogueDocument, validateCheckedDocument, type CatalogueDocument } from '../../catalogue/records/document.js';
import { SlotFieldsSchema, SlotSchema, toPublicSlot } from '../../catalogue/records/slot.js';
import { validateSlotFields, type Validation } from '../../catalogue/records/validate.js';
import type { Config } from '../../config.js';
import { quote } from '../../emoji/parse.js';
import type { RateLimiter } from '../../ratelimit/limiter.js';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { VersionConflictError, type SlotInput } from '../../store/store.js';
import { baseUrl } from '../caller/base-url.js';
import { parseObjectPiecewise } from '../input/catalogue-body.js';
import { badRequest, errorBody, ErrorBodySchema, HttpError, notFound } from '../answers/errors.js';
import { SLOT_EXAMPLE, SLOT_FIELDS_EXAMPLE } from '../contract/openapi-examples.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import { sendJson } from '../answers/json-reply.js';
import { jsonParser } from '../input/json-parser.js';
import { describePath } from '../plugins/errors.js';
import { actorOf, needs, registerAdminAuth } from '../plugins/admin-auth.js';
import { ifMatchVersion, slotVersionTag } from '../input/if-match.js';
import { adminAccessRoutes } from './admin-access.js';
import { BODY_ERRORS, committed, error, NO_CONTENT, NO_SLOT, SLOT_IDS, SLUG_TAKEN, slotId, WRITE_UNAVAILABLE } from './admin-common.js';
import { adminHistoryRoutes } from './admin-history.js';
import { adminInsightRoutes } from './admin-insights.js';
import type { Webhooks } from '../../webhooks/webhooks.js';
import { webhookRoutes } from '../webhooks/webhook-routes.js';
import { allowSlowUpload } from '../connection/slow-uploads.js';

const ADMIN_PREFIX = '/api/admin';
/** A whole catalogue of 100,000 slots is about 110 MB; only its import takes bodies this large. */
export const CATALOGUE_BODY_LIMIT = 128 * 1024 * 1024;

export interface AdminDeps {
  readonly config: Config;
  readonly catalogue: CatalogueService;
  readonly rateLimiter: RateLimiter;
  readonly access: AccessService;
  readonly authenticator: Authenticator;
  readonly webhooks: Webhooks;
  /** Wall clock in milliseconds: the reports' default range ends today. */
  readonly now: () => number;
}

const CatalogueExportSchema = Type.Object(
  { slots: Type.Array(SlotSchema), categories: CategoryMapSchema },
  { description: 'Every slot and the category map: a document `PUT /api/admin/catalogue` takes back' },
);
const ImportSummarySchema = Type.Object(
  { imported: Type.Object({ slots: Type.Integer(), categories: Type.Integer() }) },
  { description: 'The catalogue was replaced; how many slots and categories it now holds', examples: [{ imported: { slots: 120, categories: 14 } }] },
);
const CategoriesSchema = Type.Object({ categories: CategoryMapSchema }, { description: 'The category map now in force' });

/** What a replace or an import may carry back from an export besides the editor's fields; `url` and the dates are not written. */
const ASSIGNED_FIELDS = {
  id: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,14}$' }), Type.Integer({ minimum: 1 })], { description: 'The slot id' }),
  url: Type.String({ description: 'Ignored: derived from the slug' }),
  createdAt: Type.String({ description: 'ISO 8601; kept on import, ignored on replace' }),
  updatedAt: Type.String({ description: 'ISO 8601; kept on import, ignored on replace' }),
};
const withAssignedFields = (description: string, idDescription: string) => ({
  ...SlotFieldsSchema,
  description,
  properties: { ...SlotFieldsSchema.properties, ...ASSIGNED_FIELDS, id: { ...ASSIGNED_FIELDS.id, description: idDescription } },
});
const CreateSlotBodySchema = { ...SlotFieldsSchema, description: 'The fields of the new slot; `slug` is derived from the name when left out', examples: [SLOT_FIELDS_EXAMPLE] };
const ReplaceSlotBodySchema = withAssignedFields('Every field of the slot (a full replacement); an exported slot is accepted as it is', 'When given, the id in the path');
const CatalogueDocumentSchema = Type.Object(
  {
    slots: Type.Array(withAssignedFields('A slot; one without an id gets a new one', 'Kept, so links to the slot keep working')),
    categories: Type.Optional(CategoryMapSchema),
  },
  { additionalProperties: false, description: `A whole catalogue, as the export gives it (up to ${CATALOGUE_BODY_LIMIT / 1024 / 1024} MiB)` },
);
const CategoryMapBodySchema = Type.Union([CategoryMapSchema, Type.Object({ categories: CategoryMapSchema })], {
  description: 'The category map itself, or `{"categories": map}` as the GET returns it',
  examples: [{ luck: ['🍀', '🎲', '🎰'] }],
});
const IpParamsSchema = Type.Object({ ip: Type.String({ description: 'The client address whose counters to clear (IPv4 or IPv6)' }) });

const BAD_SLOT = error('The body is not a valid slot; the message names every bad field');
const IF_MATCH_HEADERS = Type.Object({
  'if-match': Type.Optional(Type.String({ description: 'Write only while the slot is at this version: `"v<version>"`, the ETag of GET /api/admin/slots/{id}' })),
});
const STALE_VERSION = {
  ...Type.Object({ ...ErrorBodySchema.properties, current: SlotSchema }),
  description: 'If-Match named another version than the current one; nothing changed. `current` is the slot as it is now',
  headers: { etag: { type: 'string', description: 'The current version, `"v<version>"`' } },
};
const BAD_IF_MATCH = error('If-Match is not one entity tag "v<version>"');

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(errors: readonly string[]): HttpError {
  return badRequest(errors.join('; '));
}


/**
 * A slot body for create (`pathId` undefined) or replace: the editor's fields, validated all at
 * once. What the service assigns (`url`, `createdAt`, `updatedAt`) may come back from an export
 * and is not written; an `id` on a replace must be the path's.
 */
function slotInput(body: unknown, pathId?: number): SlotInput {
  if (!isObject(body)) throw badRequest('body: must be a JSON object with the fields of a slot');
  const { id, url: _url, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = body;
  const errors: string[] = [];
  if (id !== undefined && pathId === undefined) errors.push('id: assigned by the service; leave it out');
  if (id !== undefined && pathId !== undefined && String(id) !== String(pathId)) errors.push(`id: must be ${pathId}, the id in the path`);
  const slot = validateSlotFields(fields);
  if (!slot.ok) errors.push(...slot.errors);
  if (errors.length > 0 || !slot.ok) throw invalid(errors);
  return slot.value;
}

/** `PUT /api/admin/emojis/categories` takes the map itself, or `{"categories": map}` as the GET returns it. */
function categoryMap(body: unknown): CategoryMap {
  const wrapped = isObject(body) && Object.keys(body).length === 1 && isObject(body['categories']);
  const result = validateCategoryMap(wrapped ? (body as { categories: unknown }).categories : body);
  if (!result.ok) throw invalid(result.errors);
  return result.value;
}


/**
 * Waits for a conditional write: a slot found at another version than `If-Match` named is answered
 * 412 with the slot as it is now (decisions §17); undefined then, as the reply was sent.
 */
async function unlessStale<T>(reply: FastifyReply, baseUrlOfRequest: string, write: Promise<T>): Promise<{ readonly result: T } | undefined> {
  try {
    return { result: await committed(write) };
  } catch (error) {
    if (!(error instanceof VersionConflictError)) throw error;
    const { record, version } = error.current;
    const message = `If-Match: slot ${record.id} is at version ${version}; nothing was changed`;
    await reply
      .code(412)
      .header('etag', slotVersionTag(version))
      .send({ ...errorBody(412, message), current: toPublicSlot(record, baseUrlOfRequest) });
    return undefined;
  }
}

/** An import body parsed piecewise, each element of its `slots` checked as soon as it was parsed. */
class CheckedSlotsBody {
  constructor(readonly members: Readonly<Record<string, unknown>>) {}
}

/**
 * JSON bodies in `scope` are parsed a slot at a time (see catalogue-body.ts): a 100,000-slot import
 * never becomes one 220 MB string, and each slot is checked as soon as it is parsed. Anything unusual
 * is parsed whole, as everywhere else, so what a body is refused with does not change.
 */
export function parseCataloguesPiecewise(scope: FastifyInstance): void {
  const parseWhole = scope.getDefaultJsonParser('error', 'error');
  const parsePiece = jsonParser(scope);
  const checkSlot = (text: string, index: number) => checkDocumentSlot(parsePiece(text), index);
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    const members = parseObjectPiecewise(body, 'slots', parsePiece, checkSlot);
    if (members === undefined) parseWhole(request, body.toString('utf8'), done);
    else done(null, new CheckedSlotsBody(members));
  });
}

/** The import body as a catalogue document, or what is wrong with it; its slots may have been checked as they were parsed. */
export function importedDocument(body: unknown): Validation<CatalogueDocument> {
  return body instanceof CheckedSlotsBody ? validateCheckedDocument(body.members) : validateCatalogueDocument(body);
}

/** The authenticated admin API (decisions §10), in an encapsulated instance under `/api/admin`. */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { config, catalogue, rateLimiter } = deps;
  app.register(
    async (admin) => {
      registerAdminAuth(admin, deps.authenticator);
      admin.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      // Here, not at the root, so an unknown admin path passes the credential check first.
      admin.setNotFoundHandler((request) => {
        throw notFound(`No route ${request.method} ${describePath(request.url)}`);
      });

      const createSchema = {
        operationId: 'createSlot',
        tags: ['admin'],
        summary: 'Add a slot',
        body: CreateSlotBodySchema,
        response: {
          201: {
            ...SlotSchema,
            description: 'Created: the new slot',
            examples: [SLOT_EXAMPLE],
            headers: { location: { type: 'string', description: 'Its path, `/api/slots/{id}`' } },
          },
          400: BAD_SLOT,
          409: SLUG_TAKEN,
          ...BODY_ERRORS,
          503: WRITE_UNAVAILABLE,
        },
      };
      admin.post('/slots', { ...DOCUMENTED_ONLY, ...needs('write'), schema: createSchema }, async (request, reply) => {
        const record = await committed(catalogue.createSlot(slotInput(request.body), actorOf(request)));
        return reply.code(201).header('location', `/api/slots/${record.id}`).send(toPublicSlot(record, baseUrl(request, config)));
      });

      const replaceSchema = {
        operationId: 'replaceSlot',
        tags: ['admin'],
        summary: 'Replace a slot (its id stays)',
        params: SLOT_IDS,
        headers: IF_MATCH_HEADERS,
        body: ReplaceSlotBodySchema,
        response: {
          200: { ...SlotSchema, description: 'The slot as it now is' },
          400: BAD_SLOT,
          404: NO_SLOT,
          409: SLUG_TAKEN,
          412: STALE_VERSION,
          ...BODY_ERRORS,
          503: WRITE_UNAVAILABLE,
        },
      };
      admin.put('/slots/:id', { ...DOCUMENTED_ONLY, ...needs('write'), schema: replaceSchema }, async (request, reply) => {
        const id = slotId((request.params as { id: string }).id);
        const ifVersion = ifMatchVersion(request.headers['if-match']);
        const base = baseUrl(request, config);
        const written = await unlessStale(reply, base, catalogue.replaceSlot(id, slotInput(request.body, id), actorOf(request), ifVersion));
        if (written === undefined) return reply;
        if (written.result === undefined) throw notFound(`slot "${id}" not found`);
        return toPublicSlot(written.result, base);
      });

      const deleteSchema = {
        operationId: 'deleteSlot',
        tags: ['admin'],
        summary: 'Delete a slot (its id is never reused)',
        params: SLOT_IDS,
        headers: IF_MATCH_HEADERS,
        response: { 204: NO_CONTENT, 400: BAD_IF_MATCH, 404: NO_SLOT, 412: STALE_VERSION, 503: WRITE_UNAVAILABLE },
      };
      admin.delete('/slots/:id', { ...DOCUMENTED_ONLY, ...needs('write'), schema: deleteSchema }, async (request, reply) => {
        const id = slotId((request.params as { id: string }).id);
        const ifVersion = ifMatchVersion(request.headers['if-match']);
        const deleted = await unlessStale(reply, baseUrl(request, config), catalogue.deleteSlot(id, actorOf(request), ifVersion));
        if (deleted === undefined) return reply;
        if (!deleted.result) throw notFound(`slot "${id}" not found`);
        return reply.code(204).send();
      });

      const exportSchema = { operationId: 'exportCatalogue', tags: ['admin'], summary: 'The whole catalogue', response: { 200: CatalogueExportSchema } };
      admin.get('/catalogue', { ...needs('read'), schema: exportSchema }, async (request, reply) => {
        const snapshot = catalogue.current;
        const base = baseUrl(request, config);
        // JSON.stringify is several times faster than the schema serialiser on 100,000 slots.
        return sendJson(reply, JSON.stringify({ slots: snapshot.slots.map((slot) => toPublicSlot(slot, base)), categories: snapshot.categories }));
      });

      // In a context of its own, so only the import reads its body piecewise.
      admin.register(async (importing) => {
        parseCataloguesPiecewise(importing);
        // Past the credentials check (the admin scope's onRequest): only then may the body take its time.
        importing.addHook('onRequest', async (request, reply) => allowSlowUpload(request.raw, reply.raw));
        importing.put(
          '/catalogue',
          {
            ...DOCUMENTED_ONLY,
            ...needs('admin'),
            bodyLimit: CATALOGUE_BODY_LIMIT,
            schema: {
              operationId: 'importCatalogue',
              tags: ['admin'],
              summary: 'Replace the whole catalogue, all or nothing',
              body: CatalogueDocumentSchema,
              response: {
                200: ImportSummarySchema,
                400: error('The document is not valid; the message names the bad fields (up to 50), and nothing changed'),
                ...BODY_ERRORS,
                503: WRITE_UNAVAILABLE,
              },
            },
          },
          async (request) => {
            const document = importedDocument(request.body);
            if (!document.ok) throw invalid(document.errors);
            const records = await committed(catalogue.replaceCatalogue(document.value, actorOf(request)));
            return { imported: { slots: records.length, categories: Object.keys(document.value.categories).length } };
          },
        );
      });

      const categoriesSchema = {
        operationId: 'replaceCategories',
        tags: ['admin'],
        summary: 'Replace the emoji category map',
        body: CategoryMapBodySchema,
        response: { 200: CategoriesSchema, 400: error('The map is not valid; the message names what is wrong'), ...BODY_ERRORS, 503: WRITE_UNAVAILABLE },
      };
      admin.put('/emojis/categories', { ...DOCUMENTED_ONLY, ...needs('write'), schema: categoriesSchema }, async (request) => {
        const categories = categoryMap(request.body);
        await committed(catalogue.replaceCategories(categories, actorOf(request)));
        return { categories };
      });

      const resetSchema = {
        operationId: 'resetRateLimit',
        tags: ['admin'],
        summary: "Clear one client's rate-limit counters",
        params: IpParamsSchema,
        response: {
          204: NO_CONTENT,
          400: error('Not an IPv4 or IPv6 address'),
          503: { ...WRITE_UNAVAILABLE, description: 'The shared counter store (Redis) is unreachable; only this instance was cleared' },
        },
      };
      webhookRoutes(admin, deps.webhooks);

      admin.delete('/rate-limits/:ip', { ...DOCUMENTED_ONLY, ...needs('admin'), schema: resetSchema }, async (request, reply) => {
        const { ip } = request.params as { ip: string };
        if (isIP(ip) === 0) throw badRequest(`ip: ${quote(ip)} is not an IPv4 or IPv6 address`);
        try {
          await rateLimiter.reset(ip);
        } catch {
          // The shared store (Redis) is down; this instance's own counters are already cleared.
          throw new HttpError(503, `rate limits: the shared counter store is unreachable; ${ip} was cleared on this instance only, retry later`, {
            'retry-after': '5',
          });
        }
        const time = catalogue.timestamp();
        await committed(deps.access.store.record({ time, actor: actorOf(request), action: 'ratelimit.reset', target: { type: 'client', id: ip } }));
        return reply.code(204).send();
      });

      adminHistoryRoutes(admin, { config, catalogue });
      adminInsightRoutes(admin, { store: catalogue.store.insights, now: deps.now });
      adminAccessRoutes(admin, { access: deps.access });
    },
    { prefix: ADMIN_PREFIX },
  );
}
