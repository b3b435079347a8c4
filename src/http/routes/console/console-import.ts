import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkDocumentSlot, validateCatalogueDocument, validateCheckedDocument, type CatalogueDocument } from '../../../catalogue/records/document.js';
import { previewImport } from '../../../catalogue/records/import-preview.js';
import { toPublicSlot } from '../../../catalogue/records/slot.js';
import type { Validation } from '../../../catalogue/records/validate.js';
import type { SessionStore } from '../../../store/sessions.js';
import { CatalogueMovedError } from '../../../store/store.js';
import { refusedPage } from '../../../web/console/access-pages.js';
import { exportPage, importPage, importPreviewPage } from '../../../web/console/import-page.js';
import { parseObjectPiecewise } from '../../input/catalogue-body.js';
import { allowSlowUpload } from '../../connection/slow-uploads.js';
import { jsonParser } from '../../input/json-parser.js';
import { committed } from '../admin-common.js';
import { documented, page } from './console-schemas.js';
import { actorOfUser, baseOf, formField, sendPage, userOf, viewerOf, type ConsoleDeps } from './console-common.js';

/** As large as the admin API's import takes. */
const DOCUMENT_LIMIT = 128 * 1024 * 1024;
/** The form around the file: its token field and the multipart boundaries. */
const FORM_OVERHEAD = 64 * 1024;
/** A preview not confirmed within an hour is forgotten. */
const PENDING_MS = 3_600_000;
const SEQUENCE = /^(0|[1-9][0-9]{0,14})$/;
const PENDING_ID = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest();
/**
 * Pending documents are kept gzipped (fastest level, on the thread pool): a catalogue's JSON shrinks
 * about tenfold, so the database's copy of the bytes stays small beside the upload itself.
 */
const pack = (bytes: Buffer) => promisify(gzip)(bytes, { level: 1 });
const unpack = promisify(gunzip);

/**
 * Reads an uploaded document as the admin API's import reads its body: slot by slot straight from the
 * bytes (never one string of the whole), each slot checked as parsed, with the same messages.
 */
function documentReader(app: FastifyInstance): (bytes: Buffer) => Validation<CatalogueDocument> {
  const parsePiece = jsonParser(app);
  const checkSlot = (text: string, index: number) => checkDocumentSlot(parsePiece(text), index);
  return (bytes) => {
    try {
      const members = parseObjectPiecewise(bytes, 'slots', parsePiece, checkSlot);
      return members === undefined ? validateCatalogueDocument(parsePiece(bytes.toString('utf8'))) : validateCheckedDocument(members);
    } catch (error) {
      return { ok: false, errors: [`document: not JSON (${(error as Error).message})`] };
    }
  };
}

/**
 * The upload's fields (text) and file (bytes) by name, read by the route's own hook rather than by the
 * plugin's, so that a body busboy cannot read (no boundary, a part never ended) is the import page's
 * 400 instead of a 500. An over-large file stays the plugin's 413.
 */
async function readUpload(request: FastifyRequest): Promise<Record<string, string | Buffer>> {
  const body: Record<string, string | Buffer> = Object.create(null) as Record<string, string | Buffer>;
  for await (const part of request.parts()) {
    body[part.fieldname] = part.type === 'file' ? await part.toBuffer() : String(part.value);
  }
  return body;
}

const isTooLarge = (error: unknown) => (error as { statusCode?: unknown }).statusCode === 413;

/** The uploaded file of the multipart body `readUpload` read: its bytes. */
function uploaded(request: FastifyRequest): Buffer | undefined {
  const value = (request.body as Record<string, unknown> | undefined)?.['document'];
  return Buffer.isBuffer(value) && value.length > 0 ? value : undefined;
}

/**
 * Export, and the import with a preview (decisions §18): the upload is validated and kept in the store,
 * its preview compared with the snapshot at a known change sequence; the confirmation carries that
 * sequence and the document's hash, and is refused when the catalogue changed since or the document is not the one previewed.
 */
export function consoleImportRoutes(console: FastifyInstance, deps: ConsoleDeps & { readonly sessions: SessionStore; readonly now: () => number }): void {
  const { catalogue, assets, sessions } = deps;
  const readDocument = documentReader(console);

  console.get('/catalogue', documented('consoleExport', 'Export and import: the download, and the way to the import', 'GET', 'operator', { 200: page('The page') }), async (request, reply) => sendPage(reply, exportPage(catalogue.current.size, viewerOf(request), baseOf(request, deps), assets)));

  console.get('/catalogue.json', documented('consoleExportDownload', 'The whole catalogue as a file to download, as GET /api/admin/catalogue gives it', 'GET', 'operator', { 200: { description: 'The document, as an attachment', content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } } } }), async (request, reply) => {
    const snapshot = catalogue.current;
    const base = baseOf(request, deps);
    const body = JSON.stringify({ slots: snapshot.slots.map((slot) => toPublicSlot(slot, base)), categories: snapshot.categories });
    return reply.type('application/json; charset=utf-8').header('content-disposition', 'attachment; filename="slotmoji-catalogue.json"').send(body);
  });

  console.get('/import', documented('consoleImportPage', 'The upload form of the import', 'GET', 'owner', { 200: page('The form') }), async (request, reply) => sendPage(reply, importPage(viewerOf(request), baseOf(request, deps), assets)));

  console.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: DOCUMENT_LIMIT, files: 1, fields: 4, fieldSize: 1024 } });
    // An upload that says up front it is too large is refused before a byte of it is read.
    uploads.addHook('onRequest', async (request, reply) => {
      if (Number(request.headers['content-length'] ?? 0) > DOCUMENT_LIMIT + FORM_OVERHEAD) {
        return sendPage(reply, refusedPage(413, `The file is larger than ${DOCUMENT_LIMIT / 1024 / 1024} MiB.`, undefined, baseOf(request, deps), assets), 413);
      }
      // Past the console's session check (its onRequest): only then may the body take its time.
      allowSlowUpload(request.raw, reply.raw);
      return undefined;
    });
    // After the console's session check (onRequest), before its token check (preHandler), which reads the body.
    uploads.addHook('preValidation', async (request, reply) => {
      if (!request.isMultipart()) return undefined;
      try {
        request.body = await readUpload(request);
        return undefined;
      } catch (error) {
        if (isTooLarge(error)) throw error;
        const problem = `document: the upload is not a well-formed multipart form (${(error as Error).message})`;
        return sendPage(reply, importPage(viewerOf(request), baseOf(request, deps), assets, { problems: [problem] }), 400);
      }
    });
    uploads.post('/import', documented('consoleImportPreview', 'Upload a catalogue document (multipart) and see what importing it would add, change and remove', 'POST', 'owner', { 200: page('The preview, slot by slot, with the confirmation'), 400: page('The document cannot be imported: what is wrong, beside the field'), 413: page('The file is larger than 128 MiB') }), async (request, reply) => {
      const bytes = uploaded(request);
      if (bytes === undefined) return sendPage(reply, importPage(viewerOf(request), baseOf(request, deps), assets, { problems: ['document: choose a file to upload'] }), 400);
      // The snapshot and its position together, before any await: what the preview compares with.
      const snapshot = catalogue.current;
      const sequence = catalogue.position;
      const document = readDocument(bytes);
      if (!document.ok) return sendPage(reply, importPage(viewerOf(request), baseOf(request, deps), assets, { problems: document.errors }), 400);
      const preview = previewImport(snapshot.slots, snapshot.categories, document.value);
      const id = randomBytes(32).toString('base64url');
      const now = deps.now();
      await committed(sessions.savePendingImport(sha256(id), userOf(request).operatorId, now, await pack(bytes), now - PENDING_MS));
      const pending = { id, sequence, hash: sha256(bytes).toString('base64url') };
      return sendPage(reply, importPreviewPage(preview, pending, viewerOf(request), baseOf(request, deps), assets));
    });
  });

  console.post('/import/confirm', documented('consoleImportConfirm', 'Apply exactly the previewed document (a form), or refuse if the catalogue changed since', 'POST', 'owner', { 200: page('Imported'), 409: page('Refused: the catalogue changed after the preview, the document is not the one previewed, or the preview expired; nothing was written') }), async (request, reply) => {
    const refuse = (message: string) => sendPage(reply, refusedPage(409, `${message} Nothing was imported; upload the document again to see a fresh preview.`, viewerOf(request), baseOf(request, deps), assets), 409);
    const id = formField(request.body, 'import');
    const sequence = formField(request.body, 'sequence');
    const hash = Buffer.from(formField(request.body, 'hash'), 'base64url');
    if (!PENDING_ID.test(id) || !SEQUENCE.test(sequence)) return refuse('This confirmation is not one this console made.');
    const packed = await committed(sessions.pendingImport(sha256(id), userOf(request).operatorId));
    if (packed === undefined) return refuse('This preview has expired or was already used.');
    const bytes = await unpack(packed);
    const digest = sha256(bytes);
    if (hash.length !== digest.length || !timingSafeEqual(hash, digest)) return refuse('The document is not the one previewed.');
    const document = readDocument(bytes);
    if (!document.ok) return refuse('The document is no longer valid.');
    // The store judges "the catalogue did not move" inside the import's own transaction, so no write can land between look and import.
    const records = await committed(catalogue.replaceCatalogue(document.value, actorOfUser(request), Number(sequence))).catch((error: unknown) => {
      if (error instanceof CatalogueMovedError) return undefined;
      throw error;
    });
    if (records === undefined) return refuse('The catalogue changed after the preview, so the preview no longer says what the import would do.');
    await committed(sessions.dropPendingImport(sha256(id)));
    return sendPage(reply, importPage(viewerOf(request), baseOf(request, deps), assets, { message: `Imported: the catalogue now holds ${records.length} slot${records.length === 1 ? '' : 's'}.` }));
  });
}
