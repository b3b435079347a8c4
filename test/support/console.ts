import type { FastifyInstance } from 'fastify';
import { AccessService } from '../../src/access/access-service.js';
import type { Role, AccessStore } from '../../src/store/access.js';

/** Passwords of the operators the console tests make: long enough for the rule, never real. */
export const PASSWORD = 'correct horse battery staple';
export const ORIGIN = 'http://localhost:80';

/** Makes an operator as the command line would. */
export async function addOperator(store: AccessStore, name: string, role: Role): Promise<void> {
  await new AccessService(store, undefined).createOperator({ name, role, password: PASSWORD }, { type: 'admin-token', name: 'admin-token' });
}

/** The `name=value` of a Set-Cookie header, for sending back. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (header === undefined) throw new Error('no Set-Cookie');
  return header.split(';')[0] as string;
}

/** The CSRF token a console page's forms carry. */
function csrfOf(page: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (token === undefined) throw new Error('no CSRF field on the page');
  return token;
}

export interface Signed {
  readonly cookie: string;
  readonly csrf: string;
}

export const form = (fields: Readonly<Record<string, string>>) => new URLSearchParams(fields).toString();
export const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN } as const;

/** Signs in through the form and reads the session's cookie and CSRF token from the overview. */
export async function signIn(app: FastifyInstance, name: string, password = PASSWORD): Promise<Signed> {
  const response = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: form({ name, password }) });
  if (response.statusCode !== 303) throw new Error(`sign-in answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  const cookie = cookieOf(response.headers['set-cookie']);
  const overview = await app.inject({ url: '/admin', headers: { cookie } });
  return { cookie, csrf: csrfOf(overview.body) };
}

/** A console POST with a session's cookie and token (override either to test refusals). */
export function post(app: FastifyInstance, url: string, signed: Signed, fields: Readonly<Record<string, string>> = {}, headers: Readonly<Record<string, string>> = {}) {
  return app.inject({ method: 'POST', url, headers: { ...FORM, cookie: signed.cookie, ...headers }, payload: form({ _csrf: signed.csrf, ...fields }) });
}
