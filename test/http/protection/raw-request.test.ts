import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { EXPECTED_CORS } from '../../support/http.js';

interface RawResponse {
  readonly statusCode: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/** Sends bytes exactly as given and reads the answer until the server closes the connection. */
function sendRaw(port: number, request: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ statusCode: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine)?.[1]), headers, body });
    });
  });
}

const requestLine = (...target: (string | Buffer)[]) =>
  Buffer.concat([Buffer.from('GET '), ...target.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)), Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]);

function assertJsonError(response: RawResponse, statusCode: number): string {
  assert.equal(response.statusCode, statusCode, response.body);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  for (const [name, value] of Object.entries(EXPECTED_CORS)) assert.equal(response.headers.get(name), value, name);
  const body = JSON.parse(response.body) as { statusCode: number; error: string; message: string };
  assert.equal(body.statusCode, statusCode);
  assert.equal(body.error, 'Bad Request');
  assert.equal(typeof body.message, 'string');
  return body.message;
}

describe('raw requests on a listening server', { timeout: 10_000 }, () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    port = address.port;
  });
  after(() => t.close());

  it('answers raw UTF-8 bytes in the request line (refused by Node before routing) with a JSON 400 and CORS', async () => {
    for (const path of ['/api/play/🍒', '/api/v1/redirect?emoji=🍒', '/api/slots/é']) {
      const message = assertJsonError(await sendRaw(port, requestLine(path)), 400);
      assert.ok(message.includes('percent-encoded'), message);
    }
  });

  it('answers raw invalid UTF-8 bytes in the request line with a JSON 400 and CORS', async () => {
    assertJsonError(await sendRaw(port, requestLine('/api/play/', Buffer.from([0xff, 0xfe]))), 400);
    assertJsonError(await sendRaw(port, requestLine('/api/play/', Buffer.from([0xf0, 0x9f]))), 400);
  });

  it('answers percent-encoded invalid UTF-8 with a JSON 400 and CORS', async () => {
    for (const path of ['/api/play/%FF%FE', '/api/play/%F0%9F%8D', '/api/play/%E0%A4%A']) {
      const message = assertJsonError(await sendRaw(port, requestLine(path)), 400);
      assert.ok(message.includes('percent-encoding'), message);
    }
  });

  it('serves a well-formed percent-encoded request on the same server', async () => {
    const response = await sendRaw(port, requestLine(`/api/play/${encodeURIComponent('🎰💎🍒')}`));
    assert.equal(response.statusCode, 302, response.body);
    assert.equal(response.headers.get('location'), 'http://x/slots/cherry-gems');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
  });

  it('reads a request in absolute form as its path: counted against the limits, with their headers, its host taken from the target', async () => {
    const absolute = (target: string) => Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const first = await sendRaw(port, absolute('http://x/api/slots?limit=1'));
    const second = await sendRaw(port, absolute('HTTP://x/api/slots?limit=1'));
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.statusCode, 200, second.body);
    assert.equal(Number(second.headers.get('x-ratelimit-remaining')), Number(first.headers.get('x-ratelimit-remaining')) - 1);
    // RFC 9112 §3.2.2: the target's host, not the Host header, is the one redirects are built on.
    const play = await sendRaw(port, absolute(`http://user@target.example:8080/api/play/${encodeURIComponent('🎰💎🍒')}`));
    assert.equal(play.statusCode, 302, play.body);
    assert.equal(play.headers.get('location'), 'http://target.example:8080/slots/cherry-gems');
    assert.ok(play.headers.has('x-ratelimit-limit'));
    assert.equal((await sendRaw(port, absolute('http://x/api/admin/slots'))).statusCode, 401);
    assert.equal((await sendRaw(port, absolute('http://x'))).statusCode, 200, 'an empty path is the home page');
  });
});
