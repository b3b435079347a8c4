import type { Worker } from 'node:cluster';
import type { RateLimitDecision, RateLimiter } from './limiter.js';
import type { MemoryRateLimiter } from './memory-limiter.js';

/** Messages between a worker's limiter and the primary's counters, tagged so other IPC passes by. */
type ClusterLimiterMessage =
  | { readonly slotmoji: 'ratelimit'; readonly consume: readonly (readonly [number, string])[] }
  | { readonly slotmoji: 'ratelimit'; readonly reset: readonly [number, string] }
  | { readonly slotmoji: 'ratelimit'; readonly decisions: readonly (readonly [number, RateLimitDecision])[] }
  | { readonly slotmoji: 'ratelimit'; readonly done: number };

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
  private readonly pending = new Map<number, (decision: RateLimitDecision) => void>();
  private readonly resets = new Map<number, () => void>();
  private batch: [number, string][] = [];
  private readonly onMessage = (message: unknown) => this.receive(message);

  constructor(private readonly channel: Channel = process) {
    channel.on('message', this.onMessage);
  }

  consume(client: string): Promise<RateLimitDecision> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, resolve);
      if (this.batch.length === 0) setImmediate(() => this.flush());
      this.batch.push([id, client]);
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
    this.batch = [];
    this.channel.send?.({ slotmoji: 'ratelimit', consume: batch });
  }

  private receive(message: unknown): void {
    if (!isLimiterMessage(message)) return;
    if ('decisions' in message) {
      for (const [id, decision] of message.decisions) {
        this.pending.get(id)?.(decision);
        this.pending.delete(id);
      }
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
      const decisions = message.consume.map(([id, client]) => [id, limiter.consumeNow(client)] as const);
      worker.send({ slotmoji: 'ratelimit', decisions });
    } else if ('reset' in message) {
      const [id, client] = message.reset;
      void limiter.reset(client).then(() => worker.send({ slotmoji: 'ratelimit', done: id }));
    }
  });
}
