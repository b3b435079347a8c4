import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CatalogueService } from '../service/catalogue-service.js';

/** Request latencies from a cached lookup (well under a millisecond) to a whole-catalogue import. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Snapshot rebuilds, from one slot written to a 100,000-slot import. */
const REBUILD_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type RequestLabels = 'route' | 'method' | 'status';

interface RequestSeries {
  readonly count: Counter.Internal;
  readonly latency: Histogram.Internal<RequestLabels>;
}

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

/**
 * The Prometheus metrics of one app, in a registry of its own so several apps in one process (tests)
 * never share counts. Labels stay few: `route` is the route pattern or `unmatched`, never a raw URL.
 */
export class AppMetrics {
  readonly contentType: string;
  private readonly registry = new Registry();
  private readonly requests: Counter<RequestLabels>;
  private readonly latency: Histogram<RequestLabels>;
  private readonly rejections: Counter<'window'>;
  private readonly fastAnswers: Counter<'route'>;
  private readonly fastAnswersByRoute = new Map<string, Counter.Internal>();
  /** Label children by `route method status`, so a request costs one Map lookup, not a label hash. */
  private readonly series = new Map<string, RequestSeries>();

  constructor(catalogue: CatalogueSource) {
    const registers = [this.registry];
    this.contentType = this.registry.contentType;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its response, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rejections = new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Public API requests refused with 429, by the window whose limit was reached.',
      labelNames: ['window'],
      registers,
    });
    this.fastAnswers = new Counter({
      name: 'http_fast_path_requests_total',
      help: 'Requests (of those in http_requests_total) answered by the fast path of the hot public routes, by route pattern.',
      labelNames: ['route'],
      registers,
    });
    new Gauge({
      name: 'catalogue_slots',
      help: 'Slots in the catalogue snapshot being served.',
      registers,
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
    catalogue.onRebuild((seconds) => rebuilds.observe(seconds));
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const key = `${route} ${method} ${status}`;
    let series = this.series.get(key);
    if (series === undefined) {
      const labels = { route, method, status: String(status) };
      series = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      this.series.set(key, series);
    }
    series.count.inc();
    series.latency.observe(seconds);
  }

  /** Counts a request the fast path answered (it is observed with `observeRequest` as well). */
  observeFastAnswer(route: string): void {
    let counter = this.fastAnswersByRoute.get(route);
    if (counter === undefined) {
      counter = this.fastAnswers.labels({ route });
      this.fastAnswersByRoute.set(route, counter);
    }
    counter.inc();
  }

  observeRejection(window: string): void {
    this.rejections.inc({ window });
  }

  /** The text exposition of this app's metrics and the process's. */
  async render(): Promise<string> {
    const [own, shared] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${shared}`;
  }
}
