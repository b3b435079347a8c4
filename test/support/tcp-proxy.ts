import { connect, createServer, type Socket } from 'node:net';

/** A TCP relay in front of a real server, so a test can take the network away and give it back. */
export interface TcpProxy {
  readonly port: number;
  /** Cuts every open connection and refuses new ones (each is closed as soon as it opens). */
  cut(): void;
  /**
   * Cuts, as `cut()` does, the moment a client sends bytes containing `marker`, before they reach
   * the server: a connection lost at an exact point of a conversation.
   */
  cutOn(marker: string): void;
  /** Relays again. */
  restore(): void;
  /** Holds each of the server's answers `ms` before relaying it, on the connections opened from now on: a server slow to answer. */
  delayAnswers(ms: number): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let up = true;
  let marker: string | undefined;
  let answerDelayMs = 0;
  const cut = () => {
    up = false;
    marker = undefined;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const server = createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (marker !== undefined && chunk.includes(marker)) cut();
      else upstream.write(chunk);
    });
    const delayMs = answerDelayMs;
    if (delayMs === 0) {
      upstream.pipe(client);
      return;
    }
    upstream.on('data', (chunk: Buffer) => {
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
    });
    // After the answers before it, as pipe() would.
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    cut,
    cutOn(text) {
      marker = text;
    },
    restore() {
      up = true;
    },
    delayAnswers(ms) {
      answerDelayMs = ms;
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
