/**
 * Following the catalogue from outside (issue 37), measured on built servers over loopback:
 *   1. 1,000 change streams open on one instance: memory per stream, and the time from a write's
 *      answer to its event on every stream, side by side with the same write reaching the snapshot
 *      of a second instance on the same SQLite file;
 *   2. the feed's `limit=1000` page with 100,000 changes in the log, against a 1,000-slot page of
 *      `GET /api/slots`, alternating;
 *   3. a burst of 1,000 writes with one webhook endpoint (all delivered, in order) against the same
 *      burst without one, alternating, fresh database each run.
 * Run with `npm run bench:changes` (builds first); prints a Markdown section and puts it into bench/RESULTS.md.
 * `CHANGES_SECTIONS=feed,webhooks` measures only the named sections (streams, feed, webhooks) and
 * leaves RESULTS.md alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { call, type Reply } from './load/http-client.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';
import { processCpuSeconds } from './measure/cpu.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { CHANGES_HEADING, writeSection } from './report/results-sections.js';
import { killAll, memoryOf, spawnPinned, type PinnedProcess } from './servers/processes.js';
import { ADMIN_TOKEN, freePort, importBody, importCatalogue } from './servers/slotmoji-server.js';

const STREAMS = Number(process.env['CHANGES_STREAMS'] ?? 1_000);
const STREAM_WRITES = 50;
const FEED_CHANGES = 100_000;
const FEED_REQUESTS = 200;
const BURST = 1_000;
const BURST_ROUNDS = Number(process.env['CHANGES_BURST_ROUNDS'] ?? 2);
const SECTIONS = new Set((process.env['CHANGES_SECTIONS'] ?? 'streams,feed,webhooks').split(','));
const EVERY_SECTION = SECTIONS.size === 3;
const RESULTS_PATH = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

const now = () => Number(process.hrtime.bigint()) / 1e6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: readonly number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Instance {
  readonly url: string;
  readonly process: PinnedProcess;
}

async function startInstance(databasePath: string, env: Readonly<Record<string, string>> = {}): Promise<Instance> {
  const port = await freePort();
  const child = spawnPinned('0-1', process.execPath, ['dist/server.js'], {
    PATH: process.env['PATH'],
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite://${databasePath}`,
    ADMIN_TOKEN,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_PER_HOUR: '1000000000',
    RATE_LIMIT_PER_DAY: '1000000000',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!child.running()) throw new Error(`the server exited: ${child.output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer: ${child.output()}`);
    try {
      if ((await call(`${url}/healthz`, { timeoutMs: 2_000 })).status === 200) return { url, process: child };
    } catch {
      await pause(50);
    }
  }
}

function json<T>(reply: Reply): T {
  if (reply.status >= 300) throw new Error(`answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
  return JSON.parse(reply.body.toString()) as T;
}

let slotNumber = 0;
function slotBody(): string {
  slotNumber++;
  return JSON.stringify({
    name: `Bench Follow ${slotNumber}`,
    provider: 'Bench Games',
    rtp: 96.1,
    volatility: 'High',
    maxWin: 5000,
    hasBonusBuy: false,
    emojiTags: ['🍒', '💎'],
    theme: ['fruit'],
    features: ['free spins'],
    description: 'A slot written by the benchmark.',
    review: 'Written to be followed.',
    rating: 4.1,
    pros: ['fast'],
    cons: ['made up'],
  });
}

async function createSlot(url: string): Promise<{ id: string; ms: number }> {
  const reply = await call(`${url}/api/admin/slots`, { method: 'POST', headers: AUTH, body: slotBody() });
  return { id: json<{ id: string }>(reply).id, ms: reply.ms };
}

/** Opens `count` streams on `url`, each as another client (TRUST_PROXY=true), and tells when every one has an event of a sequence. */
async function openStreams(url: string, count: number): Promise<{ arrivals: Map<number, { count: number; last: number }>; close(): void }> {
  const arrivals = new Map<number, { count: number; last: number }>();
  const responses: IncomingMessage[] = [];
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      new Promise<void>((resolve, reject) => {
        const forwarded = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
        const req = request(`${url}/api/changes/stream`, { agent: false, headers: { accept: 'text/event-stream', 'x-forwarded-for': forwarded } }, (response) => {
          if (response.statusCode !== 200) return reject(new Error(`stream ${index}: ${response.statusCode}`));
          responses.push(response);
          response.setEncoding('utf8');
          let opened = false;
          response.on('data', (chunk: string) => {
            if (!opened) {
              opened = true;
              resolve();
            }
            for (const match of chunk.matchAll(/^id: (\d+)$/gm)) {
              const sequence = Number(match[1]);
              const seen = arrivals.get(sequence) ?? { count: 0, last: 0 };
              arrivals.set(sequence, { count: seen.count + 1, last: now() });
            }
          });
        });
        req.on('error', reject);
        req.end();
      }),
    ),
  );
  return { arrivals, close: () => responses.forEach((response) => response.destroy()) };
}

async function streamsSection(dir: string): Promise<string[]> {
  const path = join(dir, 'streams.db');
  const a = await startInstance(path, { TRUST_PROXY: 'true' });
  const b = await startInstance(path);
  try {
    await pause(1_000);
    const before = memoryOf(a.process.pid).rssMb;
    const streams = await openStreams(a.url, STREAMS);
    await pause(2_000);
    const after = memoryOf(a.process.pid).rssMb;
    const toStreams: number[] = [];
    const toOther: number[] = [];
    for (let i = 0; i < STREAM_WRITES; i++) {
      const written = await createSlot(a.url);
      const answered = now();
      const { latest } = json<{ latest: number }>(await call(`${a.url}/api/changes?after=0&limit=1`));
      // The same write on the other instance: polled every 2 ms from the answer on.
      let reachedOther = Number.NaN;
      const polling = (async () => {
        for (;;) {
          if ((await call(`${b.url}/api/slots/${written.id}`)).status === 200) {
            reachedOther = now() - answered;
            return;
          }
          await pause(2);
        }
      })();
      for (;;) {
        const seen = streams.arrivals.get(latest);
        if (seen !== undefined && seen.count >= STREAMS) {
          toStreams.push(seen.last - answered);
          break;
        }
        if (now() - answered > 30_000) throw new Error(`write ${i}: ${seen?.count ?? 0} of ${STREAMS} streams got it within 30 s`);
        await pause(1);
      }
      await polling;
      toOther.push(reachedOther);
      await pause(50);
    }
    streams.close();
    return [
      `### ${STREAMS} open streams on one instance`,
      '',
      `Resident memory of the instance: ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB with the streams open: ` +
        `${(((after - before) * 1024) / STREAMS).toFixed(1)} KiB per stream (sockets and buffers included).`,
      '',
      `${STREAM_WRITES} one-slot writes on that instance, each timed from its answer (the change-feed lookup of its sequence included, about a millisecond):`,
      '',
      '| from the write\'s answer to | median | p99 |',
      '|---|---|---|',
      `| its event on all ${STREAMS} streams | ${ms(median(toStreams))} | ${ms(percentile(toStreams, 99))} |`,
      `| the other instance's snapshot (same SQLite file, polled every 2 ms) | ${ms(median(toOther))} | ${ms(percentile(toOther, 99))} |`,
      '',
    ];
  } finally {
    await Promise.all([a.process.stop(), b.process.stop()]);
  }
}

/** A change log of FEED_CHANGES one-slot writes, put into the database file directly (as a restored backup would hold it). */
function fillChangeLog(path: string): void {
  const db = new Database(path);
  try {
    const template = JSON.parse(slotBody()) as Record<string, unknown>;
    const latest = (db.prepare("SELECT value FROM meta WHERE key = 'change_seq'").get() as { value: number }).value;
    const insert = db.prepare('INSERT INTO changes (seq, change, time) VALUES (?, ?, ?)');
    db.transaction(() => {
      for (let i = 1; i <= FEED_CHANGES; i++) {
        const record = { ...template, id: (i % 1000) + 1, slug: `bench-follow-${i % 1000}`, name: `Bench Follow ${i}`, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z' };
        insert.run(latest + i, JSON.stringify({ kind: 'slot', record }), new Date(Date.UTC(2030, 0, 1) + i * 1000).toISOString());
      }
      db.prepare("UPDATE meta SET value = ? WHERE key = 'change_seq'").run(latest + FEED_CHANGES);
    })();
  } finally {
    db.close();
  }
}

async function feedSection(dir: string): Promise<string[]> {
  const path = join(dir, 'feed.db');
  const env = { CHANGES_RETENTION: String(FEED_CHANGES * 2) };
  let server = await startInstance(path, env);
  await importCatalogue(server.url, importBody(syntheticCatalogue(1_000, (await readCatalogueDocument()).categories)));
  await server.process.stop();
  fillChangeLog(path);
  server = await startInstance(path, env);
  try {
    const feedUrl = `${server.url}/api/changes?after=${FEED_CHANGES / 2}&limit=1000`;
    const slotsUrl = `${server.url}/api/slots?limit=1000`;
    const check = json<{ changes: unknown[] }>(await call(feedUrl));
    if (check.changes.length !== 1000) throw new Error(`the feed page holds ${check.changes.length} changes`);
    const feed: number[] = [];
    const slots: number[] = [];
    const bytes = { feed: 0, slots: 0 };
    for (let i = 0; i < FEED_REQUESTS; i++) {
      const f = await call(feedUrl);
      const s = await call(slotsUrl);
      feed.push(f.ms);
      slots.push(s.ms);
      bytes.feed = f.body.length;
      bytes.slots = s.body.length;
    }
    // Partners paging through the whole log from 0, each page's `next` the next `after`: the first
    // finds no page answered before it (but the one asked above), the second follows in its steps.
    const walks: { feed: number[]; slots: number[] }[] = [];
    for (let walk = 0; walk < 2; walk++) {
      const times = { feed: [] as number[], slots: [] as number[] };
      let after = 0;
      for (;;) {
        const reply = await call(`${server.url}/api/changes?after=${after}&limit=1000`);
        const page = json<{ changes: unknown[]; next: number; latest: number }>(reply);
        if (page.changes.length < 1000) break;
        times.feed.push(reply.ms);
        times.slots.push((await call(slotsUrl)).ms);
        after = page.next;
      }
      walks.push(times);
    }
    const walkRow = (name: string, times: { feed: number[]; slots: number[] }) =>
      `| ${name} (${times.feed.length} full pages) | ${ms(median(times.feed))} | ${ms(percentile(times.feed, 99))} | ${ms(median(times.slots))} | ${(median(times.feed) / median(times.slots)).toFixed(2)} |`;
    return [
      `### The feed's page at ${FEED_CHANGES.toLocaleString('en')} changes`,
      '',
      `${FEED_REQUESTS} requests of each, alternating, one at a time, a fresh connection each (time to the last byte):`,
      '',
      '| request | median | p99 | body |',
      '|---|---|---|---|',
      `| \`GET /api/changes?after=${FEED_CHANGES / 2}&limit=1000\` | ${ms(median(feed))} | ${ms(percentile(feed, 99))} | ${(bytes.feed / 1024).toFixed(0)} KiB |`,
      `| \`GET /api/slots?limit=1000\` | ${ms(median(slots))} | ${ms(percentile(slots, 99))} | ${(bytes.slots / 1024).toFixed(0)} KiB |`,
      '',
      `Feed median / slots median: ${(median(feed) / median(slots)).toFixed(2)}.`,
      '',
      'Distinct `after` values: a partner paging through the whole log from `after=0` by each page\'s `next`, ' +
        'each page followed by a 1,000-slot page of `GET /api/slots`; then a second partner doing the same:',
      '',
      '| walk | feed median | feed p99 | slots median | feed / slots |',
      '|---|---|---|---|---|',
      walkRow('first partner, pages not asked before', walks[0] as { feed: number[]; slots: number[] }),
      walkRow('second partner, the same pages', walks[1] as { feed: number[]; slots: number[] }),
      '',
    ];
  } finally {
    await server.process.stop();
  }
}

/** Where the receiver runs: a process of its own (the default), or this one's event loop (`CHANGES_RECEIVER=inline`), as the bench first had it. */
const RECEIVER_INLINE = process.env['CHANGES_RECEIVER'] === 'inline';

interface Receiver {
  readonly url: string;
  /** The `webhook-id`s received so far, in arrival order. */
  ids(): Promise<readonly string[]>;
  close(): Promise<void>;
}

/** A webhook receiver on loopback: answers 200 at once and keeps the ids in arrival order. */
async function startReceiver(): Promise<Receiver> {
  if (!RECEIVER_INLINE) {
    const child = spawnPinned('0-1', process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./servers/webhook-receiver.ts', import.meta.url))]);
    const deadline = Date.now() + 30_000;
    while (!/^\d+\n/.test(child.output())) {
      if (!child.running() || Date.now() > deadline) throw new Error(`the receiver did not start: ${child.output()}`);
      await pause(20);
    }
    const base = `http://127.0.0.1:${child.output().trim()}`;
    return { url: `${base}/hooks`, ids: async () => json<string[]>(await call(base)), close: () => child.stop() };
  }
  const ids: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['webhook-id']));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids: async () => ids, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface BurstRun {
  readonly writesMs: number;
  /** CPU seconds the server used during the writes: less noisy than their wall time on a shared machine. */
  readonly writesCpuS: number;
  readonly deliveredMs: number;
  readonly inOrder: boolean;
}

async function burst(dir: string, withWebhook: boolean, round: number): Promise<BurstRun> {
  const path = join(dir, `burst-${round}-${withWebhook}.db`);
  const server = await startInstance(path, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  const receiver = await startReceiver();
  try {
    if (withWebhook) {
      json(await call(`${server.url}/api/admin/webhooks`, { method: 'POST', headers: AUTH, body: JSON.stringify({ url: receiver.url, events: ['slot.upserted'] }) }));
    }
    const { latest: first } = json<{ latest: number }>(await call(`${server.url}/api/changes?after=0&limit=1`));
    const started = now();
    const cpuBefore = processCpuSeconds(server.process.pid);
    for (let i = 0; i < BURST; i++) await createSlot(server.url);
    const writesMs = now() - started;
    const writesCpuS = processCpuSeconds(server.process.pid) - cpuBefore;
    if (!withWebhook) return { writesMs, writesCpuS, deliveredMs: Number.NaN, inOrder: true };
    let ids = await receiver.ids();
    while (ids.length < BURST) {
      if (now() - started > 120_000) throw new Error(`${ids.length} of ${BURST} deliveries within 2 minutes`);
      await pause(5);
      ids = await receiver.ids();
    }
    const expected = Array.from({ length: BURST }, (_, index) => `msg_${first + index + 1}`);
    return { writesMs, writesCpuS, deliveredMs: now() - started, inOrder: ids.join() === expected.join() };
  } finally {
    await receiver.close();
    await server.process.stop();
  }
}

async function webhookSection(dir: string): Promise<string[]> {
  const without: BurstRun[] = [];
  const withHooks: BurstRun[] = [];
  for (let round = 0; round < BURST_ROUNDS; round++) {
    without.push(await burst(dir, false, round));
    withHooks.push(await burst(dir, true, round));
  }
  const seconds = (values: readonly number[]) => values.map((value) => `${(value / 1000).toFixed(2)} s`).join(', ');
  const wall = (runs: readonly BurstRun[]) => runs.map((run) => run.writesMs);
  const cpu = (runs: readonly BurstRun[]) => runs.map((run) => run.writesCpuS);
  const cpuCell = (runs: readonly BurstRun[]) => `${cpu(runs).map((value) => value.toFixed(2)).join(', ')} (median ${median(cpu(runs)).toFixed(2)})`;
  return [
    `### A burst of ${BURST.toLocaleString('en')} one-slot writes with one webhook endpoint`,
    '',
    `${BURST_ROUNDS} rounds, alternating, each on a fresh SQLite database; writes one after another over HTTP; ` +
      `the receiver ${RECEIVER_INLINE ? 'in this process\'s event loop (CHANGES_RECEIVER=inline)' : 'a process of its own'}, answering 200 at once.`,
    '',
    '| run | writes\' own time (each round) | median | server CPU s during the writes | all delivered after the first write | in order |',
    '|---|---|---|---|---|---|',
    `| without webhooks | ${seconds(wall(without))} | ${(median(wall(without)) / 1000).toFixed(2)} s | ${cpuCell(without)} | | |`,
    `| one endpoint | ${seconds(wall(withHooks))} | ${(median(wall(withHooks)) / 1000).toFixed(2)} s | ${cpuCell(withHooks)} | ${seconds(withHooks.map((run) => run.deliveredMs))} | ${withHooks.every((run) => run.inOrder) ? 'yes' : 'NO'} |`,
    '',
    `With webhooks / without (medians): ${(median(wall(withHooks)) / median(wall(without))).toFixed(3)} (target: at most 1.10); ` +
      `server CPU during the writes, with / without: ${(median(cpu(withHooks)) / median(cpu(without))).toFixed(3)}.`,
    '',
  ];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-changes-'));
  const timer = setTimeout(() => {
    process.stderr.write('bench:changes: gave up after 20 minutes\n');
    killAll();
    process.exit(1);
  }, 20 * 60_000);
  try {
    const machine = describeMachine();
    const lines = [
      CHANGES_HEADING,
      '',
      `\`npm run bench:changes\`, ${new Date().toISOString().slice(0, 10)}, ${machine.cpuCount} × ${machine.cpuModel}, Node ${machine.node}, ` +
        `load average at the start ${loadAverage()}. Servers built (\`dist/server.js\`), pinned to cores 0-1, on SQLite; the load from this process.`,
      '',
      ...(SECTIONS.has('streams') ? await streamsSection(dir) : []),
      ...(SECTIONS.has('feed') ? await feedSection(dir) : []),
      ...(SECTIONS.has('webhooks') ? await webhookSection(dir) : []),
    ];
    const section = lines.join('\n');
    process.stdout.write(`${section}\n`);
    if (EVERY_SECTION) writeSection(RESULTS_PATH, CHANGES_HEADING, section);
  } finally {
    clearTimeout(timer);
    killAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:changes failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  killAll();
  process.exit(1);
});
