import { badRequest } from '../answers/errors.js';

/** The entity tag of an admin slot read: its version (decisions §17). */
export const slotVersionTag = (version: number) => `"v${version}"`;

const VERSION_TAG = /^\s*"v(0|[1-9][0-9]{0,14})"\s*$/;

/**
 * The version an `If-Match` header asks for; undefined without one (or `*`: any current version),
 * so the last write wins as before. Anything else, a weak tag or a list included, is a 400: a
 * conditional write must name exactly one version.
 */
export function ifMatchVersion(field: string | string[] | undefined): number | undefined {
  if (field === undefined || (typeof field === 'string' && field.trim() === '*')) return undefined;
  const match = typeof field === 'string' ? VERSION_TAG.exec(field) : null;
  if (match === null) throw badRequest('If-Match: must be one entity tag "v<version>" as GET /api/admin/slots/{id} sends it in ETag');
  return Number(match[1]);
}
