import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServerTimeouts } from '../../../src/http/connection/server-options.js';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, ORIGIN, signIn } from '../../support/console.js';
import { SMALL_CATALOGUE } from '../../support/fixtures.js';
import { openConnection, parseResponses, type OpenConnection, type RawResponse } from '../../support/raw-http.js';
import { within } from '../../support/wait.js';

/** A request must be whole within 1.5 s; a connection on which nothing moves for 1.5 s is dropped. */
const TIMEOUTS: ServerTimeouts = { headersMs: 1000, requestMs: 1500, keepAliveMs: 1000, idleMs: 1500 };
/** Pieces of an upload, and the pause before each: 12 × 250 ms is twice the request timeout. */
const PIECES = 12;
const PAUSE_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `head` then `body` in PIECES pieces, PAUSE_MS apart (stopping after `upTo` pieces); resolves with the connection. */
async function trickled(port: number, head: string, body: Buffer, upTo = PIECES): Promise<OpenConnection> {
  const connection = await openConnection(port);
  connection.socket.write(`${head}Content-Length: ${body.length}\r\n\r\n`);
  const size = Math.ceil(body.length / PIECES);
  for (let piece = 0; piece < upTo && !connection.isEnded(); piece++) {
    await pause(PAUSE_MS);
    connection.socket.write(body.subarray(piece * size, (piece + 1) * size));
  }
  return connection;
}

/** The first whole answer on the connection, or undefined when the server closed it without one. */
async function firstAnswer(connection: OpenConnection): Promise<RawResponse | undefined> {
  for (;;) {
    const text = connection.received().toString('latin1');
    const headEnd = text.indexOf('\r\n\r\n');
    const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
    if (headEnd >= 0 && text.length >= headEnd + 4 + length) return parseResponses(connection.received())[0];
    if (connection.isEnded()) return undefined;
    await pause(50);
  }
}

describe('a catalogue import whose body takes longer than the request timeout', () => {
  let t: TestApp;
  let port: number;
  const document = Buffer.from(JSON.stringify(SMALL_CATALOGUE));
  const apiHead = `PUT /api/admin/catalogue HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH.authorization}\r\nContent-Type: application/json\r\n`;

  before(async () => {
    t = await startTestApp({ env: { ADMIN_TOKEN }, deps: { timeouts: TIMEOUTS } });
    await addOperator(t.store.access, 'olive', 'owner');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    port = address.port;
  });
  after(() => t.close());

  it('is not cut off through the admin API while its bytes keep coming', async () => {
    const connection = await trickled(port, apiHead, document);
    try {
      const answer = await within(firstAnswer(connection), 5_000, 'an answer');
      assert.equal(answer?.statusCode, 200, answer?.body);
      assert.match(answer?.body ?? '', /"imported"/);
    } finally {
      connection.socket.destroy();
    }
  });

  it('is cut off by the idle timeout once its bytes stop coming', async () => {
    const before = t.catalogue.position;
    const connection = await trickled(port, apiHead, document, PIECES / 2);
    try {
      await within(connection.ended, 5_000, 'the server dropping the stalled upload');
      assert.equal(parseResponses(connection.received()).some((response) => response.statusCode === 200), false);
      assert.equal(t.catalogue.position, before, 'nothing imported');
    } finally {
      connection.socket.destroy();
    }
  });

  it('is not cut off through the console either, while a public route\'s body as slow still is', async () => {
    const olive = await signIn(t.app, 'olive');
    const boundary = 'slow-upload-boundary';
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${olive.csrf}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="c.json"\r\nContent-Type: application/json\r\n\r\n${document.toString()}\r\n--${boundary}--\r\n`,
    );
    const consoleHead = `POST /admin/import HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nCookie: ${olive.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n`;
    const connection = await trickled(port, consoleHead, form);
    try {
      const answer = await within(firstAnswer(connection), 5_000, 'the preview page');
      assert.equal(answer?.statusCode, 200, answer?.body.slice(0, 300));
      assert.match(answer?.body ?? '', /name="sequence"/, 'the preview, with its confirmation');
    } finally {
      connection.socket.destroy();
    }
    // A public route's body sent as slowly is still cut off at the request timeout: a 408.
    const slow = await trickled(port, 'POST /api/match HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n', Buffer.from(JSON.stringify({ emojis: ['🍒'], padding: 'p'.repeat(200) })));
    try {
      await within(slow.ended, 5_000, 'the server ending the slow request');
      assert.equal(parseResponses(slow.received())[0]?.statusCode, 408);
    } finally {
      slow.socket.destroy();
    }
  });
});
