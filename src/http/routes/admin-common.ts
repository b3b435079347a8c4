import { Type } from 'typebox';
import { quote } from '../../emoji/parse.js';
import { DuplicateSlugError, StoreUnavailableError } from '../../store/store.js';
import { ErrorBodySchema, HttpError, notFound } from '../answers/errors.js';

/** What the admin routes (admin.ts and its companions) share: path ids, answers, and how writes fail. */

/** How long a client should wait before retrying a write the database could not take. */
const RETRY_AFTER_SECONDS = 5;
const ID = /^[1-9][0-9]{0,14}$/;

export const SLOT_IDS = Type.Object({ id: Type.String({ description: 'The slot id; anything else names no slot (404)' }) });

export const error = (description: string) => ({ ...ErrorBodySchema, description });
export const NO_SLOT = error('No slot has this id');
export const SLUG_TAKEN = error('Another slot already has this slug');
export const WRITE_UNAVAILABLE = { ...error('The database did not take the write, so nothing changed'), headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } } };
const PAYLOAD_TOO_LARGE = error('The body is larger than this route accepts');
const UNSUPPORTED_MEDIA_TYPE = error('The body is not sent as application/json');
export const NO_CONTENT = { type: 'null', description: 'Done; no body' } as const;
export const BODY_ERRORS = { 413: PAYLOAD_TOO_LARGE, 415: UNSUPPORTED_MEDIA_TYPE };

/** The slot id of a path, or a 404: anything that is not an id names no slot. */
export function slotId(raw: string): number {
  if (!ID.test(raw)) throw notFound(`slot ${quote(raw)} not found`);
  return Number(raw);
}

/** Waits for a write, turning the store's refusals into answers; nothing was written in either case. */
export async function committed<T>(write: Promise<T>): Promise<T> {
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
