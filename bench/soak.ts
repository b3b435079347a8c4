/**
 * The soak of issue 8: the built server (`dist/server.js`) under a steady mix of every public route
 * for SOAK_SECONDS (default 300), from thousands of simulated clients named in X-Forwarded-For
 * (TRUST_PROXY on), with rate limits low enough that a few heavy clients are refused on purpose.
 * Reports throughput, status counts, errors (any status but the expected one or an intended 429,
 * and any failed request), p50/p99 latency, and the server's resident memory after warm-up and at
 * the end. Exits non-zero on any error or on 10% memory growth or more. Loopback only; the server
 * and its temporary database go when it ends, however it ends.
 *
 * Run with `npm run soak` (builds first). Knobs: SOAK_SECONDS, SOAK_WARMUP_SECONDS (default half
 * the run, 10-60 s), SOAK_CONNECTIONS (32), SOAK_CLIENTS (5000).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, type Reply } from './load/http-client.js';
import { LatencyHistogram } from './load/latency-histogram.js';
import { killAll, memoryOf, spawnPinned, type PinnedProcess } from './servers/processes.js';
import { freePort } from './servers/slotmoji-server.js';
import { seededRandom } from './load/seeded-random.js';
import { clientAddresses, requestMix, type CatalogueFacts, type SoakRequest } from './load/soak-mix.js';

const SERVER_ENTRY = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const HOST = '127.0.0.1';
const ADMIN_TOKEN = 'soak-admin-token-0123456789';
/** Ordinary clients stay well under these at any throughput this machine reaches; the heavy ones do not. */
const LIMITS = { RATE_LIMIT_PER_MINUTE: '120', RATE_LIMIT_PER_HOUR: '10000', RATE_LIMIT_PER_DAY: '100000' };
const HEAVY_CLIENTS = 10;
/** The share of requests the heavy clients send. */
const HEAVY_SHARE = 0.05;
/** The address the set-up requests come from, apart from every simulated client. */
const SETUP_CLIENT = '192.0.2.1';
const REQUEST_TIMEOUT_MS = 10_000;
const READY_TIMEOUT_MS = 60_000;
const MAX_GROWTH = 0.1;
const SEED = 8;

interface SoakOptions {
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly clients: number;
}

function whole(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
  return value;
}

function soakOptions(): SoakOptions {
  const seconds = whole('SOAK_SECONDS', 300, 20);
  // The server's memory settles within about half a minute of full load (JIT, heap sizing, caches filling).
  const warmupSeconds = whole('SOAK_WARMUP_SECONDS', Math.min(60, Math.max(10, Math.round(seconds / 2))), 0);
  if (warmupSeconds >= seconds - 10) throw new Error(`SOAK_WARMUP_SECONDS must leave at least 10 measured seconds of SOAK_SECONDS=${seconds}`);
  return { seconds, warmupSeconds, connections: whole('SOAK_CONNECTIONS', 32, 1), clients: whole('SOAK_CLIENTS', 5000, 1) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(databasePath: string): Promise<{ url: string; server: PinnedProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    PORT: String(port),
    HOST,
    DATABASE_URL: `sqlite://${databasePath}`,
    TRUST_PROXY: 'true',
    ADMIN_TOKEN,
    LOG_LEVEL: 'warn',
    ...LIMITS,
  };
  const server = spawnPinned(`0-${cpus().length - 1}`, process.execPath, [SERVER_ENTRY], env);
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (!server.running()) throw new Error(`the server exited before it was ready: ${server.output()}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready within ${READY_TIMEOUT_MS} ms: ${server.output()}`);
    const ready = await call(`${url}/readyz`, { timeoutMs: 2_000 }).catch(() => undefined);
    if (ready?.status === 200) return { url, server };
    await pause(100);
  }
}

async function getJson<T>(url: string): Promise<T> {
  const reply = await call(url, { headers: { 'x-forwarded-for': SETUP_CLIENT }, timeoutMs: REQUEST_TIMEOUT_MS });
  if (reply.status !== 200) throw new Error(`set-up request ${url} answered ${reply.status}`);
  return JSON.parse(reply.body.toString()) as T;
}

/** Ids, slugs, providers and used emojis of the catalogue the server holds. */
async function catalogueFacts(url: string): Promise<CatalogueFacts> {
  const slots: { id: string; slug: string; provider: string }[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await getJson<{ slots: { id: string; slug: string; provider: string }[]; total: number }>(`${url}/api/slots?limit=1000&offset=${offset}`);
    slots.push(...page.slots);
    if (slots.length >= page.total || page.slots.length === 0) break;
  }
  const usage = await getJson<{ emojis: { emoji: string; count: number }[] }>(`${url}/api/emojis`);
  return {
    ids: slots.map((slot) => slot.id),
    slugs: slots.map((slot) => slot.slug),
    providers: [...new Set(slots.map((slot) => slot.provider))],
    emojis: usage.emojis.filter((entry) => entry.count > 0).map((entry) => entry.emoji),
  };
}

interface Tally {
  readonly statuses: Map<number, number>;
  readonly routes: Map<string, { requests: number; errors: number }>;
  readonly latency: LatencyHistogram;
  /** Requests finished after the warm-up. */
  measured: number;
  errors: number;
  readonly errorSamples: string[];
}

function count(tally: Tally, request: SoakRequest, status: number | undefined, problem: string | undefined): void {
  if (status !== undefined) tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  const route = tally.routes.get(request.route) ?? { requests: 0, errors: 0 };
  route.requests += 1;
  tally.routes.set(request.route, route);
  if (problem === undefined) return;
  route.errors += 1;
  tally.errors += 1;
  if (tally.errorSamples.length < 10) tally.errorSamples.push(`${request.method} ${decodeURIComponent(request.path)}: ${problem}`);
}

/** Why an answer is an error, or undefined when it is what the route should give (or an intended 429). */
function problemWith(request: SoakRequest, reply: Reply): string | undefined {
  if (reply.status === request.expected || reply.status === 429) return undefined;
  return `status ${reply.status} (expected ${request.expected}): ${reply.body.toString().slice(0, 200)}`;
}

/** `connections` loops sending the mix back to back until `endsAt`; times only what starts after `measuredFrom`. */
async function drive(url: string, facts: CatalogueFacts, options: SoakOptions, measuredFrom: number, endsAt: number): Promise<Tally> {
  const random = seededRandom(SEED);
  const next = requestMix(facts, random);
  const clients = clientAddresses(options.clients, HEAVY_CLIENTS);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const tally: Tally = { statuses: new Map(), routes: new Map(), latency: new LatencyHistogram(), measured: 0, errors: 0, errorSamples: [] };
  const loop = async () => {
    while (Date.now() < endsAt) {
      const request = next();
      const client = random() < HEAVY_SHARE ? clients.heavy : clients.ordinary;
      const headers: Record<string, string> = { 'x-forwarded-for': client[Math.floor(random() * client.length)] ?? SETUP_CLIENT };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const started = Date.now();
      try {
        const reply = await call(`${url}${request.path}`, { method: request.method, headers, body: request.body, agent, timeoutMs: REQUEST_TIMEOUT_MS });
        count(tally, request, reply.status, problemWith(request, reply));
        if (started >= measuredFrom) {
          tally.measured += 1;
          tally.latency.record(reply.ms);
        }
      } catch (error) {
        count(tally, request, undefined, error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  agent.destroy();
  return tally;
}

interface RssSample {
  readonly at: number;
  readonly mb: number;
}

/** Resident memory of `pid` once a second until stopped. */
function sampleRss(pid: number): { samples: RssSample[]; stop(): void } {
  const samples: RssSample[] = [];
  const take = () => {
    try {
      samples.push({ at: Date.now(), mb: memoryOf(pid).rssMb });
    } catch {
      // The process is gone; the run reports that.
    }
  };
  take();
  const timer = setInterval(take, 1000);
  return { samples, stop: () => clearInterval(timer) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median RSS over the samples in [from, to). */
function rssBetween(samples: readonly RssSample[], from: number, to: number): number {
  const inside = samples.filter((sample) => sample.at >= from && sample.at < to).map((sample) => sample.mb);
  if (inside.length === 0) throw new Error('no memory sample in the window');
  return median(inside);
}

/** The median RSS of each tenth of the run, to tell a level that settles from one that keeps rising. */
function rssTrajectory(samples: readonly RssSample[], from: number, to: number): number[] {
  const tenth = (to - from) / 10;
  return Array.from({ length: 10 }, (_, i) => rssBetween(samples, from + i * tenth, from + (i + 1) * tenth));
}

/** The sum of a counter of the server's own metrics over all its labels. */
function counterTotal(text: string, name: string): number {
  const lines = text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'));
  return Array.from(lines, ([, value]) => Number(value)).reduce((sum, value) => sum + value, 0);
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(options: SoakOptions, dir: string): Promise<number> {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run "npm run build" first (npm run soak does)`);
  let server: PinnedProcess | undefined;
  try {
    const started = await startServer(join(dir, 'soak.db'));
    server = started.server;
    const facts = await catalogueFacts(started.url);
    console.log(
      `soak: ${options.seconds} s (${options.warmupSeconds} s warm-up) against ${started.url}, ${options.connections} connections, ` +
        `${fmt(options.clients)} clients + ${HEAVY_CLIENTS} heavy ones (${HEAVY_SHARE * 100}% of requests), ` +
        `limits ${LIMITS.RATE_LIMIT_PER_MINUTE}/min ${LIMITS.RATE_LIMIT_PER_HOUR}/h ${LIMITS.RATE_LIMIT_PER_DAY}/day, ` +
        `${fmt(facts.ids.length)} slots, ${facts.emojis.length} emojis in use`,
    );
    const begin = Date.now();
    const warmupEnd = begin + options.warmupSeconds * 1000;
    const end = begin + options.seconds * 1000;
    const rss = sampleRss(server.pid);
    const tally = await drive(started.url, facts, options, warmupEnd, end);
    const finished = Date.now();
    rss.stop();
    const alive = server.running();
    const scrape = alive ? await call(`${started.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }) : undefined;
    const metrics = scrape?.body.toString() ?? '';
    const peakMb = alive ? memoryOf(server.pid).peakRssMb : Number.NaN;

    const window = Math.max(3_000, (end - warmupEnd) / 10);
    const startMb = rssBetween(rss.samples, warmupEnd, warmupEnd + window);
    const endMb = rssBetween(rss.samples, end - window, end + 1);
    const growth = (endMb - startMb) / startMb;
    const measuredSeconds = (finished - warmupEnd) / 1000;
    const total = [...tally.statuses.values()].reduce((sum, n) => sum + n, 0);
    const rejected = tally.statuses.get(429) ?? 0;
    const serverRejections = counterTotal(metrics, 'rate_limit_rejections_total');

    console.log(`requests: ${fmt(total)} answered, ${fmt(tally.errors)} errors`);
    console.log(`throughput after warm-up: ${fmt(tally.measured / measuredSeconds)} requests/s over ${fmt(measuredSeconds, 1)} s`);
    console.log(`latency after warm-up: p50 ${fmt(tally.latency.percentile(0.5), 2)} ms, p99 ${fmt(tally.latency.percentile(0.99), 2)} ms, max ${fmt(tally.latency.maxMs, 2)} ms`);
    console.log(`statuses: ${[...tally.statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${fmt(n)}`).join(', ')}`);
    console.log(`intended 429s: ${fmt(rejected)} (${fmt((100 * rejected) / Math.max(1, total), 1)}%); the server counted ${fmt(serverRejections)}`);
    console.log('per route (requests, errors):');
    for (const [route, figures] of [...tally.routes.entries()].sort()) console.log(`  ${route}: ${fmt(figures.requests)}, ${figures.errors}`);
    console.log(`server RSS: ${fmt(startMb, 1)} MiB after warm-up, ${fmt(endMb, 1)} MiB at the end (${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)}%), peak ${fmt(peakMb, 1)} MiB`);
    console.log(`server RSS along the run (MiB, tenths): ${rssTrajectory(rss.samples, begin, end).map((mb) => fmt(mb)).join(' → ')}`);
    for (const sample of tally.errorSamples) console.log(`error: ${sample}`);
    const failures = [
      ...(alive ? [] : [`the server exited during the soak: ${server.output().slice(-2000)}`]),
      ...(tally.errors > 0 ? [`${tally.errors} errors`] : []),
      ...(growth >= MAX_GROWTH ? [`memory grew ${fmt(growth * 100, 1)}%, the limit is ${MAX_GROWTH * 100}%`] : []),
    ];
    console.log(failures.length === 0 ? 'soak: PASS' : `soak: FAIL: ${failures.join('; ')}`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    await server?.stop();
  }
}

const options = soakOptions();
const dir = mkdtempSync(join(tmpdir(), 'slotmoji-soak-'));
/** Ends the server and removes the database, whatever ended the run. */
const finish = (code: number): never => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
};
// A bound on the whole run, past which it gives up rather than hang.
setTimeout(() => {
  console.error('soak: gave up: the run overran its time budget');
  finish(2);
}, (options.seconds + 180) * 1000).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => finish(130));

main(options, dir).then(finish, (error: unknown) => {
  console.error(`soak: failed: ${error instanceof Error ? error.message : String(error)}`);
  finish(1);
});
