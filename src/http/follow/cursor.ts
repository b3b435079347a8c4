import { quote } from '../../emoji/parse.js';
import { badRequest, HttpError } from '../answers/errors.js';
import { single, type Query } from '../input/query.js';

export const SNAPSHOT_PATH = '/api/catalogue';
export const DEFAULT_FEED_LIMIT = 100;
export const MAX_FEED_LIMIT = 1000;

const DIGITS = /^[0-9]{1,15}$/;

/** A sequence number as a client sends it back: a whole number ≥ 0 in plain digits. */
function sequenceNumber(name: string, raw: string): number {
  if (!DIGITS.test(raw)) throw badRequest(`${name}: must be a whole number ≥ 0 (a change's sequence), got ${quote(raw)}`);
  return Number(raw);
}

/**
 * `after`, `limit` and `history` of `GET /api/changes`: a limit outside 1-1000 is refused, not
 * clamped, as decisions §19 says; any `history` is taken, since one not this database's is a 410 (§20).
 */
export function feedCursor(query: Query): { readonly after: number; readonly limit: number; readonly history: string | undefined } {
  const after = single(query, 'after');
  const limit = single(query, 'limit');
  const count = limit === undefined ? DEFAULT_FEED_LIMIT : /^[0-9]{1,4}$/.test(limit) ? Number(limit) : Number.NaN;
  if (!(count >= 1 && count <= MAX_FEED_LIMIT)) throw badRequest(`limit: must be a whole number from 1 to ${MAX_FEED_LIMIT}, got ${quote(limit ?? '')}`);
  return { after: after === undefined ? 0 : sequenceNumber('after', after), limit: count, history: single(query, 'history') };
}

/**
 * Where a stream starts: after `Last-Event-ID` (an EventSource resuming sends the last `id:` it
 * saw, and it wins over the `after` its URL still carries), else after `?after=`, else from now
 * (undefined); and the history the resume point counts in, when the client says.
 */
export function streamStart(query: Query, lastEventId: string | string[] | undefined): { readonly after: number | undefined; readonly history: string | undefined } {
  if (Array.isArray(lastEventId)) throw badRequest('Last-Event-ID: given more than once');
  const history = single(query, 'history');
  if (lastEventId !== undefined) return { after: sequenceNumber('Last-Event-ID', lastEventId.trim()), history };
  const after = single(query, 'after');
  return { after: after === undefined ? undefined : sequenceNumber('after', after), history };
}

/**
 * Why the log cannot go on from `after`: its next change was pruned, or `after` is beyond every
 * change logged (a cursor from another copy of the database). Either way, start again from the snapshot.
 */
export function cursorProblem(after: number, latest: number): string {
  return after > latest
    ? `after: ${after} is beyond the latest change, ${latest}; this cursor is not from this catalogue: start again from ${SNAPSHOT_PATH}`
    : `after: the changes after ${after} are no longer kept; start again from ${SNAPSHOT_PATH} and follow from its sequence`;
}

export function goneError(after: number, latest: number): HttpError {
  return new HttpError(410, cursorProblem(after, latest), {}, { snapshot: SNAPSHOT_PATH });
}

/** Why a cursor from another history cannot go on: the database was restored or replaced since the copy began (decisions §20). */
export function historyProblem(asked: string, current: string): string {
  return `history: ${quote(asked)} is not this catalogue's history (${current}): it was restored or replaced since; start again from ${SNAPSHOT_PATH}`;
}

export function historyGoneError(asked: string, current: string): HttpError {
  return new HttpError(410, historyProblem(asked, current), {}, { snapshot: SNAPSHOT_PATH });
}
