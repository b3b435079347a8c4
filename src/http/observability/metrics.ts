import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CatalogueService } from '../../service/catalogue-service.js';
import { RequestMetrics } from './request-metrics.js';
import { registerSignalMetrics, type SignalSources } from './signal-metrics.js';

/** What `/metrics` answers with: one app's own figures, or those of a whole group of processes. */
export interface MetricsExposition {
  readonly contentType: string;
  render(): Promise<string>;
}

/** Snapshot rebuilds, from one slot written to a 100,000-slot import. */
const REBUILD_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * Memory, CPU, event loop and GC of this process: one set however many apps the process runs
 * (prom-client's collectors start observers that live as long as the process).
 */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the metrics read from the catalogue service: the snapshot at scrape time, and each rebuild as it ends. */
export type CatalogueSource = Pick<CatalogueService, 'current' | 'onRebuild'>;

/** Metrics as JSON (prom-client's form), which prom-client's cluster aggregation combines. */
export type MetricFamilies = readonly object[];

/**
 * The Prometheus metrics of one app, in a registry of its own so several apps in one process (tests)
 * never share counts. Labels stay few: `route` is the route pattern or `unmatched`, never a raw URL.
 * The per-request ones are kept by `RequestMetrics`, the rest by prom-client.
 */
export class AppMetrics implements MetricsExposition {
  readonly contentType: string;
  private readonly registry = new Registry();
  private readonly requests = new RequestMetrics();
  private readonly rejections: Counter<'window'>;

  constructor(catalogue: CatalogueSource) {
    const registers = [this.registry];
    this.contentType = this.registry.contentType;
    this.rejections = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Public API requests refused with 429, by the window whose limit was reached.',
      labelNames: ['window'],
      registers,
    });
    new Gauge({
      name: 'catalogue_slots',
      help: 'Slots in the catalogue snapshot being served.',
      registers,
      // Every process of a group serves the same catalogue: summing would count it once per process.
      aggregator: 'max',
      collect() {
        this.set(catalogue.current.size);
      },
    });
    const rebuilds = new Histogram({
      name: 'catalogue_rebuild_seconds',
      help: 'Time to build a new catalogue snapshot after a write or a reload, since this app started.',
      buckets: REBUILD_BUCKETS,
      registers,
    });
    const updates = new Counter({
      name: 'catalogue_snapshot_updates_total',
      help: 'New catalogue snapshots by cause: a write here (write), a change another instance logged (change), or a full load (reload).',
      labelNames: ['cause'],
      registers,
    });
    catalogue.onRebuild((seconds, _slots, cause) => {
      rebuilds.observe(seconds);
      updates.inc({ cause });
    });
  }

  /** Adds the production signals (decisions §20), read from `sources` at each scrape. */
  addSignals(sources: SignalSources): void {
    registerSignalMetrics([this.registry], sources);
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requests.observe(route, method, status, seconds);
  }

  /** Counts a request the fast path answered (it is observed with `observeRequest` as well). */
  observeFastAnswer(route: string): void {
    this.requests.observeFastAnswer(route);
  }

  observeRejection(window: string): void {
    this.rejections.inc({ window });
  }

  /** This app's metrics and the process's, as JSON for summing across processes. */
  async families(): Promise<MetricFamilies> {
    const [own, shared] = await Promise.all([this.registry.getMetricsAsJSON(), processMetrics().getMetricsAsJSON()]);
    return [...this.requests.families(), ...own, ...shared];
  }

  /** The text exposition of this app's metrics and the process's. */
  async render(): Promise<string> {
    const [own, shared] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${this.requests.render()}\n${own}\n${shared}`;
  }
}
