import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { slotFields } from '../../support/fixtures.js';
import { openStream, type SseConnection } from '../../support/sse.js';

interface Refusal {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, string>;
}

async function listening(env: Record<string, string> = {}, heartbeatMs?: number): Promise<{ test: TestApp; port: number }> {
  const test = await startTestApp({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000', ...env }, deps: heartbeatMs === undefined ? {} : { heartbeatMs } });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  return { test, port: (test.app.server.address() as AddressInfo).port };
}

const create = (test: TestApp, name: string) => test.app.inject({ method: 'POST', url: '/api/admin/slots', headers: AUTH, payload: slotFields({ name }) });
const refused = (promise: Promise<SseConnection>) => promise.then(
  () => assert.fail('the stream opened'),
  (error: Refusal) => error,
);

describe('GET /api/changes/stream', () => {
  const opened: { close(): Promise<void> }[] = [];
  const streams: SseConnection[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.cut();
    for (const test of opened.splice(0)) await test.close();
  });
  const serve = async (env?: Record<string, string>, heartbeatMs?: number) => {
    const served = await listening(env, heartbeatMs);
    opened.push(served.test);
    return served;
  };
  const open = async (port: number, path: string, headers?: Record<string, string>) => {
    const stream = await openStream(port, path, headers);
    streams.push(stream);
    return stream;
  };

  it('sends each change from now as an event: id the sequence, event the type, data the feed item, unbuffered and counted', async () => {
    const { test, port } = await serve();
    // A client that accepts compression still gets the events as they happen, never held in a compressor's buffer.
    const stream = await open(port, '/api/changes/stream', { 'accept-encoding': 'br, gzip' });
    assert.match(String(stream.response.headers['content-type']), /^text\/event-stream/);
    assert.equal(stream.response.headers['content-encoding'], undefined);
    assert.equal(stream.response.headers['x-accel-buffering'], 'no');
    assert.ok(stream.response.headers['x-ratelimit-remaining'] !== undefined, 'opening it counts as one request');
    assert.equal(stream.response.headers['access-control-allow-origin'], '*');
    const start = test.catalogue.position;
    await create(test, 'Streamed One');
    await create(test, 'Streamed Two');
    await stream.until((events) => events.length === 2);
    assert.deepEqual(stream.events.map((event) => [event.id, event.event]), [[String(start + 1), 'slot.upserted'], [String(start + 2), 'slot.upserted']]);
    const item = JSON.parse(stream.events[1]?.data ?? '') as { sequence: number; type: string; slot: { name: string } };
    assert.deepEqual([item.sequence, item.type, item.slot.name], [start + 2, 'slot.upserted', 'Streamed Two']);
    const fed = (await test.app.inject({ url: `/api/changes?after=${start + 1}&limit=1`, headers: { host: `127.0.0.1:${port}` } })).json<{ changes: unknown[] }>();
    assert.deepEqual(fed.changes[0], JSON.parse(stream.events[1]?.data ?? ''), 'the same item as the feed');
  });

  it('resumes after Last-Event-ID (over ?after=) or ?after=, and sends a comment line while nothing happens', async () => {
    const { test, port } = await serve({}, 30);
    const start = test.catalogue.position;
    for (const name of ['Resume A', 'Resume B', 'Resume C']) await create(test, name);
    const fromAfter = await open(port, `/api/changes/stream?after=${start}`);
    await fromAfter.until((events) => events.length === 3);
    assert.deepEqual(fromAfter.events.map((event) => Number(event.id)), [start + 1, start + 2, start + 3]);
    const fromId = await open(port, `/api/changes/stream?after=${start}`, { 'last-event-id': String(start + 2) });
    await fromId.until((events) => events.length === 1);
    assert.equal(fromId.events[0]?.id, String(start + 3));
    await fromId.until(() => fromId.comments.includes('keep-alive'));
  });

  it('sends one reset event and ends when the resume point is older than the changes kept, or beyond them', async () => {
    const { test, port } = await serve({ CHANGES_RETENTION: '2' });
    for (const name of ['Gone A', 'Gone B', 'Gone C', 'Gone D']) await create(test, name);
    // after=1: the instance's own memory still holds the changes after it, but the log no longer does.
    for (const path of ['/api/changes/stream?after=0', '/api/changes/stream?after=1', `/api/changes/stream?after=${test.catalogue.position + 5}`]) {
      const stream = await open(port, path);
      await stream.ended;
      assert.deepEqual(stream.events.map((event) => event.event), ['reset'], path);
      const reset = JSON.parse(stream.events[0]?.data ?? '') as { snapshot: string; message: string };
      assert.equal(reset.snapshot, '/api/catalogue');
      assert.match(reset.message, /^after: /);
    }
  });

  it('sends the history id first as a hello event, and one reset to a resume point of another history', async () => {
    const { test, port } = await serve();
    const { history } = test.catalogue.view;
    assert.match(history, /^[A-Za-z0-9_-]{22}$/);
    const start = test.catalogue.position;
    const fromNow = await open(port, `/api/changes/stream?history=${history}`);
    const resumed = await open(port, `/api/changes/stream?history=${history}`, { 'last-event-id': String(start) });
    await create(test, 'Hello Slot');
    for (const stream of [fromNow, resumed]) {
      await stream.until((events) => events.length === 1);
      assert.equal(stream.history, history, 'the first event is hello, its data the history id');
      assert.equal(stream.events[0]?.event, 'slot.upserted');
    }
    for (const [path, headers] of [
      ['/api/changes/stream?history=AAAAAAAAAAAAAAAAAAAAAA', {}],
      [`/api/changes/stream?after=${start}&history=other`, {}],
      ['/api/changes/stream?history=', { 'last-event-id': String(start) }],
    ] as const) {
      const stream = await open(port, path, headers);
      await stream.ended;
      assert.equal(stream.history, history, path);
      assert.deepEqual(stream.events.map((event) => event.event), ['reset'], path);
      const reset = JSON.parse(stream.events[0]?.data ?? '') as { snapshot: string; message: string };
      assert.equal(reset.snapshot, '/api/catalogue');
      assert.match(reset.message, /^history: /);
    }
  });

  it('refuses a Last-Event-ID or after that is not a sequence with a 400 naming it', async () => {
    const { port } = await serve();
    for (const [path, headers, name] of [
      ['/api/changes/stream', { 'last-event-id': 'garbage' }, 'Last-Event-ID'],
      ['/api/changes/stream', { 'last-event-id': '-3' }, 'Last-Event-ID'],
      ['/api/changes/stream?after=x', {}, 'after'],
      ['/api/changes/stream?after=-1', {}, 'after'],
    ] as const) {
      const refusal = await refused(openStream(port, path, headers));
      assert.equal(refusal.status, 400);
      assert.match((JSON.parse(refusal.body) as { message: string }).message, new RegExp(`^${name}: `));
    }
  });

  it('holds at most five open streams per client: a sixth is a 429, and one closing makes room', async () => {
    const { port } = await serve();
    const five = await Promise.all(Array.from({ length: 5 }, () => open(port, '/api/changes/stream')));
    const refusal = await refused(openStream(port, '/api/changes/stream'));
    assert.equal(refusal.status, 429);
    assert.match((JSON.parse(refusal.body) as { message: string }).message, /^streams: at most 5/);
    five[0]?.cut();
    await five[0]?.ended;
    // The server notices the cut connection on its next turn.
    for (let attempt = 0; ; attempt++) {
      try {
        await open(port, '/api/changes/stream');
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  it('ends every stream cleanly when the server closes', async () => {
    const { test, port } = await serve();
    const stream = await open(port, '/api/changes/stream');
    const closing = test.app.close();
    await stream.ended;
    await closing;
    assert.equal(stream.response.complete, true, 'ended by the server, not cut');
  });
});
