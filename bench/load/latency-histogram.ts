/** Buckets grow by 1% each, so a percentile read back is within 1% of the true value. */
const GROWTH = 1.01;
const LOG_GROWTH = Math.log(GROWTH);
/** 1 µs to over an hour. */
const BUCKETS = Math.ceil(Math.log(4e9) / LOG_GROWTH);

/** Latencies in constant memory, however many are recorded. */
export class LatencyHistogram {
  private readonly counts = new Float64Array(BUCKETS);
  private total = 0;
  private max = 0;

  record(ms: number): void {
    const micros = Math.max(1, ms * 1000);
    const bucket = Math.min(BUCKETS - 1, Math.floor(Math.log(micros) / LOG_GROWTH));
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total += 1;
    this.max = Math.max(this.max, ms);
  }

  get count(): number {
    return this.total;
  }

  get maxMs(): number {
    return this.max;
  }

  /** The latency, in milliseconds, that `fraction` of the recorded ones do not exceed. */
  percentile(fraction: number): number {
    if (this.total === 0) return 0;
    const wanted = Math.ceil(fraction * this.total);
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      seen += this.counts[bucket] ?? 0;
      if (seen >= wanted) return Math.min(this.max, GROWTH ** (bucket + 1) / 1000);
    }
    return this.max;
  }
}
