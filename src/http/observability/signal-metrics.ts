import { Counter, Gauge, type Registry } from 'prom-client';
import type { CatalogueService } from '../../service/catalogue-service.js';
import type { DeliveryOutcome } from '../../webhooks/delivery.js';

/** What the work outside requests has done since this process started, for the signals below. */
export interface BackgroundTallies {
  /** Webhook deliveries attempted here, by outcome. */
  deliveries(): Readonly<Record<DeliveryOutcome, number>>;
  /** Audit entries deleted here for being older than the retention. */
  auditPruned(): number;
}

export interface SignalSources {
  readonly catalogue: Pick<CatalogueService, 'position' | 'store'>;
  /** Change streams open on this instance now. */
  readonly openStreams: () => number;
  readonly tallies?: BackgroundTallies | undefined;
  readonly now: () => number;
}

const OUTCOMES: readonly DeliveryOutcome[] = ['delivered', 'failed', 'gone'];

/** Runs `read` once for every collector of one scrape (prom-client collects each metric separately, at once). */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending === undefined) {
      pending = read();
      const forget = () => setImmediate(() => (pending = undefined));
      pending.then(forget, forget);
    }
    return pending;
  };
}

/**
 * The signals of decisions §20 that someone answering the pager needs: whether webhook endpoints
 * receive what they should, whether this instance follows the change log, how many streams are
 * open, what the audit pruning removed. Everything is read when `/metrics` is scraped (two store
 * reads then), nothing on a request's path. Every process of a group reports the store's figures, so
 * those are combined by max (or min, for what a process has applied) rather than summed.
 */
export function registerSignalMetrics(registers: Registry[], sources: SignalSources): void {
  const { catalogue, tallies, now } = sources;
  const backlog = oncePerScrape(() => catalogue.store.webhooks.backlog().catch(() => []));
  const log = oncePerScrape(async () => {
    const position = catalogue.position;
    const page = await catalogue.store.readChanges(position, 1).catch(() => undefined);
    const next = page?.changes?.[0];
    return { latest: page?.latest ?? position, behindSeconds: next === undefined ? 0 : Math.max(0, (now() - Date.parse(next.time)) / 1000) };
  });

  new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook deliveries attempted by this instance, by outcome: delivered (2xx), failed (to be retried, or the endpoint is now failing), gone (410: the endpoint was disabled).',
    labelNames: ['outcome'],
    registers,
    collect() {
      const counts = tallies?.deliveries();
      this.reset();
      for (const outcome of OUTCOMES) this.inc({ outcome }, counts?.[outcome] ?? 0);
    },
  });
  new Gauge({
    name: 'webhook_endpoint_undelivered_changes',
    help: 'Per webhook endpoint not turned off: changes logged that it has not been sent yet.',
    labelNames: ['endpoint'],
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const endpoint of await backlog()) this.set({ endpoint: String(endpoint.id) }, endpoint.undelivered);
    },
  });
  new Gauge({
    name: 'webhook_endpoint_oldest_undelivered_seconds',
    help: 'Per webhook endpoint not turned off: how long ago the oldest change it has not been sent was logged (0: none waiting).',
    labelNames: ['endpoint'],
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const endpoint of await backlog()) {
        const age = endpoint.oldestTime === null ? 0 : Math.max(0, (now() - Date.parse(endpoint.oldestTime)) / 1000);
        this.set({ endpoint: String(endpoint.id) }, age);
      }
    },
  });
  new Gauge({
    name: 'webhook_endpoint_failing',
    help: 'Per webhook endpoint not turned off: 1 when delivery gave up after the last retry (status failing), else 0.',
    labelNames: ['endpoint'],
    registers,
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const endpoint of await backlog()) this.set({ endpoint: String(endpoint.id) }, endpoint.status === 'failing' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'change_log_applied_sequence',
    help: 'The last change of the change log this instance has applied to the catalogue it serves (of a group: the furthest behind).',
    registers,
    aggregator: 'min',
    collect() {
      this.set(catalogue.position);
    },
  });
  new Gauge({
    name: 'change_log_latest_sequence',
    help: "The store's latest change; minus change_log_applied_sequence, the changes this instance has still to apply.",
    registers,
    aggregator: 'max',
    async collect() {
      this.set((await log()).latest);
    },
  });
  new Gauge({
    name: 'change_log_behind_seconds',
    help: 'How long ago the oldest change this instance has not applied yet was logged (0: up to date).',
    registers,
    aggregator: 'max',
    async collect() {
      this.set((await log()).behindSeconds);
    },
  });
  new Gauge({
    name: 'change_streams_open',
    help: 'Change streams (GET /api/changes/stream) open on this instance.',
    registers,
    collect() {
      this.set(sources.openStreams());
    },
  });
  new Counter({
    name: 'audit_entries_pruned_total',
    help: 'Audit entries this instance deleted for being older than AUDIT_RETENTION_DAYS.',
    registers,
    collect() {
      this.reset();
      this.inc(tallies?.auditPruned() ?? 0);
    },
  });
}
