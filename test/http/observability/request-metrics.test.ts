import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AggregatorRegistry, Counter, Histogram, Registry } from 'prom-client';
import { RequestMetrics } from '../../../src/http/observability/request-metrics.js';

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The same observations kept by prom-client itself, as the reference for the exposition. */
async function promClientText(observations: readonly (readonly [string, string, number, number])[]): Promise<string> {
  const registry = new Registry();
  const labelNames = ['route', 'method', 'status'] as const;
  const counter = new Counter({ name: 'http_requests_total', help: 'h', labelNames, registers: [registry] });
  const histogram = new Histogram({ name: 'http_request_duration_seconds', help: 'h', labelNames, buckets: BUCKETS, registers: [registry] });
  for (const [route, method, status, seconds] of observations) {
    const labels = { route, method, status: String(status) };
    counter.inc(labels);
    histogram.observe(labels, seconds);
  }
  return registry.metrics();
}

/** Sample lines of one metric family, sorted, without HELP and TYPE. */
function samples(text: string, family: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${family}{`) || line.startsWith(`${family}_`))
    .sort();
}

const observation = fc.tuple(
  fc.constantFrom('/api/slots', '/api/slots/:idOrSlug', 'unmatched', 'a "quoted" \\ route'),
  fc.constantFrom('GET', 'POST'),
  fc.constantFrom(200, 302, 404, 429),
  fc.oneof(fc.constantFrom(...BUCKETS, 0, 31), fc.double({ min: 0, max: 40, noNaN: true })),
);

/** Asserts `ours` has the samples of `reference` for both request families (sums compared to rounding). */
function assertSameSamples(ours: string, reference: string): void {
  for (const family of ['http_requests_total', 'http_request_duration_seconds']) {
    const [mine, theirs] = [samples(ours, family), samples(reference, family)];
    assert.equal(mine.length, theirs.length, family);
    mine.forEach((line, index) => {
      const [name, value] = [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))];
      const other = theirs[index] as string;
      assert.equal(name, other.slice(0, other.lastIndexOf(' ')));
      // Sums may be added in another order, so they may differ in the last bits.
      const expected = Number(other.slice(other.lastIndexOf(' ') + 1));
      assert.ok(Math.abs(value - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${line} vs ${other}`);
    });
  }
}

describe('RequestMetrics', () => {
  it('writes the same samples as prom-client for the same observations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const metrics = new RequestMetrics();
        for (const [route, method, status, seconds] of observations) metrics.observe(route, method, status, seconds);
        const ours = metrics.render();
        const reference = await promClientText(observations);
        for (const family of ['http_requests_total', 'http_request_duration_seconds']) {
          const [mine, theirs] = [samples(ours, family), samples(reference, family)];
          assert.equal(mine.length, theirs.length, family);
          mine.forEach((line, index) => {
            const [name, value] = [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))];
            const other = theirs[index] as string;
            assert.equal(name, other.slice(0, other.lastIndexOf(' ')));
            // Sums may be added in another order, so they may differ in the last bits.
            const expected = Number(other.slice(other.lastIndexOf(' ') + 1));
            assert.ok(Math.abs(value - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${line} vs ${other}`);
          });
        }
      }),
      { numRuns: 100, seed: 7 },
    );
  });

  it('summed across processes by prom-client\'s cluster aggregation, gives the samples of all observations in one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(observation, fc.nat(2)), { maxLength: 60 }), async (spread) => {
        const workers = [new RequestMetrics(), new RequestMetrics(), new RequestMetrics()];
        for (const [[route, method, status, seconds], worker] of spread) workers[worker]?.observe(route, method, status, seconds);
        workers[0]?.observeFastAnswer('/api/slots');
        workers[2]?.observeFastAnswer('/api/slots');
        const summed = await AggregatorRegistry.aggregate(workers.map((worker) => worker.families())).metrics();
        assertSameSamples(summed, await promClientText(spread.map(([observed]) => observed)));
        assert.deepEqual(samples(summed, 'http_fast_path_requests_total'), ['http_fast_path_requests_total{route="/api/slots"} 2']);
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('declares each family once, and counts fast-path answers by route', () => {
    const metrics = new RequestMetrics();
    metrics.observe('/api/slots', 'GET', 200, 0.0005);
    metrics.observeFastAnswer('/api/slots');
    metrics.observeFastAnswer('/api/slots');
    metrics.observeFastAnswer('/api/match');
    const text = metrics.render();
    assert.match(text, /^# TYPE http_requests_total counter$/m);
    assert.match(text, /^# TYPE http_request_duration_seconds histogram$/m);
    assert.match(text, /^# TYPE http_fast_path_requests_total counter$/m);
    assert.match(text, /^http_request_duration_seconds_bucket\{le="0.0005",route="\/api\/slots",method="GET",status="200"\} 1$/m);
    assert.deepEqual(samples(text, 'http_fast_path_requests_total'), [
      'http_fast_path_requests_total{route="/api/match"} 1',
      'http_fast_path_requests_total{route="/api/slots"} 2',
    ]);
  });
});
