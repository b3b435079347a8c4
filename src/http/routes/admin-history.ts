import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { SlotSchema, toPublicSlot } from '../../catalogue/records/slot.js';
import type { Config } from '../../config.js';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { AUDIT_ACTIONS, type AuditEntry } from '../../store/access.js';
import { baseUrl } from '../caller/base-url.js';
import { badRequest, notFound } from '../answers/errors.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, auditCursor, auditQuery } from '../input/audit-query.js';
import { slotVersionTag } from '../input/if-match.js';
import { actorOf, needs } from '../plugins/admin-auth.js';
import { BODY_ERRORS, committed, error, NO_SLOT, SLOT_IDS, SLUG_TAKEN, slotId, WRITE_UNAVAILABLE } from './admin-common.js';

/** Versions a history answer holds at most, newest first: a slot rewritten by a script every minute for a year still answers quickly. */
const HISTORY_LIMIT = 1_000;

const ActorSchema = Type.Object(
  { type: Type.Union([Type.Literal('operator'), Type.Literal('token'), Type.Literal('admin-token')]), name: Type.String() },
  { description: 'Who wrote: an operator, an API token (by its name), or the ADMIN_TOKEN' },
);
const NullableSlot = Type.Union([SlotSchema, Type.Null()]);
const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  time: Type.String({ description: 'RFC 3339, UTC' }),
  actor: ActorSchema,
  action: Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action))),
  target: Type.Object(
    {
      type: Type.String(),
      id: Type.String(),
      name: Type.Optional(Type.String({ description: 'A token\'s name' })),
      scope: Type.Optional(Type.String({ description: 'A token\'s scope' })),
      expiresAt: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'A token\'s expiry (null: none)' })),
      url: Type.Optional(Type.String({ description: 'A webhook endpoint\'s URL' })),
      events: Type.Optional(Type.Array(Type.String(), { description: 'A webhook endpoint\'s event types' })),
    },
    { description: 'What the entry is about; a token\'s and a webhook endpoint\'s entries also describe it as it was (never its secret)' },
  ),
  before: Type.Optional({ ...NullableSlot, description: 'For a slot change: the slot before it (null: it did not exist)' }),
  after: Type.Optional({ ...NullableSlot, description: 'For a slot change: the slot after it (null: deleted)' }),
  version: Type.Optional(Type.Integer({ description: 'For a slot change: the version it wrote' })),
});
const AuditPageSchema = Type.Object(
  {
    entries: Type.Array(AuditEntrySchema),
    next: Type.Union([Type.String(), Type.Null()], { description: 'The cursor of the next page, null on the last' }),
  },
  { description: 'A page of the audit, newest first' },
);
export const AuditQuerySchema = Type.Object({
  actor: Type.Optional(Type.String({ description: 'Only entries by this actor name' })),
  action: Type.Optional(Type.String({ description: `Only this action: ${AUDIT_ACTIONS.join(', ')}` })),
  slot: Type.Optional(Type.String({ description: 'Only changes of this slot id' })),
  since: Type.Optional(Type.String({ description: 'RFC 3339; entries at or after it' })),
  until: Type.Optional(Type.String({ description: 'RFC 3339; entries before it' })),
  cursor: Type.Optional(Type.String({ description: 'The `next` of the page before' })),
  limit: Type.Optional(Type.String({ description: `Entries per page, 1-${AUDIT_PAGE_MAX} (default ${AUDIT_PAGE_DEFAULT})` })),
});
const HistorySchema = Type.Object(
  {
    versions: Type.Array(
      Type.Object({
        version: Type.Integer({ description: 'The change sequence number that wrote it' }),
        time: Type.String(),
        actor: ActorSchema,
        record: { ...NullableSlot, description: 'The slot as that version wrote it; null for its deletion' },
      }),
    ),
  },
  { description: `The versions the audit holds for this slot, newest first (at most ${HISTORY_LIMIT})` },
);
const RestoreBodySchema = Type.Object({ version: Type.Integer({ minimum: 0, description: 'A version from the history' }) }, { additionalProperties: false });
const ETAG = { etag: { type: 'string', description: 'The slot\'s version, `"v<version>"`: send it back in If-Match' } };

export interface HistoryDeps {
  readonly config: Config;
  readonly catalogue: CatalogueService;
}

function restoreVersion(body: unknown): number {
  const version = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { version?: unknown }).version : undefined;
  const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((key) => key !== 'version') : [];
  if (extra.length > 0) throw badRequest(`${extra[0] ?? ''}: unknown field; the body is {"version": N}`);
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) throw badRequest('version: must be a version number from the slot\'s history');
  return version;
}

/** Admin reads of one slot, its history and restore, and the audit (decisions §17); inside the guarded `/api/admin` instance. */
export function adminHistoryRoutes(admin: FastifyInstance, deps: HistoryDeps): void {
  const { config, catalogue } = deps;
  const store = catalogue.store;
  const publicEntry = (entry: AuditEntry, base: string) => ({
    ...entry,
    ...(entry.before === undefined ? {} : { before: entry.before && toPublicSlot(entry.before, base) }),
    ...(entry.after === undefined ? {} : { after: entry.after && toPublicSlot(entry.after, base) }),
  });

  const readSchema = {
    operationId: 'adminGetSlot',
    tags: ['admin'],
    summary: 'A slot as stored, with its version as ETag (scope: read)',
    params: SLOT_IDS,
    response: { 200: { ...SlotSchema, description: 'The slot', headers: ETAG }, 404: NO_SLOT },
  };
  admin.get('/slots/:id', { ...DOCUMENTED_ONLY, ...needs('read'), schema: readSchema }, async (request, reply) => {
    const id = slotId((request.params as { id: string }).id);
    const found = await committed(store.readSlot(id));
    if (found === undefined) throw notFound(`slot "${id}" not found`);
    return reply.header('etag', slotVersionTag(found.version)).send(toPublicSlot(found.record, baseUrl(request, config)));
  });

  const historySchema = {
    operationId: 'slotHistory',
    tags: ['admin'],
    summary: "A slot's versions, newest first (scope: read)",
    params: SLOT_IDS,
    response: { 200: HistorySchema, 404: error('No slot has this id, and none ever had a history under it') },
  };
  admin.get('/slots/:id/history', { ...DOCUMENTED_ONLY, ...needs('read'), schema: historySchema }, async (request) => {
    const id = slotId((request.params as { id: string }).id);
    const versions = await committed(store.access.slotHistory(id, HISTORY_LIMIT));
    // A slot not written since its import has no versions yet; one that never existed is a 404.
    if (versions.length === 0 && (await committed(store.readSlot(id))) === undefined) throw notFound(`slot "${id}" not found (and has no history)`);
    const base = baseUrl(request, config);
    return { versions: versions.map((version) => ({ ...version, record: version.record && toPublicSlot(version.record, base) })) };
  });

  const restoreSchema = {
    operationId: 'restoreSlot',
    tags: ['admin'],
    summary: 'Write a version of a slot back as a new change (scope: write)',
    params: SLOT_IDS,
    body: RestoreBodySchema,
    response: {
      200: { ...SlotSchema, description: 'The slot as restored', headers: ETAG },
      400: error('The body is not {"version": N}, or that version is the deletion'),
      404: error('The slot has no such version in its history'),
      409: SLUG_TAKEN,
      ...BODY_ERRORS,
      503: WRITE_UNAVAILABLE,
    },
  };
  admin.post('/slots/:id/restore', { ...DOCUMENTED_ONLY, ...needs('write'), schema: restoreSchema }, async (request, reply) => {
    const id = slotId((request.params as { id: string }).id);
    const version = restoreVersion(request.body);
    const outcome = await committed(catalogue.restoreSlot(id, version, actorOf(request)));
    if ('missing' in outcome) {
      if (outcome.missing === 'record') throw badRequest(`version: ${version} is the deletion of slot ${id}; restore a version that holds the slot`);
      throw notFound(`version: slot ${id} has no version ${version} in its history`);
    }
    const { record, sequence } = outcome.written;
    return reply.header('etag', slotVersionTag(sequence)).send(toPublicSlot(record, baseUrl(request, config)));
  });

  const auditSchema = {
    operationId: 'audit',
    tags: ['admin'],
    summary: 'Who changed what, newest first (scope: read)',
    querystring: AuditQuerySchema,
    response: { 200: AuditPageSchema, 400: error('A filter, the cursor or the limit is not valid; the message names it') },
  };
  admin.get('/audit', { ...DOCUMENTED_ONLY, ...needs('read'), schema: auditSchema }, async (request) => {
    const query = auditQuery(request.query as Record<string, unknown>);
    const entries = await committed(store.access.audit({ ...query, limit: query.limit + 1 }));
    const page = entries.slice(0, query.limit);
    const last = page[page.length - 1];
    const base = baseUrl(request, config);
    return {
      entries: page.map((entry) => publicEntry(entry, base)),
      next: entries.length > query.limit && last !== undefined ? auditCursor(last) : null,
    };
  });
}
