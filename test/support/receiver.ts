import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a webhook receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** performance.now() when the request had arrived whole, and when its connection closed. */
  readonly arrivedAt: number;
  closedAt: number | undefined;
  /** performance.now() when it was over: its answer sent whole or its connection closed (a sender keeps connections alive). */
  doneAt: number | undefined;
}

/** How the receiver answers one request: a status (with headers), or never (the sender times out). */
export type Answer = { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly delayMs?: number } | 'hang';

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Answers to give, in order; once used up, every request gets the default (a 200). */
  readonly answers: Answer[];
  /** Resolves once `count` requests arrived. */
  until(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 standing in for a partner's webhook endpoint. */
export async function startReceiver(path = '/hooks/slotmoji', defaultAnswer: Answer = { status: 200 }): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const waiters = new Set<() => void>();
  const hanging = new Set<ServerResponse>();
  // One close listener per connection, not per request: a sender keeps its connections alive for many.
  const receivedOn = new WeakMap<Socket, Received[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = { headers: request.headers, body: Buffer.concat(chunks).toString(), arrivedAt: performance.now(), closedAt: undefined, doneAt: undefined };
      received.push(entry);
      receivedOn.get(request.socket)?.push(entry);
      response.once('finish', () => (entry.doneAt ??= performance.now()));
      for (const wake of waiters) wake();
      const answer = answers.shift() ?? defaultAnswer;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      setTimeout(() => response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end('ok'), answer.delayMs ?? 0);
    });
  });
  server.on('connection', (socket: Socket) => {
    const entries: Received[] = [];
    receivedOn.set(socket, entries);
    socket.once('close', () => {
      const closedAt = performance.now();
      for (const entry of entries) {
        entry.closedAt = closedAt;
        entry.doneAt ??= closedAt;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    until: (count, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} deliveries arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
