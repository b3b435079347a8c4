import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Catalogue } from '../../catalogue/catalogue.js';
import { CategoryMapSchema } from '../../catalogue/records/categories.js';
import { SlotSchema, toPublicSlot } from '../../catalogue/records/slot.js';
import type { Config } from '../../config.js';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { negotiateCoding, type ContentCoding } from '../../web/encoding.js';
import { baseUrl } from '../caller/base-url.js';
import { entityTag } from '../answers/entity-tag.js';
import { ifNoneMatchMatches } from '../answers/if-none-match.js';
import { NotModifiedSchema } from '../contract/request-schemas.js';
import { SNAPSHOT_PATH } from './cursor.js';
import { HistoryIdSchema } from './history-schema.js';

/** Slots serialised per chunk: tens of kilobytes, so a slow reader holds back little. */
const SLOTS_PER_CHUNK = 128;
/**
 * Brotli's default (11) takes minutes over 110 MB; 5 compresses a catalogue about as well as gzip's
 * best at a fraction of its time, which matters when the body is made as it is sent.
 */
const BROTLI_QUALITY = 5;

const SnapshotSchema = Type.Object(
  {
    sequence: Type.Integer({ minimum: 0, description: 'The last change this snapshot holds: follow `GET /api/changes?after=` from it' }),
    history: HistoryIdSchema,
    slots: Type.Array(SlotSchema, { description: 'Every slot, by id' }),
    categories: CategoryMapSchema,
  },
  { description: 'The whole catalogue at one moment of its change log' },
);

/**
 * The snapshot's JSON, made a chunk at a time as the reader takes it: a 100,000-slot catalogue is
 * never one 110 MB string, only its records (which the snapshot holds anyway) and a chunk in flight.
 */
function snapshotJson(catalogue: Catalogue, sequence: number, history: string, base: string): Readable {
  const slots = catalogue.slots;
  function* chunks(): Generator<string> {
    yield `{"sequence":${sequence},"history":${JSON.stringify(history)},"slots":[`;
    for (let start = 0; start < slots.length; start += SLOTS_PER_CHUNK) {
      const part = slots.slice(start, start + SLOTS_PER_CHUNK).map((slot) => JSON.stringify(toPublicSlot(slot, base)));
      yield (start === 0 ? '' : ',') + part.join(',');
    }
    yield `],"categories":${JSON.stringify(catalogue.categories)}}`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

function encoded(json: Readable, coding: ContentCoding): Readable {
  if (coding === 'identity') return json;
  const compressor =
    coding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : createGzip();
  json.on('error', (error) => compressor.destroy(error));
  return json.pipe(compressor);
}

/** `GET /api/catalogue`: the snapshot to start a copy from (decisions §19). */
export function snapshotRoute(app: FastifyInstance, config: Config, catalogue: CatalogueService): void {
  const schema = {
    operationId: 'getCatalogueSnapshot',
    tags: ['following'],
    summary: 'Every slot and the category map, as of one change',
    description:
      'One consistent snapshot; apply `GET /api/changes?after={sequence}&history={history}` (or the stream) to it to stay current. ' +
      'Compressed with br or gzip when the request accepts it; a strong `ETag` per encoding.',
    response: { 200: SnapshotSchema, 304: NotModifiedSchema },
  };
  app.get(SNAPSHOT_PATH, { schema }, async (request, reply) => {
    // Read once: the snapshot and its sequence are one value.
    const { catalogue: snapshot, sequence, history } = catalogue.view;
    const base = baseUrl(request, config);
    const coding = negotiateCoding(request.headers['accept-encoding']);
    const etag = entityTag(snapshot, `catalogue ${history} ${sequence} ${coding} ${base}`);
    reply.header('etag', etag).header('vary', 'accept-encoding');
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (coding !== 'identity') reply.header('content-encoding', coding);
    return reply.type('application/json; charset=utf-8').send(encoded(snapshotJson(snapshot, sequence, history, base), coding));
  });
}
