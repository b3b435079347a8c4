import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent } from 'node:http';
import pg from 'pg';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { PostgresStore } from '../src/store/postgres.js';
import { call, type Reply } from './load/http-client.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { spawnPinned, type PinnedProcess } from './servers/processes.js';
import { FOLLOW_HEADING, writeSection } from './report/results-sections.js';
import { ADMIN_TOKEN, freePort } from './servers/slotmoji-server.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';

/**
 * Two instances on one PostgreSQL database (and one Redis), 100,000 slots: how fast and how cheaply
 * the second follows the first's writes. Figures against the targets of issue 17:
 *   - a one-slot write on A is served by B within 500 ms, costing B at most 100 ms of CPU, with no
 *     read on B waiting longer than 50 ms meanwhile;
 *   - after a burst of 100 one-slot writes on A, both answer alike (stats, the slots written) within
 *     2 s of the last write.
 * Run with `npm run bench:follow` (builds first). Prints a Markdown section and puts it into bench/RESULTS.md.
 */

const SLOTS = Number(process.env['FOLLOW_SLOTS'] ?? 100_000);
const SINGLE_WRITES = 5;
const BURST = 100;
/** CPU of B is measured over this window after each write, and over as long a quiet one before it. */
const WINDOW_MS = 1_000;
/** One read on B every this many ms, throughout. */
const TRICKLE_MS = 5;
const POLL_MS = 5;
const TICKS_PER_SECOND = 100;
const MAINTENANCE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const AUTH = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };

const now = () => Number(process.hrtime.bigint()) / 1e6;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds `pid` has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function maintenance(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: MAINTENANCE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

interface Instance {
  readonly name: string;
  readonly url: string;
  readonly process: PinnedProcess;
}

async function startInstance(name: string, databaseUrl: string, redisPrefix: string): Promise<Instance> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: redisPrefix,
    ADMIN_TOKEN,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    RATE_LIMIT_PER_HOUR: '1000000000',
    RATE_LIMIT_PER_DAY: '1000000000',
    LOG_LEVEL: 'warn',
  };
  const child = spawnPinned('0-1', process.execPath, ['dist/server.js'], env);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!child.running()) throw new Error(`${name} exited: ${child.output()}`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer: ${child.output()}`);
    try {
      if ((await call(`${url}/api/emojis/stats`, { timeoutMs: 5_000 })).status === 200) return { name, url, process: child };
    } catch {
      await pause(50);
    }
  }
}

/** A steady trickle of reads on `url`, each timed; `stop` ends it and returns every read's span. */
function trickle(url: string, slug: string): { stop(): Promise<{ start: number; end: number }[]> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const spans: { start: number; end: number }[] = [];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const start = now();
    const read = call(`${url}/api/slots/${slug}`, { agent }).then(
      () => void spans.push({ start, end: now() }),
      () => void spans.push({ start, end: Number.POSITIVE_INFINITY }),
    );
    pending.add(read);
    void read.finally(() => pending.delete(read));
  }, TRICKLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
      return spans;
    },
  };
}

/** A slot's answer without its `url`, which names the instance asked. */
const withoutUrl = (reply: Reply) => reply.body.toString().replace(/"url":"[^"]*",?/, '');

const longestRead = (spans: readonly { start: number; end: number }[], from: number, to: number) =>
  Math.max(0, ...spans.filter((span) => span.start < to && span.end > from).map((span) => span.end - span.start));

function json<T>(reply: Reply): T {
  if (reply.status >= 300) throw new Error(`answered ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
  return JSON.parse(reply.body.toString()) as T;
}

/** The editable fields of a public slot, so it can be written back changed. */
function fieldsOf(slot: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, url: _url, createdAt: _created, updatedAt: _updated, ...fields } = slot;
  return fields;
}

async function put(instance: Instance, id: number, fields: Record<string, unknown>): Promise<Reply> {
  const reply = await call(`${instance.url}/api/admin/slots/${id}`, { method: 'PUT', headers: AUTH, body: JSON.stringify(fields) });
  if (reply.status !== 200) throw new Error(`PUT ${id} on ${instance.name}: ${reply.status} ${reply.body.toString().slice(0, 300)}`);
  return reply;
}

interface SingleWrite {
  readonly servedMs: number;
  readonly longestReadMs: number;
  readonly quietLongestReadMs: number;
  /** B's CPU over a window in which it followed one write and answered nothing else. */
  readonly cpuMs: number;
  /** B's CPU over as long a window, idle. */
  readonly idleCpuMs: number;
}

/**
 * Two writes of one slot on A. The first with reads trickling on B: how soon B serves it, and how long
 * its reads wait meanwhile. The second with B left alone: what following it costs B's CPU.
 */
async function singleWrite(a: Instance, b: Instance, id: number, round: number): Promise<SingleWrite> {
  const slot = json<Record<string, unknown>>(await call(`${b.url}/api/slots/${id}`));
  const reads = trickle(b.url, String(slot['slug']));
  const quietStart = now();
  await pause(WINDOW_MS / 2);
  const quietEnd = now();
  const description = `follow bench write ${round} ${randomBytes(4).toString('hex')}`;
  const started = now();
  await put(a, id, { ...fieldsOf(slot), description });
  let served: number | undefined;
  while (served === undefined) {
    if (now() > started + 30_000) throw new Error(`B did not serve write ${round} within 30 s`);
    const seen = json<{ description: string }>(await call(`${b.url}/api/slots/${id}`));
    if (seen.description === description) served = now();
    else await pause(POLL_MS);
  }
  const spans = await reads.stop();

  await pause(WINDOW_MS / 2);
  const idleBefore = cpuSeconds(b.process.pid);
  await pause(WINDOW_MS);
  const idleCpuMs = (cpuSeconds(b.process.pid) - idleBefore) * 1000;
  const cpuBefore = cpuSeconds(b.process.pid);
  const costed = `${description} again`;
  await put(a, id, { ...fieldsOf(slot), description: costed });
  await pause(WINDOW_MS);
  const cpuMs = (cpuSeconds(b.process.pid) - cpuBefore) * 1000;
  const seen = json<{ description: string }>(await call(`${b.url}/api/slots/${id}`));
  if (seen.description !== costed) throw new Error(`B had not followed write ${round} within ${WINDOW_MS} ms`);
  return {
    servedMs: served - started,
    longestReadMs: longestRead(spans, started, served),
    quietLongestReadMs: longestRead(spans, quietStart, quietEnd),
    cpuMs,
    idleCpuMs,
  };
}

interface Burst {
  readonly writeSeconds: number;
  readonly convergedMs: number;
  readonly cpuMs: number;
  readonly longestReadMs: number;
  readonly identical: boolean;
}

async function burst(a: Instance, b: Instance, ids: readonly number[], emojis: readonly string[]): Promise<Burst> {
  const slots = await Promise.all(ids.map(async (id) => json<Record<string, unknown>>(await call(`${a.url}/api/slots/${id}`))));
  const reads = trickle(b.url, String(slots[0]?.['slug']));
  const cpuBefore = cpuSeconds(b.process.pid);
  const started = now();
  // Every write changes a slot's emojis too, so the stats move with each.
  await Promise.all(
    slots.map((slot, index) =>
      put(a, Number(slot['id']), { ...fieldsOf(slot), emojiTags: [emojis[index % emojis.length], emojis[(index * 7 + 3) % emojis.length]], description: `burst ${index}` }),
    ),
  );
  const lastWrite = now();
  // The stats first (one request each); the slots only once those agree, so polling costs B little.
  const same = async () => {
    const [statsA, statsB] = await Promise.all([call(`${a.url}/api/emojis/stats`), call(`${b.url}/api/emojis/stats`)]);
    if (statsA.body.toString() !== statsB.body.toString()) return false;
    for (const id of ids) {
      const [onA, onB] = await Promise.all([call(`${a.url}/api/slots/${id}`), call(`${b.url}/api/slots/${id}`)]);
      if (withoutUrl(onA) !== withoutUrl(onB)) return false;
    }
    return true;
  };
  const deadline = lastWrite + 30_000;
  while (!(await same())) {
    if (now() > deadline) throw new Error('B did not answer as A within 30 s of the burst');
    await pause(POLL_MS);
  }
  const converged = now();
  const cpuMs = (cpuSeconds(b.process.pid) - cpuBefore) * 1000;
  const spans = await reads.stop();
  // Everything, not only what the burst wrote: the full exports must match.
  const exportOf = async (instance: Instance) =>
    (await call(`${instance.url}/api/admin/catalogue`, { headers: AUTH, timeoutMs: 120_000 })).body.toString().replace(/"url":"[^"]*",?/g, '');
  const identical = (await exportOf(a)) === (await exportOf(b));
  return {
    writeSeconds: (lastWrite - started) / 1000,
    convergedMs: converged - lastWrite,
    cpuMs,
    longestReadMs: longestRead(spans, started, converged),
    identical,
  };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function main(): Promise<void> {
  // Read before anything runs: the code measured is what was built at this moment.
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  const dirty = execSync('git status --porcelain -- src bench').toString().trim() === '' ? '' : ' (with uncommitted changes)';
  const database = `slotmoji_bench_follow_${randomBytes(4).toString('hex')}`;
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
  const redisPrefix = `bench-follow-${randomBytes(4).toString('hex')}`;
  await maintenance(`CREATE DATABASE ${database}`);
  const instances: Instance[] = [];
  try {
    const bundled = await readCatalogueDocument();
    const seeding = new PostgresStore(databaseUrl);
    await seeding.migrate();
    const document = syntheticCatalogue(SLOTS, bundled.categories);
    await seeding.seed(document.slots, document.categories, new Date().toISOString());
    await seeding.close();

    const a = await startInstance('A', databaseUrl, redisPrefix);
    const b = await startInstance('B', databaseUrl, redisPrefix);
    instances.push(a, b);
    await pause(2_000);
    const load = loadAverage();

    const singles: SingleWrite[] = [];
    for (let round = 0; round < SINGLE_WRITES; round++) singles.push(await singleWrite(a, b, 1 + Math.floor((round * SLOTS) / SINGLE_WRITES), round));
    const emojis = [...new Set(Object.values(bundled.categories).flat())];
    const ids = Array.from({ length: BURST }, (_, index) => 1 + Math.floor(SLOTS / 2) + index * Math.floor(SLOTS / (4 * BURST)));
    const burstResult = await burst(a, b, ids, emojis);
    const loadAfter = loadAverage();

    const machine = describeMachine();
    const lines = [
      FOLLOW_HEADING,
      '',
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}${dirty}, \`npm run bench:follow\`; ${SLOTS.toLocaleString('en')} slots,`,
      `instances A and B each a \`dist/server.js\` on one PostgreSQL database and one Redis; ${machine.cpuCount} × ${machine.cpuModel}, Node ${machine.node}.`,
      `Load average ${load} at the start, ${loadAfter} at the end: other agents were running their tests on this 2-core machine`,
      'meanwhile, so CPU and latency figures carry their noise.',
      '',
      `One-slot \`PUT\` on A, ${SINGLE_WRITES} rounds. Each round writes a slot with a read on B every ${TRICKLE_MS} ms: "served" is from`,
      `sending the write to B first answering the new version (polled every ${POLL_MS} ms), "longest read" the slowest read on B`,
      `overlapping that, next to the slowest in a quiet stretch before. Then it writes the slot again and leaves B alone:`,
      `B's CPU over the ${WINDOW_MS} ms after that write (from /proc, 10 ms ticks), next to an idle ${WINDOW_MS} ms just before.`,
      '',
      '| round | served on B | longest read on B | longest read, quiet | B CPU following one write | B CPU idle |',
      '|---|---|---|---|---|---|',
      ...singles.map(
        (single, index) =>
          `| ${index + 1} | ${fixed(single.servedMs)} ms | ${fixed(single.longestReadMs, 1)} ms | ${fixed(single.quietLongestReadMs, 1)} ms | ${fixed(single.cpuMs)} ms | ${fixed(single.idleCpuMs)} ms |`,
      ),
      '',
      `Burst of ${BURST} concurrent one-slot \`PUT\`s on A (each changing a slot's emojis): A committed them in ${fixed(burstResult.writeSeconds, 2)} s;`,
      `B answered the same \`/api/emojis/stats\` and the same ${BURST} slots ${fixed(burstResult.convergedMs)} ms after the last write's answer,`,
      `using ${fixed(burstResult.cpuMs)} ms of CPU from the first write to then; longest read on B meanwhile ${fixed(burstResult.longestReadMs, 1)} ms.`,
      `Full exports of A and B afterwards identical: ${burstResult.identical ? 'yes' : 'NO'}.`,
      '',
      'Targets (issue 17): served within 500 ms, at most 100 ms of B\'s CPU, no read on B over 50 ms; after the burst, identical within 2 s.',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    writeSection(fileURLToPath(new URL('./RESULTS.md', import.meta.url)), FOLLOW_HEADING, lines.join('\n'));
  } finally {
    for (const instance of instances) await instance.process.stop();
    await maintenance(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:follow failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
