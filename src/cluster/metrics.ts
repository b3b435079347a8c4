import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { MetricFamilies, MetricsExposition } from '../http/observability/metrics.js';

/** How long the primary waits for every worker's figures; one that does not answer is left out. */
const COLLECT_TIMEOUT_MS = 2_000;
/** How long a worker waits for the group's exposition before answering with its own error. */
const ASK_TIMEOUT_MS = 5_000;

/**
 * Messages between a worker serving `/metrics` and the primary, tagged so other IPC passes by: a
 * worker asks, the primary collects every worker's figures, sums them and answers the one that asked.
 */
type MetricsMessage =
  | { readonly slotmoji: 'metrics'; readonly ask: number }
  | { readonly slotmoji: 'metrics'; readonly collect: number }
  | { readonly slotmoji: 'metrics'; readonly collected: number; readonly families: MetricFamilies }
  | { readonly slotmoji: 'metrics'; readonly answer: number; readonly text?: string; readonly error?: string };

function isMetricsMessage(message: unknown): message is MetricsMessage {
  return typeof message === 'object' && message !== null && (message as { slotmoji?: unknown }).slotmoji === 'metrics';
}

/** The IPC channel of a forked process: `process` in a worker. */
interface Channel {
  send?(message: unknown): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/**
 * In the primary: answers a worker's request for the group's metrics with every worker's figures
 * combined by prom-client's cluster aggregation (counters and histograms summed; each metric's own rule otherwise).
 */
export function serveGroupMetrics(): void {
  let nextCollection = 1;
  const collections = new Map<number, { families: MetricFamilies[]; waiting: number; done: () => void }>();

  const gather = async (): Promise<string> => {
    const id = nextCollection++;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker?.isConnected() === true);
    const families: MetricFamilies[] = [];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, COLLECT_TIMEOUT_MS);
      collections.set(id, {
        families,
        waiting: workers.length,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      if (workers.length === 0) resolve();
      for (const worker of workers) worker.send({ slotmoji: 'metrics', collect: id } satisfies MetricsMessage);
    });
    collections.delete(id);
    return AggregatorRegistry.aggregate(families).metrics();
  };

  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if ('ask' in message) {
      const answer = (reply: Omit<Extract<MetricsMessage, { answer: number }>, 'slotmoji' | 'answer'>) => {
        if (worker.isConnected()) worker.send({ slotmoji: 'metrics', answer: message.ask, ...reply });
      };
      gather().then(
        (text) => answer({ text }),
        (error: unknown) => answer({ error: String(error) }),
      );
    } else if ('collected' in message) {
      const collection = collections.get(message.collected);
      if (collection === undefined) return;
      collection.families.push(message.families);
      collection.waiting -= 1;
      if (collection.waiting === 0) collection.done();
    }
  });
}

/**
 * In a worker: `/metrics` answers for the whole group, from the primary, and this worker gives its
 * own figures whenever the primary collects them.
 */
export class WorkerGroupMetrics implements MetricsExposition {
  readonly contentType: string;
  private nextAsk = 1;
  private readonly asks = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

  constructor(
    own: { readonly contentType: string; families(): Promise<MetricFamilies> },
    private readonly channel: Channel = process,
  ) {
    this.contentType = own.contentType;
    channel.on('message', (message) => {
      if (!isMetricsMessage(message)) return;
      if ('collect' in message) {
        void own.families().then((families) => this.channel.send?.({ slotmoji: 'metrics', collected: message.collect, families } satisfies MetricsMessage));
      } else if ('answer' in message) {
        const ask = this.asks.get(message.answer);
        this.asks.delete(message.answer);
        if (message.text !== undefined) ask?.resolve(message.text);
        else ask?.reject(new Error(`the primary could not gather metrics: ${message.error ?? 'no reason given'}`));
      }
    });
  }

  render(): Promise<string> {
    const id = this.nextAsk++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.asks.delete(id);
        reject(new Error(`the primary did not send the group's metrics within ${ASK_TIMEOUT_MS} ms`));
      }, ASK_TIMEOUT_MS);
      this.asks.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.channel.send?.({ slotmoji: 'metrics', ask: id } satisfies MetricsMessage);
    });
  }
}
