import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { lazyValidators } from '../../../src/http/contract/lazy-validators.js';

const BODY = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 2 }, count: { type: 'integer', default: 1 } },
  required: ['name'],
  additionalProperties: false,
} as const;

/** A route whose body and query Fastify validates, as Fastify's default compiler or the lazy one does. */
async function appWith(lazy: boolean): Promise<FastifyInstance> {
  const app = Fastify(lazy ? { schemaController: { compilersFactory: { buildValidator: lazyValidators() } } } : {});
  app.post('/things', { schema: { body: BODY, querystring: { type: 'object', properties: { page: { type: 'integer' } } } } }, async (request) => ({
    body: request.body,
    query: request.query,
  }));
  await app.ready();
  return app;
}

describe('lazyValidators', () => {
  it('validates, coerces and fills defaults as Fastify\'s own compiler does', async () => {
    const eager = await appWith(false);
    const lazy = await appWith(true);
    try {
      const requests = [
        { payload: { name: 'ab' }, url: '/things?page=2' },
        { payload: { name: 'a' }, url: '/things' },
        { payload: { count: 3 }, url: '/things' },
        { payload: { name: 'abc', extra: true }, url: '/things' },
        { payload: { name: 'abc' }, url: '/things?page=x' },
      ];
      for (const request of requests) {
        const [expected, actual] = await Promise.all([eager, lazy].map((app) => app.inject({ method: 'POST', ...request })));
        assert.equal(actual?.statusCode, expected?.statusCode, request.url);
        assert.equal(actual?.body, expected?.body, JSON.stringify(request));
      }
    } finally {
      await eager.close();
      await lazy.close();
    }
  });

  it('refuses a headers schema at start, whose names Fastify would not lowercase for a given compiler', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildValidator: lazyValidators() } } });
    app.get('/things', { schema: { headers: { type: 'object', properties: { 'X-Thing': { type: 'string' } } } } }, async () => ({}));
    await assert.rejects(async () => app.ready(), /GET \/things: a headers schema is not validated by Fastify here/);
    await app.close();
  });
});
