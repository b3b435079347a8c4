import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { validateCategoryMap } from '../../../catalogue/records/categories.js';
import { AccessInputError } from '../../../access/validation.js';
import { DuplicateNameError } from '../../../store/access.js';
import { operatorsPage, tokensPage, type AccessOutcome } from '../../../web/console/access-pages.js';
import { auditPage } from '../../../web/console/audit-page.js';
import { categoriesFromText, categoriesPage, categoriesText } from '../../../web/console/categories-page.js';
import { HttpError } from '../../answers/errors.js';
import { auditCursor, auditQuery } from '../../input/audit-query.js';
import { committed } from '../admin-common.js';
import { AuditQuerySchema } from '../admin-history.js';
import { documented, page, seeOther } from './console-schemas.js';
import { actorOfUser, baseOf, formField, sendPage, viewerOf, type ConsoleDeps } from './console-common.js';

const AUDIT_PAGE = 50;
const AUDIT_FILTERS = ['actor', 'action', 'slot', 'since', 'until'] as const;
/** The audit page's query: GET /api/admin/audit's filters and cursor; a page is always AUDIT_PAGE entries. */
const AuditPageQuerySchema = Type.Omit(AuditQuerySchema, ['limit']);

/** Input the access service refused: shown beside the form, not thrown. */
function refusal(error: unknown): string | undefined {
  if (error instanceof AccessInputError || error instanceof DuplicateNameError) return error.message;
  return undefined;
}

export function consoleAccessRoutes(console: FastifyInstance, deps: ConsoleDeps, actions: readonly string[]): void {
  const { catalogue, access, assets } = deps;
  const base = (request: FastifyRequest) => baseOf(request, deps);

  console.get('/audit', documented('consoleAudit', 'The audit log, newest first, with filters', 'GET', 'operator', { 200: page('A page of entries'), 400: page('A filter is not valid: the message beside the filters') }, [], AuditPageQuerySchema), async (request, reply) => {
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

  console.get('/categories', documented('consoleCategories', 'The emoji category map as a form', 'GET', 'operator', { 200: page('The form') }), async (request, reply) =>
    sendPage(reply, categoriesPage(categoriesText(catalogue.current.categories), viewerOf(request), base(request), assets, (request.query as { saved?: string }).saved === undefined ? {} : { message: 'The categories were saved.' })),
  );

  console.post('/categories', documented('consoleSaveCategories', 'Replace the category map (a form)', 'POST', 'operator', { 303: seeOther('Saved: to the categories page'), 400: page('Not saved: what is wrong, beside the field') }), async (request, reply) => {
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

  console.get('/operators', documented('consoleOperators', 'Operators, with their actions and a form to add one', 'GET', 'owner', { 200: page('The operators') }), async (request, reply) => operators(request, reply));

  console.post('/operators', documented('consoleAddOperator', 'Add an operator (a form)', 'POST', 'owner', { 200: page('Added'), 400: page('Not added: what is wrong, beside the form') }), async (request, reply) => {
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

  console.post('/operators/password', documented('consoleSetPassword', "Set an operator's password, ending their sessions (a form)", 'POST', 'owner', { 200: page('Set'), 400: page('Not set: what is wrong, beside the form'), 404: page('No such operator') }), async (request, reply) => {
    const name = formField(request.body, 'name');
    let changed;
    try {
      changed = await access.changePassword(name, formField(request.body, 'password'), actorOfUser(request));
    } catch (error) {
      const problem = refusal(error);
      if (problem === undefined) throw error;
      return operators(request, reply, { problem, typed: { name }, form: 'password' }, 400);
    }
    if (changed === undefined) return operators(request, reply, { problem: `There is no operator ${JSON.stringify(name.slice(0, 64))}.`, form: 'password' }, 404);
    return operators(request, reply, { message: `${changed.name} has a new password; their sessions have ended.` });
  });

  console.post('/operators/:name/:change', documented('consoleChangeOperator', 'Disable, enable or change the role of an operator (a form)', 'POST', 'owner', { 200: page('Changed'), 400: page('Not changed: the role is not one'), 404: page('No such operator, or no such change') }, ['name', 'change']), async (request, reply) => {
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

  console.get('/tokens', documented('consoleTokens', 'API tokens, with revoke buttons and a form to make one', 'GET', 'owner', { 200: page('The tokens') }), async (request, reply) => tokens(request, reply));

  console.post('/tokens', documented('consoleMakeToken', "Make an API token (a form); the answer shows its secret, once", 'POST', 'owner', { 200: page('Made: the secret shown once'), 400: page('Not made: what is wrong, beside the form') }), async (request, reply) => {
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

  console.post('/tokens/:id/revoke', documented('consoleRevokeToken', 'Revoke an API token (a form)', 'POST', 'owner', { 200: page('Revoked'), 404: page('No such token') }, ['id']), async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    const revoked = /^[1-9][0-9]{0,14}$/.test(raw) && (await access.revokeToken(Number(raw), actorOfUser(request)));
    return revoked ? tokens(request, reply, { message: 'The token was revoked.' }) : tokens(request, reply, { problem: 'There is no such token.' }, 404);
  });
}
