import { request as httpRequest, type IncomingMessage } from 'node:http';

/** One Server-Sent Event, or a comment line, as a client reads them. */
export interface SseEvent {
  readonly id?: string;
  readonly event: string;
  readonly data: string;
}

/** An open event stream over a real socket: its status and headers, the events so far, and a way to wait for more. */
export interface SseConnection {
  readonly response: IncomingMessage;
  /** The events after the first, `hello` (decisions §20), in order. */
  readonly events: SseEvent[];
  /** The data of the first event, when it was `hello`: the database's history id. */
  readonly history: string | undefined;
  readonly comments: string[];
  /** Resolves once the server ended the stream. */
  readonly ended: Promise<void>;
  /** Resolves once `predicate` holds for the events received (checked on each new one). */
  until(predicate: (events: readonly SseEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Cuts the connection from the client's side. */
  cut(): void;
}

/**
 * Opens `path` as an event stream and parses what arrives with the rules of the text/event-stream
 * format (fields, blank line ends an event, `:` starts a comment). Rejects with the response when the
 * answer is not a 200 event stream, so a refusal can be checked.
 */
export function openStream(port: number, path: string, headers: Readonly<Record<string, string>> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => reject(Object.assign(new Error(`status ${response.statusCode}`), { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() })));
        return;
      }
      const events: SseEvent[] = [];
      let history: string | undefined;
      let first = true;
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let fields: { id?: string; event?: string; data: string[] } = { data: [] };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (fields.data.length > 0 || fields.event !== undefined) {
              const event: SseEvent = { ...(fields.id === undefined ? {} : { id: fields.id }), event: fields.event ?? 'message', data: fields.data.join('\n') };
              if (first && event.event === 'hello') history = event.data;
              else events.push(event);
              first = false;
            }
            fields = { data: [] };
            for (const wake of waiters) wake();
            continue;
          }
          if (line.startsWith(':')) {
            comments.push(line.slice(1).trim());
            for (const wake of waiters) wake();
            continue;
          }
          const colon = line.indexOf(':');
          const name = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (name === 'data') fields.data.push(value);
          else if (name === 'id') fields.id = value;
          else if (name === 'event') fields.event = value;
        }
      });
      const ended = new Promise<void>((done) => {
        response.on('end', () => done());
        response.on('close', () => done());
        response.on('error', () => done());
      });
      let finished = false;
      void ended.then(() => {
        finished = true;
        for (const wake of waiters) wake();
      });
      resolve({
        response,
        events,
        get history() {
          return history;
        },
        comments,
        ended,
        cut: () => request.destroy(),
        until: (predicate, timeoutMs = 10_000) =>
          new Promise<void>((done, fail) => {
            const check = () => {
              if (predicate(events)) {
                waiters.delete(check);
                clearTimeout(timer);
                done();
              } else if (finished) {
                waiters.delete(check);
                clearTimeout(timer);
                fail(new Error(`the stream ended first; ${events.length} events`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out after ${timeoutMs} ms with ${events.length} events: ${JSON.stringify(events.slice(-3))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      });
    });
    request.on('error', reject);
    request.end();
  });
}
