import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Slot } from '../../src/catalogue/records/slot.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { startTestApp } from '../support/app.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';
import { EXPECTED_CORS } from '../support/http.js';
import { startServer } from '../support/process.js';
import { openStream } from '../support/sse.js';
import { openConnection, parseResponses, type OpenConnection } from '../support/raw-http.js';
import { startReceiver } from '../support/receiver.js';
import { createTestDatabase } from '../support/postgres.js';
import { deleteKeys, REDIS_URL, testKeyPrefix } from '../ratelimit/redis-support.js';
import { eventually, within } from '../support/wait.js';

/** The longest a SIGTERM may take to end the process, whatever clients are doing. */
const EXIT_WITHIN_MS = 10_000;

const received = (connection: OpenConnection) => connection.received().toString('latin1');

/** Whether a new connection to `port` is refused, i.e. the server no longer listens. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A slot creation whose headers (with `Expect: 100-continue`) are sent and whose body is held back. */
async function startCreation(port: number, name: string): Promise<{ connection: OpenConnection; finish(): void }> {
  const body = JSON.stringify(slotFields({ name }));
  const connection = await openConnection(port);
  connection.socket.write(
    `POST /api/admin/slots HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTH.authorization}\r\nContent-Type: application/json\r\n` +
      `Expect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  // The interim answer comes once the server has taken the request up: from then on it is in flight.
  await eventually(() => received(connection).startsWith('HTTP/1.1 100 Continue'), 5_000, 'the server taking the request up');
  return { connection, finish: () => connection.socket.write(body) };
}

describe('draining while the app closes (what SIGTERM calls)', () => {
  it('answers a request that was in flight, and a request that arrives on an open connection with a JSON 503 and CORS', async () => {
    const t = await startTestApp({ env: { ADMIN_TOKEN } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    const serverSockets: Socket[] = [];
    t.app.server.on('connection', (socket: Socket) => serverSockets.push(socket));

    const inFlight = await startCreation(address.port, 'In Flight At Close');
    // A second connection in the middle of sending its next request: busy, so closing leaves it open.
    const late = await openConnection(address.port);
    const partial = 'GET /api/emojis/stats HTTP/1.1\r\nHost: x\r\n';
    late.socket.write(partial);
    await eventually(() => serverSockets.some((socket) => socket.bytesRead === partial.length), 5_000, 'the server reading the partial request');

    const closing = t.app.close();
    try {
      await eventually(() => refused(address.port), 5_000, 'the server no longer listening');
      inFlight.finish();
      late.socket.write('\r\n');
      await within(Promise.all([inFlight.connection.ended, late.ended]), 5_000, 'both connections closed by the server');

      const [, created] = parseResponses(inFlight.connection.received());
      assert.equal(created?.statusCode, 201, created?.body);
      assert.equal(created?.headers['connection'], 'close');
      assert.equal((JSON.parse(created?.body ?? '{}') as Slot).name, 'In Flight At Close');

      const [turnedAway] = parseResponses(late.received());
      assert.equal(turnedAway?.statusCode, 503, turnedAway?.body);
      for (const [name, value] of Object.entries(EXPECTED_CORS)) assert.equal(turnedAway?.headers[name], value, name);
      assert.equal(turnedAway?.headers['retry-after'], '1');
      assert.deepEqual(JSON.parse(turnedAway?.body ?? '{}'), {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'server: shutting down; send the request again',
      });
      await within(closing, 5_000, 'the app closing once both are answered');
    } finally {
      inFlight.connection.socket.destroy();
      late.socket.destroy();
      await closing;
      await t.store.close();
      rmSync(t.dir, { recursive: true, force: true });
    }
  });
});

describe('SIGTERM to a real server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-sigterm-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function seededEnv(name: string): Promise<Record<string, string>> {
    const path = join(dir, name);
    const seeding = new SqliteStore(path);
    await seeding.migrate();
    await seeding.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, '2026-01-01T00:00:00.000Z');
    await seeding.close();
    return { DATABASE_URL: `sqlite://${path}`, ADMIN_TOKEN, LOG_LEVEL: 'warn' };
  }

  it('finishes the request in flight, refuses new connections, drops idle ones, and exits 0 within 10 s', async () => {
    const env = await seededEnv('drain.db');
    const server = await startServer(env);
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    const inFlight = await startCreation(server.port, 'Created During Shutdown');
    const idle = await openConnection(server.port);
    try {
      idle.socket.write('GET /api/emojis/stats HTTP/1.1\r\nHost: x\r\n\r\n');
      await eventually(() => parseResponses(idle.received()).length === 1, 5_000, 'an answer on the keep-alive connection');

      const signalled = performance.now();
      server.child.kill('SIGTERM');
      await eventually(() => refused(server.port), 5_000, 'new connections refused');
      await within(idle.ended, 5_000, 'the idle keep-alive connection closed');
      assert.equal(server.child.exitCode, null, 'still running while a request is in flight');

      inFlight.finish();
      await within(inFlight.connection.ended, 5_000, 'the request in flight answered');
      const [, created] = parseResponses(inFlight.connection.received());
      assert.equal(created?.statusCode, 201, created?.body);
      const [code, signal] = await within(exited, EXIT_WITHIN_MS, 'the process exiting');
      assert.deepEqual([code, signal], [0, null]);
      assert.ok(performance.now() - signalled < EXIT_WITHIN_MS);

      const restarted = await startServer(env);
      try {
        const stored = await fetch(`${restarted.url}/api/slots/${(JSON.parse(created?.body ?? '{}') as Slot).id}`);
        assert.equal(stored.status, 200, 'the answered write is durable');
      } finally {
        assert.equal(await restarted.stop(), 0);
      }
    } finally {
      inFlight.connection.socket.destroy();
      idle.socket.destroy();
      await server.kill();
    }
  });

  it('ends open change streams cleanly (the whole answer sent) and exits 0 at once', async () => {
    const server = await startServer(await seededEnv('streams.db'));
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      const streams = await Promise.all([1, 2, 3].map(() => openStream(server.port, '/api/changes/stream')));
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      for (const stream of streams) {
        await within(stream.ended, 5_000, 'the stream ended');
        assert.equal(stream.response.complete, true, 'ended by the server with its last chunk, not cut');
      }
      const [code] = await within(exited, EXIT_WITHIN_MS, 'the process exiting');
      assert.equal(code, 0);
      assert.ok(performance.now() - signalled < 3_000, 'streams do not hold the shutdown to its 8 s cut');
    } finally {
      await server.kill();
    }
  });

  it('ends every open change stream cleanly on PostgreSQL with the seats in Redis', async () => {
    const database = await createTestDatabase();
    const prefix = testKeyPrefix();
    const server = await startServer({ DATABASE_URL: database.url, REDIS_URL, REDIS_KEY_PREFIX: prefix, ADMIN_TOKEN, LOG_LEVEL: 'warn' }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      const streams = await Promise.all([1, 2, 3, 4].map(() => openStream(server.port, '/api/changes/stream')));
      // Every stream has its first line, so each is open on the server, not still taking its seat.
      await Promise.all(streams.map((stream) => stream.until(() => stream.comments.length > 0)));
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      for (const [index, stream] of streams.entries()) {
        await within(stream.ended, 5_000, `stream ${index} ended`);
        assert.equal(stream.response.complete, true, `stream ${index} ended by the server with its last chunk, not cut`);
      }
      const [code] = await within(exited, EXIT_WITHIN_MS, 'the process exiting');
      assert.equal(code, 0, server.output());
      assert.ok(performance.now() - signalled < 3_000, `exited ${(performance.now() - signalled).toFixed(0)} ms after SIGTERM: streams held the shutdown to its 8 s cut`);
    } finally {
      await server.kill();
      await database.drop();
      await deleteKeys(prefix);
    }
  });

  it('aborts a webhook delivery in flight, exits 0 at once, and leaves the delivery to the next instance, unrecorded', async () => {
    const env = { ...(await seededEnv('webhooks.db')), WEBHOOK_ALLOW_PRIVATE: 'true' };
    const receiver = await startReceiver();
    // The first delivery never gets an answer: without the abort, the process would wait out the POST's 15 s timeout.
    receiver.answers.push('hang');
    // A start that fails must still close the receiver: its open server would keep this file's process alive for good.
    const server = await startServer(env).catch(async (error: unknown) => {
      await receiver.close();
      throw error;
    });
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let next: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const created = await post(`${server.url}/api/admin/webhooks`, { url: receiver.url, events: ['slot.upserted'] });
      assert.equal(created.status, 201);
      const { id } = (await created.json()) as { id: number };
      assert.equal((await post(`${server.url}/api/admin/slots`, slotFields({ name: 'Delivered Twice' }))).status, 201);
      await receiver.until(1);

      const signalled = performance.now();
      server.child.kill('SIGTERM');
      const [code] = await within(exited, EXIT_WITHIN_MS, 'the process exiting');
      assert.equal(code, 0);
      assert.ok(performance.now() - signalled < 3_000, `exited ${(performance.now() - signalled).toFixed(0)} ms after SIGTERM: the delivery held the shutdown`);
      await eventually(() => receiver.received[0]?.closedAt !== undefined, 2_000, 'the aborted POST\'s connection closed');

      next = await startServer(env);
      await receiver.until(2);
      const [first, second] = receiver.received;
      assert.equal(second?.headers['webhook-id'], first?.headers['webhook-id'], 'the same change, delivered again');
      const statuses = async () =>
        ((await (await fetch(`${(next as { url: string }).url}/api/admin/webhooks/${id}/attempts`, { headers: AUTH })).json()) as { attempts: { status: number | null }[] }).attempts.map(
          (attempt) => attempt.status,
        );
      await eventually(async () => (await statuses()).length > 0, 5_000, 'the delivery recorded');
      assert.deepEqual(await statuses(), [200], 'the aborted POST is no attempt: no failure, no retry delay');
    } finally {
      await server.kill();
      await next?.stop();
      await receiver.close();
    }
  });

  it('exits 0 within 10 s even when a client stalls in the middle of its request', async () => {
    const server = await startServer(await seededEnv('stalled.db'));
    const exited = once(server.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    // In flight, and its body never comes.
    const { connection: stalled } = await startCreation(server.port, 'Never Finished');
    try {
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      const [code, signal] = await within(exited, EXIT_WITHIN_MS + 1_000, 'the process exiting');
      assert.deepEqual([code, signal], [0, null]);
      assert.ok(performance.now() - signalled < EXIT_WITHIN_MS, `exited ${(performance.now() - signalled).toFixed(0)} ms after SIGTERM`);
      assert.match(server.output(), /cutting connections still open/);
      await within(stalled.ended, 1_000, 'the stalled connection closed');
    } finally {
      stalled.socket.destroy();
      await server.kill();
    }
  });
});
