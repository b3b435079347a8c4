import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { clientKey } from '../../../ratelimit/client-key.js';
import { AUDIT_ACTIONS, type NewAuditEntry } from '../../../store/access.js';
import type { SessionStore } from '../../../store/sessions.js';
import { loadAssets } from '../../../web/assets.js';
import { refusedPage } from '../../../web/console/access-pages.js';
import { CSRF_FIELD } from '../../../web/console/console-layout.js';
import { overviewPage } from '../../../web/console/overview-page.js';
import { signInPage } from '../../../web/console/sign-in-page.js';
import { clientAddress } from '../../caller/proxy-trust.js';
import { HttpError } from '../../answers/errors.js';
import { ConsoleSessions, csrfMatches } from '../../session/console-sessions.js';
import { isHttps, isSameOrigin } from '../../session/same-origin.js';
import { SignInThrottle } from '../../session/sign-in-throttle.js';
import { CONTENT_SECURITY_POLICY } from '../pages.js';
import { committed } from '../admin-common.js';
import { baseOf, formField, sendPage, setUser, userOf, viewerOf, type ConsoleDeps } from './console-common.js';
import { consoleAccessRoutes } from './console-access.js';
import { consoleImportRoutes } from './console-import.js';
import { consoleInsightRoutes } from './console-insights.js';
import { CONSOLE_CHALLENGE, documented, page, seeOther, unauthenticated } from './console-schemas.js';
import { consoleSlotRoutes } from './console-slots.js';
import { consoleWebhookRoutes } from './console-webhooks.js';

/** Console pages: never cached, never indexed, never framed, and no inline script or style (decisions §18). */
const CONSOLE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
} as const;
/** Form posts are small; a slot's longest fields, percent-encoded, stay well under this. */
const FORM_BODY_LIMIT = 512 * 1024;
const SignInQuerySchema = Type.Object({
  next: Type.Optional(Type.String({ description: 'The console page to go to once signed in: a path under /admin; anything else means /admin' })),
});
const SIGNED_OUT_MESSAGE = 'Your session has ended. Sign in again.';
const WRONG_CREDENTIALS = 'The name or the password is wrong, or the operator is disabled.';

const cookieName = (request: FastifyRequest) => (isHttps(request) ? '__Host-slotmoji-session' : 'slotmoji-session');

/** Where to go after signing in: a console path only, so the parameter cannot send anyone elsewhere. */
function nextPath(raw: string): string {
  return /^\/admin(\/[A-Za-z0-9/_-]*)?(\?[^\s#]*)?$/.test(raw) && !raw.startsWith('/admin/sign-') ? raw : '/admin';
}

export interface ConsoleOptions extends Omit<ConsoleDeps, 'assets'> {
  readonly sessions: SessionStore;
  readonly now: () => number;
}

/** The operator console under `/admin` (decisions §18): server-rendered pages over the admin API's services. */
export function consoleRoutes(app: FastifyInstance, consoleOptions: ConsoleOptions): void {
  const assets = loadAssets();
  const options: ConsoleOptions & ConsoleDeps = { ...consoleOptions, assets };
  const { config, access } = options;
  const sessions = new ConsoleSessions(options.sessions, config.session, options.now);
  const throttle = new SignInThrottle(options.sessions, options.now);
  const audit = (entry: Omit<NewAuditEntry, 'time'>) => committed(access.store.record({ ...entry, time: new Date(options.now()).toISOString() }));

  app.register(
    async (console) => {
      await console.register(cookie);
      await console.register(formbody, { bodyLimit: FORM_BODY_LIMIT });
      console.addHook('onSend', async (_request, reply) => {
        reply.headers(CONSOLE_HEADERS);
        // Every 401 of the console, a failed sign-in or a POST after the session ended, names how to sign in.
        if (reply.statusCode === 401) reply.header('www-authenticate', CONSOLE_CHALLENGE);
      });
      console.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
        if (status >= 500) request.log.error({ err: error }, 'console request failed');
        const message = status >= 500 ? 'Something went wrong on the server; nothing you sent was lost by the browser. Try again.' : error.message;
        if (error instanceof HttpError) reply.headers(error.headers ?? {});
        return sendPage(reply, refusedPage(status, message, undefined, baseOf(request, options), assets), status);
      });
      console.setNotFoundHandler(async (request, reply) => sendPage(reply, refusedPage(404, 'No console page is here.', undefined, baseOf(request, options), assets), 404));

      // Every route but sign-in needs a live session, and POSTs the same origin: both judged from the
      // headers, before a byte of the body is read (an upload is up to 128 MiB).
      console.addHook('onRequest', async (request, reply) => {
        const needs = request.routeOptions.config.console;
        if (request.method === 'POST' && !isSameOrigin(request, config)) {
          return sendPage(reply, refusedPage(403, 'This form was sent from another site, so it was refused.', undefined, baseOf(request, options), assets), 403);
        }
        if (needs === 'anyone') return undefined;
        const user = await committed(sessions.user(request.cookies[cookieName(request)]));
        if (user === undefined) {
          if (request.method === 'GET') return reply.redirect(`/admin/sign-in?next=${encodeURIComponent(request.url)}`, 303);
          return sendPage(reply, signInPage({ name: '', problem: SIGNED_OUT_MESSAGE, next: '/admin' }, baseOf(request, options), assets), 401);
        }
        setUser(request, user);
        return undefined;
      });
      // POSTs also carry the session's token, in the body.
      console.addHook('preHandler', async (request, reply) => {
        const needs = request.routeOptions.config.console;
        if (needs === 'anyone') return;
        const user = userOf(request);
        if (request.method === 'POST' && !csrfMatches(user, formField(request.body, CSRF_FIELD))) {
          return sendPage(reply, refusedPage(403, 'This form is out of date or was not sent from this session. Open the page again and resend it.', viewerOf(request), baseOf(request, options), assets), 403);
        }
        if (needs === 'owner' && user.role !== 'owner') {
          return sendPage(reply, refusedPage(403, 'Only owners may open this page.', viewerOf(request), baseOf(request, options), assets), 403);
        }
        return undefined;
      });

      console.get('/sign-in', documented('consoleSignInPage', 'The sign-in page', 'GET', 'anyone', { 200: page('The sign-in form') }, [], SignInQuerySchema), async (request, reply) => {
        const next = nextPath(String((request.query as { next?: unknown }).next ?? '/admin'));
        return sendPage(reply, signInPage({ name: '', next }, baseOf(request, options), assets));
      });

      console.post(
        '/sign-in',
        documented('consoleSignIn', 'Sign in with name and password (a form); a new session cookie', 'POST', 'anyone', {
          303: seeOther('Signed in: a new session cookie, and on to `next` (a console page)'),
          401: unauthenticated('The name or the password is wrong, or the operator is disabled: the same page either way'),
          429: { ...page('Too many failed sign-ins for this name or from this client'), headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } } },
        }),
        async (request, reply) => {
        const name = formField(request.body, 'name').trim().slice(0, 200);
        const password = formField(request.body, 'password');
        const next = nextPath(formField(request.body, 'next'));
        const client = clientKey(clientAddress(request.raw, request.server.proxyTrust) ?? 'unknown', config.rateLimit.ipv6Prefix);
        const base = baseOf(request, options);
        const wait = await committed(throttle.wait(name, client));
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          return sendPage(reply, signInPage({ name, next, problem: `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.` }, base, assets), 429);
        }
        const operator = await access.verifySignIn(name, password);
        if (operator === undefined) {
          await committed(throttle.failed(name, client));
          await audit({ actor: { type: 'operator', name: name.slice(0, 64) }, action: 'session.sign-in-failed', target: { type: 'operator', id: name.slice(0, 64) } });
          return sendPage(reply, signInPage({ name, next, problem: WRONG_CREDENTIALS }, base, assets), 401);
        }
        // Whatever id the browser held before is ended and replaced: a planted id never becomes a session.
        const previous = request.cookies[cookieName(request)];
        if (previous !== undefined) await committed(sessions.end(previous));
        const id = await committed(sessions.begin(operator.id));
        await committed(throttle.succeeded(name));
        await audit({ actor: { type: 'operator', name: operator.name }, action: 'session.sign-in', target: { type: 'operator', id: operator.name } });
        reply.setCookie(cookieName(request), id, { path: '/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
        return reply.redirect(next, 303);
        },
      );

      console.post('/sign-out', documented('consoleSignOut', 'Sign out: the session ends on every instance', 'POST', 'operator', { 303: seeOther('Signed out: to the sign-in page') }), async (request, reply) => {
        const user = userOf(request);
        await committed(sessions.end(request.cookies[cookieName(request)] ?? ''));
        await audit({ actor: { type: 'operator', name: user.name }, action: 'session.sign-out', target: { type: 'operator', id: user.name } });
        reply.clearCookie(cookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
        return reply.redirect('/admin/sign-in', 303);
      });

      // '' rather than '/': under the prefix that is `/admin` alone, not `/admin/` as well.
      console.get('', documented('consoleOverview', 'The overview: catalogue counts and the latest changes', 'GET', 'operator', { 200: page('The overview') }), async (request, reply) => {
        const snapshot = options.catalogue.current;
        const latest = await committed(access.store.audit({ limit: 10 }));
        const overview = {
          slots: snapshot.size,
          providers: snapshot.providers().length,
          emojis: snapshot.emojis.usage.length,
          categories: Object.keys(snapshot.categories).length,
          latest,
        };
        return sendPage(reply, overviewPage(overview, viewerOf(request), baseOf(request, options), assets));
      });

      consoleSlotRoutes(console, options);
      consoleAccessRoutes(console, options, AUDIT_ACTIONS);
      consoleImportRoutes(console, options);
      consoleWebhookRoutes(console, options);
      consoleInsightRoutes(console, options);
    },
    { prefix: '/admin' },
  );
}
