import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AccessService } from '../../access/access-service.js';
import { AccessInputError, operatorName, password, role } from '../../access/validation.js';
import { DuplicateNameError, ROLES, TOKEN_SCOPES, type ApiToken, type Operator } from '../../store/access.js';
import { badRequest, HttpError, notFound } from '../answers/errors.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import { actorOf, needs } from '../plugins/admin-auth.js';
import { BODY_ERRORS, committed, error, NO_CONTENT, WRITE_UNAVAILABLE } from './admin-common.js';

const TOKEN_ID = /^[1-9][0-9]{0,14}$/;

const OperatorSchema = Type.Object(
  {
    name: Type.String(),
    role: Type.Union(ROLES.map((name) => Type.Literal(name))),
    disabled: Type.Boolean(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { description: 'An operator (never the password or its hash)' },
);
const TokenFields = {
  id: Type.Integer(),
  name: Type.String(),
  scope: Type.Union(TOKEN_SCOPES.map((name) => Type.Literal(name))),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()], { description: 'Written at most once a minute' }),
};
const TokenSchema = Type.Object(TokenFields, { description: 'An API token (never its secret)' });
const NewTokenSchema = Type.Object(
  { ...TokenFields, secret: Type.String({ description: 'The bearer secret, `smj_…`: shown only in this answer' }) },
  { description: 'The new token with its secret, which is never shown again' },
);
const CreateOperatorBody = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z0-9._-]{1,64}$', description: 'Unique in any case' }),
    role: Type.Union(ROLES.map((name) => Type.Literal(name))),
    password: Type.String({ minLength: 12, maxLength: 1024 }),
  },
  { additionalProperties: false, examples: [{ name: 'alice', role: 'editor', password: 'correct horse battery' }] },
);
const ChangeOperatorBody = Type.Object(
  {
    role: Type.Optional(Type.Union(ROLES.map((name) => Type.Literal(name)))),
    password: Type.Optional(Type.String({ minLength: 12, maxLength: 1024 })),
    disabled: Type.Optional(Type.Boolean({ description: 'A disabled operator cannot sign in' })),
  },
  { additionalProperties: false, description: 'What to change; each field given is one audited change' },
);
const CreateTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    scope: Type.Union(TOKEN_SCOPES.map((name) => Type.Literal(name))),
    expiresAt: Type.Optional(Type.Union([Type.String({ description: 'RFC 3339, in the future' }), Type.Null()])),
  },
  { additionalProperties: false, examples: [{ name: 'partner import', scope: 'write', expiresAt: '2027-01-31T00:00:00Z' }] },
);
const NameParams = Type.Object({ name: Type.String({ description: 'The operator name' }) });
const TokenIdParams = Type.Object({ id: Type.String({ description: 'The token id' }) });
const BAD_INPUT = error('The body is not valid; the message names the field');
const NAME_TAKEN = error('Another operator has this name (in some case)');
const NO_OPERATOR = error('No operator has this name');
const NO_TOKEN = error('No token has this id (or it was revoked)');

export interface AccessRouteDeps {
  readonly access: AccessService;
}

const publicOperator = ({ id: _id, ...operator }: Operator) => operator;
const publicToken = (token: ApiToken) => token;

/** The fields of a JSON object body, refusing any field not in `allowed`. */
function fields(body: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body: must be a JSON object');
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw badRequest(`${unknown}: unknown field; the body takes ${allowed.join(', ')}`);
  return body as Record<string, unknown>;
}

/** A write of operators or tokens: bad input is a 400 naming the field, a taken name a 409. */
async function accessWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await committed(write());
  } catch (error) {
    if (error instanceof AccessInputError) throw badRequest(error.message);
    if (error instanceof DuplicateNameError) throw new HttpError(409, `name: "${error.taken}" is already taken (names are unique in any case)`);
    throw error;
  }
}

/** Operators and API tokens, for owners (and ADMIN_TOKEN) only; inside the guarded `/api/admin` instance. */
export function adminAccessRoutes(admin: FastifyInstance, deps: AccessRouteDeps): void {
  const { access } = deps;
  const owner = { ...DOCUMENTED_ONLY, ...needs('owner') };

  const listOperators = {
    operationId: 'listOperators',
    tags: ['admin'],
    summary: 'Every operator (owners only)',
    response: { 200: Type.Object({ operators: Type.Array(OperatorSchema) }, { description: 'Operators by name' }) },
  };
  admin.get('/operators', { ...owner, schema: listOperators }, async () => ({ operators: (await committed(access.operators())).map(publicOperator) }));

  const createOperator = {
    operationId: 'createOperator',
    tags: ['admin'],
    summary: 'Add an operator (owners only)',
    body: CreateOperatorBody,
    response: { 201: OperatorSchema, 400: BAD_INPUT, 409: NAME_TAKEN, ...BODY_ERRORS, 503: WRITE_UNAVAILABLE },
  };
  admin.post('/operators', { ...owner, schema: createOperator }, async (request, reply) => {
    const body = fields(request.body, ['name', 'role', 'password']);
    const created = await accessWrite(() => access.createOperator({ name: body['name'], role: body['role'], password: body['password'] }, actorOf(request)));
    return reply.code(201).send(publicOperator(created));
  });

  const changeOperator = {
    operationId: 'changeOperator',
    tags: ['admin'],
    summary: "Change an operator's role, password or disabled flag (owners only)",
    params: NameParams,
    body: ChangeOperatorBody,
    response: { 200: OperatorSchema, 400: BAD_INPUT, 404: NO_OPERATOR, ...BODY_ERRORS, 503: WRITE_UNAVAILABLE },
  };
  admin.patch('/operators/:name', { ...owner, schema: changeOperator }, async (request) => {
    const { name } = request.params as { name: string };
    const body = fields(request.body, ['role', 'password', 'disabled']);
    const actor = actorOf(request);
    // Everything is checked before anything is written.
    const changes = await accessWrite(async () => {
      const given = {
        role: body['role'] === undefined ? undefined : role(body['role']),
        password: body['password'] === undefined ? undefined : password(body['password']),
        disabled: body['disabled'],
      };
      if (given.disabled !== undefined && typeof given.disabled !== 'boolean') throw new AccessInputError('disabled: must be true or false');
      if (given.role === undefined && given.password === undefined && given.disabled === undefined) throw new AccessInputError('body: give role, password or disabled');
      return given;
    });
    // The first change finds out whether the operator exists; nothing is written when it does not.
    let changed: Operator | undefined;
    if (changes.password !== undefined) changed = await accessWrite(() => access.changePassword(name, changes.password, actor));
    if (changes.role !== undefined) changed = await accessWrite(() => access.changeRole(name, changes.role, actor));
    if (typeof changes.disabled === 'boolean') {
      const disabled = changes.disabled;
      changed = await accessWrite(() => access.setDisabled(name, disabled, actor));
    }
    if (changed === undefined) throw notFound(`operator "${operatorNameShown(name)}" not found`);
    return publicOperator(changed);
  });

  const listTokens = {
    operationId: 'listTokens',
    tags: ['admin'],
    summary: 'Every API token, without secrets (owners only)',
    response: { 200: Type.Object({ tokens: Type.Array(TokenSchema) }, { description: 'Tokens, oldest first' }) },
  };
  admin.get('/tokens', { ...owner, schema: listTokens }, async () => ({ tokens: (await committed(access.tokens())).map(publicToken) }));

  const createToken = {
    operationId: 'createToken',
    tags: ['admin'],
    summary: 'Make an API token; its secret is in this answer only (owners only)',
    body: CreateTokenBody,
    response: { 201: NewTokenSchema, 400: BAD_INPUT, ...BODY_ERRORS, 503: WRITE_UNAVAILABLE },
  };
  admin.post('/tokens', { ...owner, schema: createToken }, async (request, reply) => {
    const body = fields(request.body, ['name', 'scope', 'expiresAt']);
    const { token, secret } = await accessWrite(() => access.createToken({ name: body['name'], scope: body['scope'], expiresAt: body['expiresAt'] }, actorOf(request)));
    return reply.code(201).send({ ...publicToken(token), secret });
  });

  const revokeToken = {
    operationId: 'revokeToken',
    tags: ['admin'],
    summary: 'Revoke an API token, on every instance at once (owners only)',
    params: TokenIdParams,
    response: { 204: NO_CONTENT, 404: NO_TOKEN, 503: WRITE_UNAVAILABLE },
  };
  admin.delete('/tokens/:id', { ...owner, schema: revokeToken }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!TOKEN_ID.test(id) || !(await committed(access.revokeToken(Number(id), actorOf(request))))) throw notFound(`token "${id.slice(0, 40)}" not found`);
    return reply.code(204).send();
  });
}

/** A name from a path, shown in a message: valid names as they are, anything else bounded. */
function operatorNameShown(name: string): string {
  try {
    return operatorName(name);
  } catch {
    return JSON.stringify(name.slice(0, 64)).slice(1, -1);
  }
}
