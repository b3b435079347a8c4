import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { publicChange } from '../../catalogue/records/public-change.js';
import type { Config } from '../../config.js';
import { clientKey } from '../../ratelimit/client-key.js';
import { MAX_STREAMS_PER_CLIENT } from '../../ratelimit/stream-seats.js';
import type { ChangeTail } from '../../service/change-tail.js';
import type { LoggedChange, Store } from '../../store/store.js';
import { baseUrl } from '../caller/base-url.js';
import { clientAddress, type TrustFunction } from '../caller/proxy-trust.js';
import { ErrorBodySchema } from '../answers/errors.js';
import { DOCUMENTED_ONLY } from '../contract/request-schemas.js';
import type { Query } from '../input/query.js';
import { cursorProblem, historyProblem, SNAPSHOT_PATH, streamStart } from './cursor.js';
import { HistorySchema } from './history-schema.js';
import { feedUnavailable } from './change-feed.js';
import { HEARTBEAT_MS, type OpenStreams } from './open-streams.js';

/** Changes read from the log per round trip by a stream further behind than the tail's window. */
const CATCH_UP_PAGE = 500;
/** How long an EventSource waits before reconnecting after the connection dropped. */
const RETRY_MS = 2000;

export interface StreamDeps {
  readonly config: Config;
  readonly store: Store;
  readonly tail: ChangeTail;
  readonly streams: OpenStreams;
  readonly proxyTrust: TrustFunction | false;
}

const StreamQuerySchema = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, description: 'Start after this sequence (a snapshot\'s); `Last-Event-ID` wins when both are sent. Neither: from now.' })),
  history: Type.Optional(HistorySchema),
});
const LastEventIdSchema = Type.Object({
  'last-event-id': Type.Optional(Type.String({ description: 'The `id` of the last event received: an EventSource sends it when it reconnects' })),
});

const STREAM_DESCRIPTION = `Server-Sent Events. The first event is \`hello\`, whose \`data\` is the database's history id
(the \`history\` of \`GET ${SNAPSHOT_PATH}\`). Each change is then an event whose \`id\` is its sequence, \`event\` its type and
\`data\` the change item of \`GET /api/changes\`, one JSON object on one line:

\`\`\`
event: hello
data: q1Vb3kQ2R9mZ7xT0aLw4Ne

id: 42
event: slot.upserted
data: {"sequence":42,"time":"2030-01-01T12:00:00.000Z","type":"slot.upserted","slot":{…}}
\`\`\`

A comment line (\`: keep-alive\`) comes at least every ${HEARTBEAT_MS / 1000} seconds. When the resume point is older than
the changes kept (or beyond them), or \`history\` is not the database's (it was restored since), the stream sends one \`reset\` event whose data is
\`{"snapshot":"${SNAPSHOT_PATH}","message":…}\` and ends: load the snapshot and resume from its \`sequence\`. The stream
also ends when the server shuts down; reconnect with \`Last-Event-ID\`.`;

/** One event of the stream's text format; data is a single line of JSON, so it needs no splitting. */
function event(type: string, data: string, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${data}\n\n`;
}

/**
 * `GET /api/changes/stream` (decisions §19): the changes this instance follows, as Server-Sent
 * Events. A stream first catches up from its resume point (from the tail's window, or the log
 * itself when further behind), then is told by the tail of each change as the snapshot takes it.
 */
export function streamRoute(app: FastifyInstance, deps: StreamDeps): void {
  const { config, store, tail, streams } = deps;
  app.addHook('preClose', async () => streams.endAll());
  const schema = {
    operationId: 'streamChanges',
    tags: ['following'],
    summary: 'The changes as they happen (Server-Sent Events)',
    description: STREAM_DESCRIPTION,
    querystring: StreamQuerySchema,
    headers: LastEventIdSchema,
    response: {
      200: { description: 'An event stream', content: { 'text/event-stream': { schema: Type.String() } } },
      429: { ...ErrorBodySchema, description: `This client already holds ${MAX_STREAMS_PER_CLIENT} open streams` },
    },
  };
  app.get('/api/changes/stream', { ...DOCUMENTED_ONLY, schema }, async (request, reply) => {
    const { after: start, history } = streamStart(request.query as Query, request.headers['last-event-id']);
    const client = clientKey(clientAddress(request.raw, deps.proxyTrust) ?? 'unknown', config.rateLimit.ipv6Prefix);
    const base = baseUrl(request, config);
    const body = new PassThrough();
    let sent = start ?? tail.latest;
    let ended = false;
    let pumping: Promise<void> | undefined;
    const write = (text: string): Promise<void> | undefined => {
      if (ended || body.write(text)) return undefined;
      return new Promise((resolve) => body.once('drain', resolve).once('close', resolve));
    };
    const reset = (message: string) => write(event('reset', JSON.stringify({ snapshot: SNAPSHOT_PATH, message })));
    const send = async (changes: readonly LoggedChange[]) => {
      for (const { sequence, time, change } of changes) {
        if (ended) return;
        if (sequence <= sent) continue;
        const item = publicChange(sequence, time, change, base);
        await write(event(item.type, JSON.stringify(item), sequence));
        sent = sequence;
      }
    };
    // Once the answer's last chunk has been handed to the connection, or the connection is gone.
    const delivered = new Promise<void>((resolve) => reply.raw.once('finish', resolve).once('close', resolve));
    // Refused (429) before anything is sent.
    const unregister = await streams.open(client, {
      heartbeat: () => void write(': keep-alive\n\n'),
      end: () => {
        end();
        return delivered;
      },
    });
    let unsubscribe: () => unknown = () => undefined;
    const end = () => {
      if (ended) return;
      ended = true;
      // The connection may carry another request once this answer is over.
      request.raw.socket.off('end', end);
      unsubscribe();
      unregister();
      body.end();
    };
    /** Sends what the stream has not yet sent, up to the tail; a log that cannot go on from `sent` gets the reset. */
    const pump = async () => {
      while (!ended && sent < tail.latest) {
        const recent = tail.after(sent);
        if (recent !== undefined) {
          await send(recent);
          continue;
        }
        const page = await store.readChanges(sent, CATCH_UP_PAGE);
        if (page.changes === undefined) {
          await reset(cursorProblem(sent, page.latest));
          end();
          return;
        }
        await send(page.changes.filter((change) => change.sequence <= tail.latest));
      }
    };
    const wake = () => {
      pumping ??= pump()
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'change stream: reading the log failed; ending the stream (clients resume with Last-Event-ID)');
          end();
        })
        .finally(() => {
          pumping = undefined;
          if (!ended && sent < tail.latest) wake();
        });
    };
    reply.raw.on('close', end);
    // The server keeps a connection its client half-closed, for the answer (app.ts); a stream's answer
    // never ends by itself, and a client that has stopped sending has left it.
    request.raw.socket.once('end', end);
    // A client gone while its seat was being taken (a Redis round trip) has closed already.
    if (request.raw.socket.destroyed || request.raw.socket.readableEnded) end();
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // Tells nginx-style proxies not to hold events back in a buffer.
      .header('x-accel-buffering', 'no');
    // The first line leaves at once, so the client knows the stream is open even when nothing changes.
    void write(`retry: ${RETRY_MS}\n: changes after ${sent}\n\n${event('hello', tail.history)}`);
    if (start !== undefined || history !== undefined) {
      // The log decides whether it can go on from a resume point (the tail's window may reach back
      // further than what is kept, and cannot tell a change not followed yet from another database's
      // cursor), and whether the client's copy is of the database's history (decisions §20).
      const page = await store.readChanges(sent, 1).catch((error: unknown) => {
        end();
        throw feedUnavailable(error);
      });
      const problem =
        history !== undefined && history !== page.history
          ? historyProblem(history, page.history)
          : start !== undefined && page.changes === undefined
            ? cursorProblem(sent, page.latest)
            : undefined;
      if (problem !== undefined) {
        void reset(problem);
        end();
      }
    }
    if (!ended) {
      unsubscribe = tail.subscribe(wake);
      wake();
    }
    return reply.send(body);
  });
}
