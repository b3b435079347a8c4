import { HttpError } from '../answers/errors.js';

/** At most this many streams open at once per client (decisions §19). */
export const MAX_STREAMS_PER_CLIENT = 5;
/** A comment line at least this often, so proxies and clients see a quiet stream is alive (at most 15 s). */
export const HEARTBEAT_MS = 10_000;

/** What a client refused for holding too many streams is told to wait: a guess, as the server cannot know when one closes. */
const FULL_RETRY_AFTER_SECONDS = 10;

/** What the registry needs of one open stream. */
export interface OpenStream {
  /** Sends a comment line. */
  heartbeat(): void;
  /** Ends the stream cleanly (the server is shutting down). */
  end(): void;
}

/**
 * The streams open on this instance: how many each client holds (a sixth is refused with a 429),
 * one timer that sends every stream its heartbeat, and the end of all of them at shutdown.
 */
export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private readonly perClient = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(private readonly heartbeatMs: number = HEARTBEAT_MS) {}

  get size(): number {
    return this.streams.size;
  }

  /** Registers a stream of `client`; returns how to unregister it. Throws the 429 (or a 503 while closing) before anything is sent. */
  open(client: string, stream: OpenStream): () => void {
    if (this.closing) throw new HttpError(503, 'server: shutting down; open the stream again', { 'retry-after': '1' });
    const held = this.perClient.get(client) ?? 0;
    if (held >= MAX_STREAMS_PER_CLIENT) {
      throw new HttpError(429, `streams: at most ${MAX_STREAMS_PER_CLIENT} open at once per client; close one first`, { 'retry-after': String(FULL_RETRY_AFTER_SECONDS) });
    }
    this.perClient.set(client, held + 1);
    this.streams.add(stream);
    if (this.timer === undefined) {
      this.timer = setInterval(() => {
        for (const open of this.streams) open.heartbeat();
      }, this.heartbeatMs);
      this.timer.unref();
    }
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.streams.delete(stream);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
      if (this.streams.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /** Ends every stream and refuses new ones: the server is shutting down. */
  endAll(): void {
    this.closing = true;
    for (const stream of [...this.streams]) stream.end();
  }
}
