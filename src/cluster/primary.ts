import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.js';
import type { AppMetrics, MetricsExposition } from '../http/observability/metrics.js';
import { ClusterRateLimiter, serveRateLimits } from '../ratelimit/cluster-limiter.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { MemoryRateLimiter } from '../ratelimit/memory-limiter.js';
import { serveGroupMetrics, WorkerGroupMetrics } from './metrics.js';

/** A worker that dies this soon after starting is not restarted: it would only die again. */
const MIN_UPTIME_FOR_RESTART_MS = 5_000;

/**
 * Runs `config.workers` copies of the service on one port (node:cluster), restarts one that
 * crashes, and on SIGTERM/SIGINT lets every worker drain and exit. Without Redis, the primary
 * keeps the one set of rate-limit counters every worker counts in; it also sums every worker's
 * metrics for the one that answers `/metrics`.
 */
export async function runPrimary(config: Config, log: (line: string) => void): Promise<void> {
  const limiter = config.redisUrl === undefined ? new MemoryRateLimiter({ limits: config.rateLimit }) : undefined;
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  serveGroupMetrics();

  const fork = (): void => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    if (limiter) serveRateLimits(worker, limiter);
    worker.on('exit', (code, signal) => {
      const uptime = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      if (stopping) {
        if (startedAt.size === 0) void limiter?.close().then(() => process.exit(0));
        return;
      }
      log(`worker ${worker.process.pid} exited (${signal ?? code}); ${uptime < MIN_UPTIME_FOR_RESTART_MS ? 'not restarting' : 'restarting'}`);
      if (uptime >= MIN_UPTIME_FOR_RESTART_MS) fork();
      else if (startedAt.size === 0) process.exit(1);
    });
  };

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.workers; i++) fork();
}

/** What a worker's `/metrics` answers when it is one of several: the whole group's figures. */
export function workerMetricsExposition(config: Config): ((own: AppMetrics) => MetricsExposition) | undefined {
  return cluster.isWorker && config.workers > 1 ? (own) => new WorkerGroupMetrics(own) : undefined;
}

/** The limiter a worker counts with when the primary holds the counters. */
export function workerRateLimiter(config: Config): RateLimiter | undefined {
  return cluster.isWorker && config.workers > 1 && config.redisUrl === undefined ? new ClusterRateLimiter() : undefined;
}
