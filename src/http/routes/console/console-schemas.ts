import type { TSchema } from 'typebox';
import { DOCUMENTED_ONLY } from '../../contract/request-schemas.js';

/**
 * The console's routes in the OpenAPI document (decisions §16): pages and forms for people with a
 * session cookie, under the `console` tag. Inputs are documented only (the handlers read forms
 * themselves and answer bad input with the page again); every answer a route gives is listed.
 */

type Answer = Readonly<Record<string, unknown>>;

export const page = (description: string): Answer => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
export const seeOther = (description: string): Answer => ({
  type: 'null',
  description,
  headers: { location: { type: 'string', description: 'Where the browser goes next' } },
});

const SIGNED_OUT_GET = seeOther('Not signed in (or the session ended): to the sign-in page, with this page as `next`');
/**
 * RFC 9110 §11.6.1: a 401 carries a challenge. The console's sign-in is a form, so the challenge names a
 * form-based scheme, one no browser answers with a password dialog of its own.
 */
export const CONSOLE_CHALLENGE = 'Form realm="slotmoji console"';
const CHALLENGE_HEADER = { 'www-authenticate': { type: 'string', const: CONSOLE_CHALLENGE, description: 'Sign in with the form of /admin/sign-in' } };
/** A 401 of the console: the sign-in page, with the challenge. */
export const unauthenticated = (description: string): Answer => ({ ...page(description), headers: CHALLENGE_HEADER });
const SIGNED_OUT_POST = unauthenticated('The session has ended: the sign-in page; nothing was done');
const REFUSED_POST = page('Refused: sent from another origin, without this session\'s CSRF token, or by an editor where an owner is needed; nothing was done');
const OWNERS_ONLY = page('For owners only: the signed-in operator is an editor');

export type Access = 'anyone' | 'operator' | 'owner';

/**
 * Route options documenting a console route: its own answers, plus those every route of its kind
 * gives (sent to sign in, refused by the CSRF and origin checks, owners only).
 */
export function documented(
  operationId: string,
  summary: string,
  method: 'GET' | 'POST',
  access: Access,
  answers: Readonly<Record<number, Answer>>,
  params: readonly string[] = [],
  /** The schema of the query a page reads, if it reads one. */
  querystring?: TSchema,
) {
  const shared: Record<number, Answer> = {};
  if (access === 'anyone' && method === 'POST') shared[403] = page('Refused: sent from another origin');
  if (access !== 'anyone' && method === 'GET') shared[303] = SIGNED_OUT_GET;
  if (access === 'owner' && method === 'GET') shared[403] = OWNERS_ONLY;
  if (access !== 'anyone' && method === 'POST') Object.assign(shared, { 401: SIGNED_OUT_POST, 403: REFUSED_POST });
  const config: { console?: 'anyone' | 'owner' } = access === 'operator' ? {} : { console: access };
  return {
    ...DOCUMENTED_ONLY,
    config,
    schema: {
      operationId,
      tags: ['console'],
      summary,
      ...(params.length === 0
        ? {}
        : { params: { type: 'object', properties: Object.fromEntries(params.map((name) => [name, { type: 'string', description: PARAMS[name] ?? name }])), required: [...params] } }),
      ...(querystring === undefined ? {} : { querystring }),
      response: { ...shared, ...answers },
    },
  };
}

const PARAMS: Readonly<Record<string, string>> = {
  id: 'The slot, token or webhook endpoint id',
  name: "The operator's name",
  change: '`disable`, `enable` or `role`',
};
