import cluster from 'node:cluster';
import { pruneAudit } from './access/audit-pruner.js';
import { buildApp } from './app.js';
import { runPrimary, workerMetricsExposition, workerRateLimiter } from './cluster/primary.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { CatalogueService } from './service/catalogue-service.js';
import { readCatalogueDocument } from './store/bundled.js';
import { openStore, type Warn } from './open-store.js';
import { tuneV8ForServing } from './v8-tuning.js';
import { WebhookDelivery } from './webhooks/delivery.js';
import { InsightCounter } from './insights/counter.js';
import { PopularOrder } from './insights/popular-order.js';

/** How often old audit entries are pruned: retention is counted in days, so hourly is plenty. */
const AUDIT_PRUNE_INTERVAL_MS = 3_600_000;
/** How long requests in flight at SIGTERM get to finish before their connections are cut. */
const DRAIN_MS = 8_000;

/** Where warnings go until the app's log exists (and in the primary, which has none). */
const warnOnStderr: Warn = (error, what) => void process.stderr.write(`slotmoji: ${what}: ${String(error)}\n`);

/** The Redis limiter, whose client is likewise loaded only when `REDIS_URL` is set. */
async function connectRedisLimiter(config: Config, url: string) {
  const { RedisRateLimiter } = await import('./ratelimit/redis-limiter.js');
  return RedisRateLimiter.connect({ url, keyPrefix: config.redisKeyPrefix, commandTimeoutMs: config.redisTimeoutMs, limits: config.rateLimit });
}

/** The seats of open change streams in the same Redis, so the cap of streams per client holds across instances. */
async function connectRedisStreamSeats(config: Config, url: string) {
  const { RedisStreamSeats } = await import('./ratelimit/redis-stream-seats.js');
  return RedisStreamSeats.connect({ url, keyPrefix: config.redisKeyPrefix, commandTimeoutMs: config.redisTimeoutMs });
}

tuneV8ForServing();

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`slotmoji: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) {
    // Prepare the database once, before the workers race to; then supervise them. One job, then closed:
    // no checkpoint thread for it, as for the commands.
    const store = await openStore(config, warnOnStderr, 'command');
    await CatalogueService.prepare(store, () => readCatalogueDocument(), new Date().toISOString());
    await store.close();
    await runPrimary(config, (line) => void process.stderr.write(`slotmoji: ${line}\n`));
    return;
  }
  // Background trouble (a lost database connection, a failed catch-up) goes to the app's log once there is one.
  let warn = warnOnStderr;
  const store = await openStore(config, (error, what) => warn(error, what));
  const catalogue = await CatalogueService.open(store, () => readCatalogueDocument(), undefined, (error, what) => warn(error, what));
  const rateLimiter = config.redisUrl === undefined ? workerRateLimiter(config) : await connectRedisLimiter(config, config.redisUrl);
  const streamSeats = config.redisUrl === undefined ? undefined : await connectRedisStreamSeats(config, config.redisUrl);
  let warnInsights = (details: Record<string, unknown>, what: string) => warnOnStderr(details['err'], what);
  const insights = config.insights.enabled
    ? new InsightCounter({ store: store.insights, retentionDays: config.insights.retentionDays, warn: (details, what) => warnInsights(details, what) })
    : undefined;
  await insights?.start();
  const popular = config.insights.enabled ? new PopularOrder({ store: store.insights, warn: (details, what) => warnInsights(details, what) }) : undefined;
  await popular?.start();
  // Payloads carry absolute slot URLs: the public origin, or this server's own address.
  const webhookBase = config.publicBaseUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const delivery = new WebhookDelivery({
    store,
    baseUrl: webhookBase,
    allowPrivate: config.webhookAllowPrivate,
    onTrouble: (error) => warn(error, 'webhook delivery failed; retrying'),
  });
  let auditPruned = 0;
  const tallies = { deliveries: () => delivery.outcomes, auditPruned: () => auditPruned };
  const app = await buildApp({
    config,
    catalogue,
    rateLimiter,
    ...(streamSeats === undefined ? {} : { streamSeats }),
    ...(insights === undefined ? {} : { insights }),
    ...(popular === undefined ? {} : { popular }),
    metricsExposition: workerMetricsExposition(config),
    tallies,
  });
  warn = (error, what) => app.log.warn({ err: error }, what);
  warnInsights = (details, what) => app.log.warn(details, what);
  // Old audit entries go in short batches once an hour (and once at start); every instance may do it, harmlessly.
  const prune = () =>
    pruneAudit(store.access, config.auditRetentionDays, Date.now()).then(
      (deleted) => {
        auditPruned += deleted;
        if (deleted > 0) app.log.info({ deleted }, 'pruned old audit entries');
      },
      (error: unknown) => app.log.warn({ err: error }, 'pruning the audit failed; trying again in an hour'),
    );
  const pruning = setInterval(() => void prune(), AUDIT_PRUNE_INTERVAL_MS).unref();
  void prune();
  catalogue.onAdvance(() => delivery.changed());
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    clearInterval(pruning);
    // A client stuck mid-request would otherwise hold the server open (the slow-client timeouts stop with listening).
    const cut = setTimeout(() => {
      app.log.warn({ drainMs: DRAIN_MS }, 'shutting down: cutting connections still open');
      app.server.closeAllConnections();
    }, DRAIN_MS);
    await Promise.all([app.close(), delivery.stop()]);
    clearTimeout(cut);
    // After the last answer was counted, before the store closes.
    await insights?.stop();
    popular?.stop();
    // After the app, whose streams gave their seats back as they ended; any left go now.
    await Promise.all([rateLimiter?.close(), streamSeats?.close()]);
    await store.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  delivery.start();
  app.log.info({ slots: catalogue.current.size }, 'catalogue loaded');
}

main().catch((error: unknown) => {
  process.stderr.write(`slotmoji: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
