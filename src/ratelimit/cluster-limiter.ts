import type { Worker } from 'node:cluster';
import type { RateLimitDecision, RateLimiter, RateWindow } from './limiter.js';
import type { MemoryRateLimiter } from './memory-limiter.js';

/**
 * Messages between a worker's limiter and the primary's counters, tagged so other IPC passes by. A
 * `consume` batch names clients in order; its `decisions` come back in the same order (one channel
 * keeps messages in order), as flat numbers, which cost far less to serialise than objects.
 */
type ClusterLimiterMessage =
  | { readonly slotmoji: 'ratelimit'; readonly consume: readonly string[] }
  | { readonly slotmoji: 'ratelimit'; readonly reset: readonly [number, string] }
  | { readonly slotmoji: 'ratelimit'; readonly decisions: readonly number[] }
  | { readonly slotmoji: 'ratelimit'; readonly done: number };

const WINDOWS: readonly RateWindow[] = ['minute', 'hour', 'day'];
/** Numbers per decision on the wire: allowed (0 or 1), limit, remaining, reset, window (index in WINDOWS). */
const DECISION_WIDTH = 5;

function packDecisions(decisions: readonly RateLimitDecision[]): number[] {
  const packed: number[] = [];
  for (const decision of decisions) {
    packed.push(decision.allowed ? 1 : 0, decision.limit, decision.remaining, decision.reset, WINDOWS.indexOf(decision.window));
  }
  return packed;
}

function unpackDecision(packed: readonly number[], at: number): RateLimitDecision {
  return {
    allowed: packed[at] === 1,
    limit: packed[at + 1] as number,
    remaining: packed[at + 2] as number,
    reset: packed[at + 3] as number,
    window: WINDOWS[packed[at + 4] as number] as RateWindow,
  };
}

function isLimiterMessage(message: unknown): message is ClusterLimiterMessage {
  return typeof message === 'object' && message !== null && (message as { slotmoji?: unknown }).slotmoji === 'ratelimit';
}

/** The IPC channel of a forked process: `process` in a worker. */
interface Channel {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * A worker's limiter when several workers share one port: every count happens in the primary's
 * single set of counters, so the limits stay exact across workers. Requests arriving in the same
 * turn of the event loop travel to the primary in one message.
 */
export class ClusterRateLimiter implements RateLimiter {
  private nextId = 1;
  /** The waiting requests of each batch sent, oldest first, in the order of its clients. */
  private readonly sent: ((decision: RateLimitDecision) => void)[][] = [];
  private readonly resets = new Map<number, () => void>();
  private batch: string[] = [];
  private waiting: ((decision: RateLimitDecision) => void)[] = [];
  private readonly onMessage = (message: unknown) => this.receive(message);

  constructor(private readonly channel: Channel = process) {
    channel.on('message', this.onMessage);
  }

  consume(client: string): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      if (this.batch.length === 0) setImmediate(() => this.flush());
      this.batch.push(client);
      this.waiting.push(resolve);
    });
  }

  reset(client: string): Promise<void> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.resets.set(id, resolve);
      this.channel.send?.({ slotmoji: 'ratelimit', reset: [id, client] });
    });
  }

  async close(): Promise<void> {
    this.channel.off('message', this.onMessage);
  }

  private flush(): void {
    const batch = this.batch;
    this.sent.push(this.waiting);
    this.batch = [];
    this.waiting = [];
    this.channel.send?.({ slotmoji: 'ratelimit', consume: batch });
  }

  private receive(message: unknown): void {
    if (!isLimiterMessage(message)) return;
    if ('decisions' in message) {
      const waiting = this.sent.shift() ?? [];
      waiting.forEach((resolve, index) => resolve(unpackDecision(message.decisions, index * DECISION_WIDTH)));
    } else if ('done' in message) {
      this.resets.get(message.done)?.();
      this.resets.delete(message.done);
    }
  }
}

/** In the primary: answers one worker's limiter from the shared counters. */
export function serveRateLimits(worker: Worker, limiter: MemoryRateLimiter): void {
  worker.on('message', (message: unknown) => {
    if (!isLimiterMessage(message)) return;
    if ('consume' in message) {
      worker.send({ slotmoji: 'ratelimit', decisions: packDecisions(message.consume.map((client) => limiter.consumeNow(client))) });
    } else if ('reset' in message) {
      const [id, client] = message.reset;
      void limiter.reset(client).then(() => worker.send({ slotmoji: 'ratelimit', done: id }));
    }
  });
}
