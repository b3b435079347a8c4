import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { assertRawJsonError, exchange } from '../../support/raw-http.js';


/**
 * Requests Node itself would refuse with a bare answer (no body, no CORS) or none at all, found by
 * the socket fuzzer: each now gets the JSON error shape and the CORS headers.
 */
describe('HTTP/1.1 protocol refusals over a real socket', () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    // A fixed clock, so two requests never straddle a rate-limit window.
    t = await startTestApp({ deps: { now: () => Date.UTC(2030, 0, 1, 12, 0, 10) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    port = address.port;
  });
  after(() => t.close());

  const send = async (text: string) => (await exchange(port, Buffer.from(text, 'latin1'))).responses;

  it('answers an HTTP/1.1 request without Host with a JSON 400, whatever its target', async () => {
    for (const target of ['/api/emojis/stats', '*', 'http://localhost/api/slots']) {
      const [response] = await send(`GET ${target} HTTP/1.1\r\n\r\n`);
      assert.match(assertRawJsonError(response, 400), /^Host: header is required/, target);
    }
  });

  it('serves an HTTP/1.0 request without Host, which that version allows', async () => {
    const [response] = await send('GET /api/emojis/stats HTTP/1.0\r\n\r\n');
    assert.equal(response?.statusCode, 200, response?.body);
  });

  it('answers an Expect other than 100-continue with a JSON 417', async () => {
    const [response] = await send('GET /api/emojis/stats HTTP/1.1\r\nHost: x\r\nExpect: nonsense\r\n\r\n');
    assert.match(assertRawJsonError(response, 417), /^Expect: only 100-continue is supported/);
  });

  it('counts these refusals on public API routes like any other answer, with the X-RateLimit headers', async () => {
    const [first] = await send('GET /api/emojis/stats HTTP/1.1\r\nHost: x\r\nExpect: nonsense\r\n\r\n');
    const [second] = await send('GET /api/emojis/stats HTTP/1.1\r\n\r\n');
    assert.equal(first?.headers['x-ratelimit-window'], 'minute');
    assert.equal(Number(second?.headers['x-ratelimit-remaining']), Number(first?.headers['x-ratelimit-remaining']) - 1);
  });

  it('still takes Expect: 100-continue, answering after the interim 100', async () => {
    const body = '{"emojis":["🍒"]}';
    const responses = await send(
      `POST /api/match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-Continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${Buffer.from(body).toString('latin1')}`,
    );
    assert.deepEqual(responses.map((response) => response.statusCode), [100, 200]);
  });

  it('answers CONNECT, which Node would hang up on, with a JSON 405', async () => {
    for (const target of ['localhost:443', '*']) {
      const [response] = await send(`CONNECT ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
      assert.match(assertRawJsonError(response, 405), /^method: CONNECT is not supported/, target);
    }
  });
});
