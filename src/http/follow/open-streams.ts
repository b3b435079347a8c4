import { MemoryStreamSeats } from '../../ratelimit/memory-stream-seats.js';
import { MAX_STREAMS_PER_CLIENT, type StreamSeats } from '../../ratelimit/stream-seats.js';
import { HttpError } from '../answers/errors.js';
/** A comment line at least this often, so proxies and clients see a quiet stream is alive (at most 15 s). */
export const HEARTBEAT_MS = 10_000;

/** What a client refused for holding too many streams is told to wait: a guess, as the server cannot know when one closes. */
const FULL_RETRY_AFTER_SECONDS = 10;

const shuttingDown = () => new HttpError(503, 'server: shutting down; open the stream again', { 'retry-after': '1' });

/** What the registry needs of one open stream. */
export interface OpenStream {
  /** Sends a comment line. */
  heartbeat(): void;
  /** Ends the stream cleanly (the server is shutting down); resolves once its last chunk has left or its connection closed. */
  end(): Promise<void>;
}

/**
 * The streams open on this instance: a seat for each from `seats` (a sixth of a client is refused
 * with a 429; in this process, or across instances through Redis), one timer that sends every
 * stream its heartbeat and renews the seats, and the end of all of them at shutdown.
 */
export class OpenStreams {
  private readonly streams = new Set<OpenStream>();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly seats: StreamSeats = new MemoryStreamSeats(),
    private readonly heartbeatMs: number = HEARTBEAT_MS,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** Registers a stream of `client`; returns how to unregister it. Throws the 429 (or a 503 while closing) before anything is sent. */
  async open(client: string, stream: OpenStream): Promise<() => void> {
    if (this.closing) throw shuttingDown();
    const seat = await this.seats.take(client);
    if (seat === undefined) {
      throw new HttpError(429, `streams: at most ${MAX_STREAMS_PER_CLIENT} open at once per client; close one first`, { 'retry-after': String(FULL_RETRY_AFTER_SECONDS) });
    }
    if (this.closing) {
      seat.release();
      throw shuttingDown();
    }
    this.streams.add(stream);
    if (this.timer === undefined) {
      this.timer = setInterval(() => {
        for (const open of this.streams) open.heartbeat();
        this.seats.renew();
      }, this.heartbeatMs);
      this.timer.unref();
    }
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.streams.delete(stream);
      seat.release();
      if (this.streams.size === 0) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  /**
   * Ends every stream and refuses new ones: the server is shutting down. Resolves once every stream's
   * last chunk has left: the server closes idle connections as soon as this resolves, and a stream
   * whose answer is ended but not yet written out counts as idle, so it would be cut off mid-chunk.
   */
  async endAll(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.streams].map((stream) => stream.end()));
  }
}
