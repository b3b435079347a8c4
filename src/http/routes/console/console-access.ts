import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateCategoryMap } from '../../../catalogue/records/categories.js';
import { AccessInputError } from '../../../access/validation.js';
import { DuplicateNameError } from '../../../store/access.js';
import { operatorsPage, tokensPage, webhooksPage, type AccessOutcome } from '../../../web/console/access-pages.js';
import { auditPage } from '../../../web/console/audit-page.js';
import { categoriesFromText, categoriesPage, categoriesText } from '../../../web/console/categories-page.js';
import { HttpError } from '../../answers/errors.js';
import { auditCursor, auditQuery } from '../../input/audit-query.js';
import { committed } from '../admin-common.js';
import { actorOfUser, baseOf, formField, sendPage, viewerOf, type ConsoleDeps } from './console-common.js';

const AUDIT_PAGE = 50;
const OWNERS = { config: { console: 'owner' } } as const;
const AUDIT_FILTERS = ['actor', 'action', 'slot', 'since', 'until'] as const;

/** Input the access service refused: shown beside the form, not thrown. */
function refusal(error: unknown): string | undefined {
  if (error instanceof AccessInputError || error instanceof DuplicateNameError) return error.message;
  return undefined;
}

export function consoleAccessRoutes(console: FastifyInstance, deps: ConsoleDeps, actions: readonly string[]): void {
  const { catalogue, access, assets } = deps;
  const base = (request: FastifyRequest) => baseOf(request, deps);

  console.get('/audit', async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const filters = Object.fromEntries(AUDIT_FILTERS.map((name) => [name, typeof raw[name] === 'string' ? raw[name] : ''])) as Record<(typeof AUDIT_FILTERS)[number], string>;
    // Blank fields of the filter form mean "any", as an absent parameter does to the API.
    const given = Object.fromEntries(Object.entries({ ...filters, cursor: raw['cursor'] }).filter(([, value]) => typeof value === 'string' && value !== ''));
    let query;
    try {
      query = auditQuery({ ...given, limit: String(AUDIT_PAGE) });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
      return sendPage(reply, auditPage({ filters, actions, entries: [], next: undefined, problem: error.message }, viewerOf(request), base(request), assets), 400);
    }
    const entries = await committed(access.store.audit({ ...query, limit: query.limit + 1 }));
    const page = entries.slice(0, query.limit);
    const last = page.at(-1);
    const next = entries.length > query.limit && last !== undefined ? `/admin/audit?${new URLSearchParams({ ...filters, cursor: auditCursor(last) }).toString()}` : undefined;
    return sendPage(reply, auditPage({ filters, actions, entries: page, next }, viewerOf(request), base(request), assets));
  });

  console.get('/categories', async (request, reply) =>
    sendPage(reply, categoriesPage(categoriesText(catalogue.current.categories), viewerOf(request), base(request), assets, (request.query as { saved?: string }).saved === undefined ? {} : { message: 'The categories were saved.' })),
  );

  console.post('/categories', async (request, reply) => {
    const text = formField(request.body, 'categories');
    const { map, problems } = categoriesFromText(text);
    const checked = validateCategoryMap(map);
    const errors = [...problems, ...(checked.ok ? [] : checked.errors)];
    if (errors.length > 0 || !checked.ok) return sendPage(reply, categoriesPage(text, viewerOf(request), base(request), assets, { errors }), 400);
    await committed(catalogue.replaceCategories(checked.value, actorOfUser(request)));
    return reply.redirect('/admin/categories?saved=1', 303);
  });

  const operators = async (request: FastifyRequest, reply: FastifyReply, outcome: AccessOutcome = {}, status = 200) =>
    sendPage(reply, operatorsPage(await access.operators(), viewerOf(request), base(request), assets, outcome), status);

  console.get('/operators', OWNERS, async (request, reply) => operators(request, reply));

  console.post('/operators', OWNERS, async (request, reply) => {
    const typed = { name: formField(request.body, 'name'), role: formField(request.body, 'role') };
    try {
      await access.createOperator({ ...typed, password: formField(request.body, 'password') }, actorOfUser(request));
    } catch (error) {
      const problem = refusal(error);
      if (problem === undefined) throw error;
      return operators(request, reply, { problem, typed }, 400);
    }
    return operators(request, reply, { message: `${typed.name} was added.` });
  });

  console.post('/operators/:name/:change', OWNERS, async (request, reply) => {
    const { name, change } = request.params as { name: string; change: string };
    const actor = actorOfUser(request);
    let changed;
    try {
      if (change === 'disable' || change === 'enable') changed = await access.setDisabled(name, change === 'disable', actor);
      else if (change === 'role') changed = await access.changeRole(name, formField(request.body, 'role'), actor);
      else return operators(request, reply, { problem: `There is no "${change}" change.` }, 404);
    } catch (error) {
      const problem = refusal(error);
      if (problem === undefined) throw error;
      return operators(request, reply, { problem }, 400);
    }
    if (changed === undefined) return operators(request, reply, { problem: `There is no operator "${name}".` }, 404);
    return operators(request, reply, { message: `${changed.name} is now ${changed.disabled ? 'disabled' : 'active'}, ${changed.role}.` });
  });

  const tokens = async (request: FastifyRequest, reply: FastifyReply, outcome: AccessOutcome = {}, status = 200) =>
    sendPage(reply, tokensPage(await access.tokens(), viewerOf(request), base(request), assets, outcome), status);

  console.get('/tokens', OWNERS, async (request, reply) => tokens(request, reply));

  console.post('/tokens', OWNERS, async (request, reply) => {
    const typed = { name: formField(request.body, 'name'), scope: formField(request.body, 'scope'), expiresAt: formField(request.body, 'expiresAt') };
    try {
      const made = await access.createToken({ ...typed, expiresAt: typed.expiresAt.trim() === '' ? null : typed.expiresAt.trim() }, actorOfUser(request));
      return await tokens(request, reply, { secret: { name: made.token.name, secret: made.secret } });
    } catch (error) {
      const problem = refusal(error);
      if (problem === undefined) throw error;
      return tokens(request, reply, { problem, typed }, 400);
    }
  });

  console.post('/tokens/:id/revoke', OWNERS, async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    const revoked = /^[1-9][0-9]{0,14}$/.test(raw) && (await access.revokeToken(Number(raw), actorOfUser(request)));
    return revoked ? tokens(request, reply, { message: 'The token was revoked.' }) : tokens(request, reply, { problem: 'There is no such token.' }, 404);
  });

  console.get('/webhooks', OWNERS, async (request, reply) => sendPage(reply, webhooksPage(viewerOf(request), base(request), assets)));
}
