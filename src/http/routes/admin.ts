import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CategoryMapSchema, validateCategoryMap, type CategoryMap } from '../../catalogue/categories.js';
import { validateCatalogueDocument } from '../../catalogue/document.js';
import { SlotSchema, toPublicSlot } from '../../catalogue/slot.js';
import { validateSlotFields } from '../../catalogue/validate.js';
import type { Config } from '../../config.js';
import { quote } from '../../emoji/parse.js';
import type { RateLimiter } from '../../ratelimit/limiter.js';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { DuplicateSlugError, StoreUnavailableError, type SlotInput } from '../../store/store.js';
import { baseUrl } from '../base-url.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import { sendJson } from '../json-reply.js';
import { describePath } from '../plugins/errors.js';
import { registerAdminAuth } from '../plugins/admin-auth.js';

const ADMIN_PREFIX = '/api/admin';
/** A whole catalogue of 100,000 slots is about 110 MB; only its import takes bodies this large. */
const CATALOGUE_BODY_LIMIT = 128 * 1024 * 1024;
/** How long a client should wait before retrying a write the database could not take. */
const RETRY_AFTER_SECONDS = 5;

const ID = /^[1-9][0-9]{0,14}$/;

export interface AdminDeps {
  readonly config: Config;
  readonly catalogue: CatalogueService;
  readonly rateLimiter: RateLimiter;
}

const CatalogueExportSchema = Type.Object({ slots: Type.Array(SlotSchema), categories: CategoryMapSchema });
const ImportSummarySchema = Type.Object({ imported: Type.Object({ slots: Type.Integer(), categories: Type.Integer() }) });
const CategoriesSchema = Type.Object({ categories: CategoryMapSchema });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(errors: readonly string[]): HttpError {
  return badRequest(errors.join('; '));
}

/** The slot id of a path, or a 404: anything that is not an id names no slot. */
function slotId(raw: string): number {
  if (!ID.test(raw)) throw notFound(`slot ${quote(raw)} not found`);
  return Number(raw);
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

/** Waits for a write, turning the store's refusals into answers; nothing was written in either case. */
async function committed<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof DuplicateSlugError) throw new HttpError(409, `slug: "${error.slug}" is already taken by another slot`);
    if (error instanceof StoreUnavailableError) {
      throw new HttpError(503, 'database: unavailable, so nothing was written; try again shortly', {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    }
    throw error;
  }
}

/** The authenticated admin API (decisions §10), in an encapsulated instance under `/api/admin`. */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { config, catalogue, rateLimiter } = deps;
  app.register(
    async (admin) => {
      registerAdminAuth(admin, config.adminToken);
      admin.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      // Here, not at the root, so an unknown admin path passes the credential check first.
      admin.setNotFoundHandler((request) => {
        throw notFound(`No route ${request.method} ${describePath(request.url)}`);
      });

      admin.post('/slots', { schema: { response: { 201: SlotSchema } } }, async (request, reply) => {
        const record = await committed(catalogue.createSlot(slotInput(request.body)));
        return reply.code(201).header('location', `/api/slots/${record.id}`).send(toPublicSlot(record, baseUrl(request, config)));
      });

      admin.put('/slots/:id', { schema: { response: { 200: SlotSchema } } }, async (request) => {
        const id = slotId((request.params as { id: string }).id);
        const record = await committed(catalogue.replaceSlot(id, slotInput(request.body, id)));
        if (record === undefined) throw notFound(`slot "${id}" not found`);
        return toPublicSlot(record, baseUrl(request, config));
      });

      admin.delete('/slots/:id', async (request, reply) => {
        const id = slotId((request.params as { id: string }).id);
        if (!(await committed(catalogue.deleteSlot(id)))) throw notFound(`slot "${id}" not found`);
        return reply.code(204).send();
      });

      admin.get('/catalogue', { schema: { response: { 200: CatalogueExportSchema } } }, async (request, reply) => {
        const snapshot = catalogue.current;
        const base = baseUrl(request, config);
        // JSON.stringify is several times faster than the schema serialiser on 100,000 slots.
        return sendJson(reply, JSON.stringify({ slots: snapshot.slots.map((slot) => toPublicSlot(slot, base)), categories: snapshot.categories }));
      });

      admin.put(
        '/catalogue',
        { bodyLimit: CATALOGUE_BODY_LIMIT, schema: { response: { 200: ImportSummarySchema } } },
        async (request) => {
          const document = validateCatalogueDocument(request.body);
          if (!document.ok) throw invalid(document.errors);
          const records = await committed(catalogue.replaceCatalogue(document.value));
          return { imported: { slots: records.length, categories: Object.keys(document.value.categories).length } };
        },
      );

      admin.put('/emojis/categories', { schema: { response: { 200: CategoriesSchema } } }, async (request) => {
        const categories = categoryMap(request.body);
        await committed(catalogue.replaceCategories(categories));
        return { categories };
      });

      admin.delete('/rate-limits/:ip', async (request, reply) => {
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
        return reply.code(204).send();
      });
    },
    { prefix: ADMIN_PREFIX },
  );
}
