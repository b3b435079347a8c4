import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { PUBLIC_BODY_LIMIT, type ServerTimeouts } from '../../../src/http/connection/server-options.js';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { SMALL_CATALOGUE, slotFields } from '../../support/fixtures.js';
import { assertRawJsonError, exchange, openConnection, parseResponses, type OpenConnection, type RawResponse } from '../../support/raw-http.js';
import { eventually, within } from '../../support/wait.js';

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  assert.ok(address !== null && typeof address === 'object');
  return address.port;
}


const head = (lines: readonly string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');

/** The first complete answer on a connection that stays open, once it has arrived. */
async function firstAnswer(connection: OpenConnection): Promise<RawResponse> {
  await eventually(() => {
    const text = connection.received().toString('latin1');
    const length = /content-length: (\d+)/i.exec(text)?.[1];
    return length !== undefined && text.indexOf('\r\n\r\n') >= 0 && text.length >= text.indexOf('\r\n\r\n') + 4 + Number(length);
  }, 5_000, 'an answer');
  const [response] = parseResponses(connection.received());
  assert.ok(response !== undefined);
  return response;
}

describe('size limits over a real socket', () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await startTestApp();
    port = await listen(t);
  });
  after(() => t.close());

  const matchHead = (framing: string) =>
    head(['POST /api/match HTTP/1.1', 'Host: x', 'Content-Type: application/json', framing]);

  it('accepts a public body of exactly 16 KiB', async () => {
    const prefix = '{"emojis":["🍒"],"padding":"';
    const body = Buffer.from(`${prefix}${'x'.repeat(PUBLIC_BODY_LIMIT - Buffer.byteLength(prefix) - 2)}"}`);
    assert.equal(body.length, PUBLIC_BODY_LIMIT);
    const { responses } = await exchange(port, Buffer.concat([matchHead(`Content-Length: ${body.length}`), body]));
    assert.equal(responses[0]?.statusCode, 200, responses[0]?.body);
  });

  it('refuses a public body announced one byte over 16 KiB with 413 before it is sent', async () => {
    const connection = await openConnection(port);
    try {
      connection.socket.write(matchHead(`Content-Length: ${PUBLIC_BODY_LIMIT + 1}`));
      assert.match(assertRawJsonError(await firstAnswer(connection), 413), /^body: /);
    } finally {
      connection.socket.destroy();
    }
  });

  it('refuses a chunked public body that grows past 16 KiB with 413', async () => {
    const chunk = `400\r\n${'x'.repeat(1024)}\r\n`;
    const body = Buffer.from(`${chunk.repeat(17)}0\r\n\r\n`);
    const { responses } = await exchange(port, Buffer.concat([matchHead('Transfer-Encoding: chunked'), body]));
    assert.match(assertRawJsonError(responses[0], 413), /^body: /);
  });

  it('answers a request line over 16 KiB with a JSON 431 and CORS', async () => {
    const { responses } = await exchange(port, head([`GET /api/slots?provider=${'a'.repeat(17 * 1024)} HTTP/1.1`, 'Host: x']));
    assert.match(assertRawJsonError(responses[0], 431), /request line and headers: larger than the 16 KiB/);
  });

  it('answers headers over 16 KiB, in one header or many, with a JSON 431 and CORS', async () => {
    const one = await exchange(port, head(['GET /api/slots HTTP/1.1', 'Host: x', `X-Big: ${'b'.repeat(17 * 1024)}`]));
    assertRawJsonError(one.responses[0], 431);
    const many = Array.from({ length: 180 }, (_, index) => `X-Header-${index}: ${'m'.repeat(90)}`);
    const several = await exchange(port, head(['GET /api/slots HTTP/1.1', 'Host: x', ...many]));
    assertRawJsonError(several.responses[0], 431);
  });

  it('lets go of a refused connection although the client keeps its side open and says nothing more', async () => {
    const connection = await openConnection(port, { allowHalfOpen: true });
    try {
      connection.socket.write(head(['GET /api/play/\u00ff HTTP/1.1', 'Host: x']));
      await within(connection.ended, 5_000, 'the refusal');
      assertRawJsonError(parseResponses(connection.received())[0], 400);
      // Nothing the client does would show it; the server's own count of open connections does.
      const open = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
      await eventually(async () => (await open()) === 0, 5_000, 'the server closing its side for good');
    } finally {
      connection.socket.destroy();
    }
  });

  it('serves a request whose line and headers stay just under 16 KiB', async () => {
    const { responses } = await exchange(port, head([`GET /api/slots?limit=1&ignored=${'a'.repeat(15 * 1024)} HTTP/1.1`, 'Host: x', 'Connection: close']));
    assert.equal(responses[0]?.statusCode, 200, responses[0]?.body);
  });
});

/** Short enough that slow clients run out of time within a few seconds of one byte a second. */
const TIMEOUTS: ServerTimeouts = { headersMs: 3000, requestMs: 4000, keepAliveMs: 1000, idleMs: 10_000 };

/** Writes `text` one byte a second until the server ends the connection; returns how many bytes went out. */
async function trickle(connection: OpenConnection, text: string): Promise<number> {
  let sent = 0;
  while (!connection.isEnded() && sent < text.length) {
    connection.socket.write(text[sent] ?? '');
    sent += 1;
    await Promise.race([connection.ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  return sent;
}

describe('slow clients, with timeouts of a few seconds', { concurrency: true }, () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    t = await startTestApp({ deps: { timeouts: TIMEOUTS } });
    port = await listen(t);
  });
  after(() => t.close());

  /** Far more bytes than the timeouts leave time for at one a second. */
  const SLOW_HEADERS = `GET /api/slots HTTP/1.1\r\nHost: x\r\nX-Slow: ${'s'.repeat(60)}\r\n\r\n`;

  it('cuts off headers sent one byte a second with a JSON 408, and closes the connection for good', async () => {
    const connection = await openConnection(port, { allowHalfOpen: true });
    const closed = new Promise<void>((resolve) => connection.socket.once('close', () => resolve()));
    const sent = await within(trickle(connection, SLOW_HEADERS), 10_000, 'the server ending the connection');
    assert.ok(sent < SLOW_HEADERS.length, `all ${sent} bytes went out before the server gave up`);
    assert.match(assertRawJsonError(parseResponses(connection.received())[0], 408), /^request: headers or body not received in time/);
    // A client that keeps its side open and keeps sending cannot hold the connection either.
    const stubborn = setInterval(() => connection.socket.write('s'), 100);
    try {
      await within(closed, 5_000, 'the connection closing although the client never ended it');
    } finally {
      clearInterval(stubborn);
    }
  });

  it('cuts off a body sent one byte a second with a JSON 408', async () => {
    const connection = await openConnection(port);
    try {
      connection.socket.write(head(['POST /api/match HTTP/1.1', 'Host: x', 'Content-Type: application/json', 'Content-Length: 60']));
      const sent = await within(trickle(connection, `{"emojis":["🍒"],"padding":"${'p'.repeat(60)}`), 10_000, 'the server ending the connection');
      assert.ok(sent < 60, `all ${sent} bytes went out before the server gave up`);
      assertRawJsonError(parseResponses(connection.received())[0], 408);
    } finally {
      connection.socket.destroy();
    }
  });

  it('closes a connection that sends nothing at all', async () => {
    const connection = await openConnection(port);
    try {
      await within(connection.ended, 10_000, 'the server closing a silent connection');
      assertRawJsonError(parseResponses(connection.received())[0], 408);
    } finally {
      connection.socket.destroy();
    }
  });

  it('closes a keep-alive connection left idle, after answering on it', async () => {
    const connection = await openConnection(port);
    try {
      connection.socket.write(head(['GET /api/emojis/stats HTTP/1.1', 'Host: x']));
      const response = await firstAnswer(connection);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['keep-alive'], 'timeout=1');
      await within(connection.ended, 10_000, 'the server closing the idle connection');
    } finally {
      connection.socket.destroy();
    }
  });

  it('serves other clients while twenty slow clients hang on, then closes all twenty', async () => {
    const slow = await Promise.all(Array.from({ length: 20 }, () => openConnection(port)));
    try {
      const trickling = slow.map((connection) => trickle(connection, SLOW_HEADERS));
      const served = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await fetch(`http://127.0.0.1:${port}/api/slots/cherry-gems`);
          return `${response.status} ${((await response.json()) as { slug: string }).slug}`;
        }),
      );
      assert.deepEqual(new Set(served), new Set(['200 cherry-gems']));
      assert.ok(slow.every((connection) => !connection.isEnded()), 'the slow clients were still connected meanwhile');
      const sent = await within(Promise.all(trickling), 10_000, 'the server ending every slow connection');
      assert.ok(sent.every((count) => count < SLOW_HEADERS.length));
      for (const connection of slow) assertRawJsonError(parseResponses(connection.received())[0], 408);
    } finally {
      for (const connection of slow) connection.socket.destroy();
    }
  });
});

describe('a client that stops reading its answer', () => {
  let t: TestApp;
  let port: number;

  before(async () => {
    // About 28 MB to export: far more than the socket buffers on both ends hold.
    const slots = Array.from({ length: 3000 }, (_, index) =>
      slotFields({ name: `Bulky ${index}`, description: 'd'.repeat(2000), review: 'r'.repeat(5000), pros: Array<string>(10).fill('p'.repeat(200)) }),
    );
    t = await startTestApp({ document: { categories: SMALL_CATALOGUE.categories, slots }, env: { ADMIN_TOKEN }, deps: { timeouts: { ...TIMEOUTS, idleMs: 2000 } } });
    port = await listen(t);
  });
  after(() => t.close());

  it('is dropped once nothing has moved on its connection for the idle timeout', async () => {
    const serverSide = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
    const connection = await openConnection(port);
    try {
      connection.socket.pause();
      connection.socket.write(head(['GET /api/admin/catalogue HTTP/1.1', 'Host: x', `Authorization: ${AUTH.authorization}`]));
      const socket = await serverSide;
      await within(once(socket, 'close'), 15_000, 'the server dropping the connection');
      connection.socket.resume();
      await within(connection.ended, 5_000, 'the client seeing the end');
      const text = connection.received().toString('latin1');
      const announced = Number(/content-length: (\d+)/i.exec(text)?.[1]);
      assert.ok(announced > 20_000_000, `a large answer was on its way (${announced} bytes)`);
      assert.ok(connection.received().length < announced, 'and it was cut off');
    } finally {
      connection.socket.destroy();
    }
  });

  it('is dropped as well when the answer comes from the fast path, after an answer on the same connection', async () => {
    const serverSide = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
    const connection = await openConnection(port);
    try {
      connection.socket.write(head(['GET /api/slots?limit=1 HTTP/1.1', 'Host: x']));
      await eventually(
        () => {
          const text = connection.received().toString('latin1');
          const headEnd = text.indexOf('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(text)?.[1]);
          return headEnd > 0 && text.length >= headEnd + 4 + length;
        },
        5_000,
        'the small answer, in full',
      );
      const socket = await serverSide;
      connection.socket.pause();
      connection.socket.write(head(['GET /api/slots?limit=1000 HTTP/1.1', 'Host: x']));
      await within(once(socket, 'close'), 15_000, 'the server dropping the connection');
      connection.socket.resume();
      await within(connection.ended, 5_000, 'the client seeing the end');
      const text = connection.received().toString('latin1');
      const announced = [...text.matchAll(/content-length: (\d+)/gi)].map((match) => Number(match[1]));
      assert.equal(announced.length, 2, 'both answers were begun');
      assert.ok((announced[1] ?? 0) > 5_000_000, `a large answer was on its way (${announced[1]} bytes)`);
      assert.ok(connection.received().length < (announced[0] ?? 0) + (announced[1] ?? 0), 'and it was cut off');
    } finally {
      connection.socket.destroy();
    }
  });
});
