/** Request latencies from a cached lookup (well under a millisecond) to a whole-catalogue import. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The figures of one route, method and status. */
interface Series {
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative: `buckets[i]` counts those in (LATENCY_BUCKETS[i-1], LATENCY_BUCKETS[i]]; the last slot is beyond every bound. */
  readonly buckets: Float64Array;
}

/** One metric and its samples, in the JSON form of prom-client's registries, which its cluster aggregation sums. */
export interface MetricFamily {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  readonly values: readonly { readonly value: number; readonly labels: Readonly<Record<string, string | number>>; readonly metricName?: string }[];
}

const REQUESTS_HELP = 'HTTP requests answered, by route pattern, method and status.';
const DURATION_HELP = 'Time from receiving a request to finishing its response, by route pattern, method and status.';
const FAST_HELP = 'Requests (of those in http_requests_total) answered by the fast path of the hot public routes, by route pattern.';

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Counts and times every answered request by route pattern, method and status, and counts those the
 * fast path answered, in the Prometheus text format. Written for the hot path: an observation is a
 * few comparisons (three map lookups when its series is not the last one's) and a few additions,
 * where a prom-client histogram child hashes its labels on every call (a few per cent of a cached
 * lookup's CPU).
 */
export class RequestMetrics {
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  /**
   * The series and fast-path count last observed: a steady load asks for the same ones request after
   * request, and comparing three constants costs less than three map lookups.
   */
  private readonly lastSeries = { route: '', method: '', status: 0, series: undefined as Series | undefined };
  private readonly lastFast = { route: '', counter: undefined as { count: number } | undefined };
  private readonly fastAnswers = new Map<string, { count: number }>();

  observe(route: string, method: string, status: number, seconds: number): void {
    const last = this.lastSeries;
    let series = last.series;
    if (series === undefined || last.route !== route || last.method !== method || last.status !== status) {
      series = this.seriesOf(route, method, status);
      last.route = route;
      last.method = method;
      last.status = status;
      last.series = series;
    }
    series.count += 1;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] as number)) bucket++;
    series.buckets[bucket] = (series.buckets[bucket] as number) + 1;
  }

  observeFastAnswer(route: string): void {
    const last = this.lastFast;
    let counter = last.counter;
    if (counter === undefined || last.route !== route) {
      counter = this.fastAnswers.get(route);
      if (counter === undefined) {
        counter = { count: 0 };
        this.fastAnswers.set(route, counter);
      }
      last.route = route;
      last.counter = counter;
    }
    counter.count += 1;
  }

  private seriesOf(route: string, method: string, status: number): Series {
    let byMethod = this.series.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = { count: 0, sum: 0, buckets: new Float64Array(LATENCY_BUCKETS.length + 1) };
      byStatus.set(status, series);
    }
    return series;
  }

  /** The three metrics as prom-client's registries give theirs, for summing across processes. */
  families(): MetricFamily[] {
    const requests: MetricFamily['values'][number][] = [];
    const durations: MetricFamily['values'][number][] = [];
    for (const [route, byMethod] of this.series) {
      for (const [method, byStatus] of byMethod) {
        for (const [status, series] of byStatus) {
          const labels = { route, method, status };
          requests.push({ value: series.count, labels });
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((bound, index) => {
            cumulative += series.buckets[index] as number;
            durations.push({ value: cumulative, labels: { le: bound, ...labels }, metricName: 'http_request_duration_seconds_bucket' });
          });
          durations.push({ value: series.count, labels: { le: '+Inf', ...labels }, metricName: 'http_request_duration_seconds_bucket' });
          durations.push({ value: series.sum, labels, metricName: 'http_request_duration_seconds_sum' });
          durations.push({ value: series.count, labels, metricName: 'http_request_duration_seconds_count' });
        }
      }
    }
    const fast = Array.from(this.fastAnswers, ([route, { count }]) => ({ value: count, labels: { route } }));
    return [
      { name: 'http_requests_total', help: REQUESTS_HELP, type: 'counter', aggregator: 'sum', values: requests },
      { name: 'http_request_duration_seconds', help: DURATION_HELP, type: 'histogram', aggregator: 'sum', values: durations },
      { name: 'http_fast_path_requests_total', help: FAST_HELP, type: 'counter', aggregator: 'sum', values: fast },
    ];
  }

  /** The exposition of the three metrics, in order of first observation. */
  render(): string {
    const requests: string[] = [];
    const durations: string[] = [];
    for (const [route, byMethod] of this.series) {
      for (const [method, byStatus] of byMethod) {
        for (const [status, series] of byStatus) {
          const labels = `route="${escapeLabel(route)}",method="${escapeLabel(method)}",status="${status}"`;
          requests.push(`http_requests_total{${labels}} ${series.count}`);
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((bound, index) => {
            cumulative += series.buckets[index] as number;
            durations.push(`http_request_duration_seconds_bucket{le="${bound}",${labels}} ${cumulative}`);
          });
          durations.push(`http_request_duration_seconds_bucket{le="+Inf",${labels}} ${series.count}`);
          durations.push(`http_request_duration_seconds_sum{${labels}} ${series.sum}`);
          durations.push(`http_request_duration_seconds_count{${labels}} ${series.count}`);
        }
      }
    }
    const fast = Array.from(this.fastAnswers, ([route, { count }]) => `http_fast_path_requests_total{route="${escapeLabel(route)}"} ${count}`);
    return [
      `# HELP http_requests_total ${REQUESTS_HELP}`,
      '# TYPE http_requests_total counter',
      ...requests,
      '',
      `# HELP http_request_duration_seconds ${DURATION_HELP}`,
      '# TYPE http_request_duration_seconds histogram',
      ...durations,
      '',
      `# HELP http_fast_path_requests_total ${FAST_HELP}`,
      '# TYPE http_fast_path_requests_total counter',
      ...fast,
      '',
    ].join('\n');
  }
}
