import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from '../../support/app.js';
import { assertCors, assertResponseTime, errorMessage } from '../../support/http.js';

describe('CORS, response time and errors on every response', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const requests: [string, InjectOptions, number][] = [
    ['a list', { url: '/api/slots' }, 200],
    ['a detail', { url: '/api/slots/1' }, 200],
    ['emoji usage', { url: '/api/emojis' }, 200],
    ['a 400', { url: '/api/slots?limit=x' }, 400],
    ['a 404 slot', { url: '/api/slots/nope' }, 404],
    ['an unknown route', { url: '/nothing/here' }, 404],
    ['an unknown API route', { url: '/api/nothing' }, 404],
    ['a wrong method', { method: 'DELETE', url: '/api/slots' }, 404],
    ['malformed percent-encoding', { url: '/api/slots/%E0%A4%A' }, 400],
    ['a redirect', { url: '/api/play/%F0%9F%8D%92' }, 302],
  ];
  for (const [name, request, status] of requests) {
    it(`carries CORS and X-Response-Time on ${name} (${status})`, async () => {
      const response = await t.app.inject(request);
      assert.equal(response.statusCode, status, response.body);
      assertCors(response);
      assertResponseTime(response);
      if (status >= 400) errorMessage(response, status);
    });
  }

  it('names the method and path of an unknown route', async () => {
    const message = errorMessage(await t.app.inject({ method: 'PATCH', url: '/api/slots/1?x=1' }), 404);
    assert.equal(message, 'No route PATCH "/api/slots/1"');
  });

  for (const path of ['/api/slots', '/api/match', '/anything/at/all', '/api/admin/slots']) {
    it(`answers a preflight to ${path} with 204, CORS and a max age`, async () => {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url: path,
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
      });
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      assertCors(response);
      assert.equal(response.headers['access-control-max-age'], '86400');
    });
  }

  it('serves HEAD for GET routes with the same headers', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/slots/1' });
    assert.equal(response.statusCode, 200);
    assertCors(response);
  });
});
