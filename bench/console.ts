/**
 * What the operator console costs beside the public pages it stands next to (issue 36), at
 * BENCH_CONSOLE_SIZE slots (default 100,000) of the synthetic catalogue on a real SQLite file:
 *
 * - the console's slots list against the same §13 question asked of `/search`;
 * - an edit page and the audit page against an uncached public slot page (a different slot each time);
 * - the import preview of the whole catalogue as a document against the import itself, time and peak
 *   memory, each in a fresh process (`--console-child`), so one's garbage does not weigh on the other.
 *
 * Requests go through `inject` (no sockets), alternating between the two sides of each pair; medians.
 *
 *   flock /tmp/slotmoji-bench.lock npm run bench:console -- [--size 100000] [--rounds 31]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { CatalogueService } from '../src/service/catalogue-service.js';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { AccessService } from '../src/access/access-service.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';
import { median } from './measure/rounds.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { readCommandLine } from './report/command-line.js';

const CHILD_FLAG = '--console-child';
const PASSWORD = 'bench password, not a real one';
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const BOUNDARY = 'bench-boundary';
const ORIGIN = 'http://localhost:80';

interface Opened {
  readonly app: FastifyInstance;
  readonly cookie: string;
  readonly csrf: string;
  close(): Promise<void>;
}

/** The service on `path` (seeded with `size` synthetic slots when new) with an owner signed in. */
async function open(path: string, size: number): Promise<Opened> {
  const config = loadConfig({ DATABASE_URL: `sqlite://${path}`, LOG_LEVEL: 'silent', ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000000000' });
  const store = new SqliteStore(path);
  const { categories } = await readCatalogueDocument();
  const catalogue = await CatalogueService.open(store, async () => syntheticCatalogue(size, categories));
  const access = new AccessService(store.access, undefined);
  if ((await access.operators()).length === 0) await access.createOperator({ name: 'bench', role: 'owner', password: PASSWORD }, { type: 'admin-token', name: 'admin-token' });
  const app = await buildApp({ config, catalogue, logger: false });
  const signedIn = await app.inject({ method: 'POST', url: '/admin/sign-in', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }, payload: new URLSearchParams({ name: 'bench', password: PASSWORD }).toString() });
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
  const csrf = /name="_csrf" value="([^"]+)"/.exec((await app.inject({ url: '/admin', headers: { cookie } })).body)?.[1] ?? '';
  return {
    app,
    cookie,
    csrf,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

async function timed(run: () => Promise<{ statusCode: number }>, expected: number): Promise<number> {
  const started = performance.now();
  const { statusCode } = await run();
  const ms = performance.now() - started;
  if (statusCode !== expected) throw new Error(`expected ${expected}, got ${statusCode}`);
  return ms;
}

/** One fresh process: the import preview or the import of `document`, its time and the process's peak RSS. */
async function child(mode: string, path: string, documentPath: string, size: number): Promise<void> {
  const opened = await open(path, size);
  const { readFileSync } = await import('node:fs');
  const document = readFileSync(documentPath);
  const ms =
    mode === 'preview'
      ? await timed(
          () =>
            opened.app.inject({
              method: 'POST',
              url: '/admin/import',
              headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: ORIGIN, cookie: opened.cookie },
              payload: Buffer.concat([
                Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${opened.csrf}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="c.json"\r\nContent-Type: application/json\r\n\r\n`),
                document,
                Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
              ]),
            }),
          200,
        )
      : await timed(() => opened.app.inject({ method: 'PUT', url: '/api/admin/catalogue', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, payload: document }), 200);
  process.stdout.write(`${JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  await opened.close();
}

function runChild(mode: string, path: string, documentPath: string, size: number): { ms: number; peakRssMb: number } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), CHILD_FLAG, mode, path, documentPath, String(size)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`${mode} child failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { ms: number; peakRssMb: number };
}

async function main(): Promise<void> {
  const { numbers } = readCommandLine('npm run bench:console -- [--size 100000] [--rounds 31] [--import-rounds 3]', { size: 100_000, rounds: 31, 'import-rounds': 3 });
  const { size, rounds } = numbers;
  const importRounds = numbers['import-rounds'];
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-console-'));
  try {
    const path = join(dir, 'catalogue.db');
    const opened = await open(path, size);
    const { app, cookie } = opened;
    const console = (url: string) => () => app.inject({ url, headers: { cookie } });
    const page = (url: string) => () => app.inject({ url });
    const slots = (JSON.parse((await app.inject({ url: '/api/slots?limit=1000&sort=id' })).body) as { slots: { id: string; slug: string }[] }).slots;
    const pairs = { list: { a: [] as number[], b: [] as number[] }, edit: { a: [] as number[], b: [] as number[] }, audit: { a: [] as number[], b: [] as number[] } };
    const questions = ['drag', 'gold fruit', 'luck', 'reel', 'storm'];
    /** Both sides of a pair, the first going first on even rounds and second on odd ones, so neither always meets a cold cache. */
    const both = async (pair: { a: number[]; b: number[] }, round: number, a: () => Promise<{ statusCode: number }>, b: () => Promise<{ statusCode: number }>) => {
      if (round % 2 === 0) {
        pair.a.push(await timed(a, 200));
        pair.b.push(await timed(b, 200));
      } else {
        pair.b.push(await timed(b, 200));
        pair.a.push(await timed(a, 200));
      }
    };
    // Every question once beforehand: the first search of a snapshot makes every slot's search words.
    for (const q of questions) {
      await console(`/admin/slots?q=${encodeURIComponent(q)}`)();
      await page(`/search?q=${encodeURIComponent(q)}`)();
    }
    for (let round = 0; round < rounds; round++) {
      const q = encodeURIComponent(questions[round % questions.length] as string);
      const slot = slots[(round * 37) % slots.length] as { id: string; slug: string };
      const other = slots[(round * 37 + 11) % slots.length] as { id: string; slug: string };
      await both(pairs.list, round, console(`/admin/slots?q=${q}&sort=-rtp&provider=NetEnt,Pragmatic%20Play`), page(`/search?q=${q}&sort=-rtp&provider=NetEnt,Pragmatic%20Play`));
      await both(pairs.edit, round, console(`/admin/slots/${slot.id}/edit`), page(`/slots/${other.slug}`));
      await both(pairs.audit, round, console('/admin/audit'), page(`/slots/${slot.slug}`));
    }
    await opened.close();

    const documentPath = join(dir, 'document.json');
    const exported = syntheticCatalogue(size, (await readCatalogueDocument()).categories);
    writeFileSync(documentPath, JSON.stringify({ ...exported, slots: exported.slots.map((slot, index) => ({ ...slot, id: index + 1, name: index % 10 === 0 ? `${slot.name} II` : slot.name })) }));
    const preview: { ms: number; peakRssMb: number }[] = [];
    const imports: { ms: number; peakRssMb: number }[] = [];
    for (let round = 0; round < importRounds; round++) {
      preview.push(runChild('preview', path, documentPath, size));
      imports.push(runChild('import', path, documentPath, size));
    }

    const machine = describeMachine();
    const row = (name: string, a: readonly number[], b: readonly number[], against: string, unit = 'ms') =>
      `${name.padEnd(40)} ${median(a).toFixed(2).padStart(9)} ${unit}  vs ${against.padEnd(36)} ${median(b).toFixed(2).padStart(9)} ${unit}  = ${(median(a) / median(b)).toFixed(2)}x`;
    const lines = [
      `console bench at ${size.toLocaleString('en-US')} slots, ${rounds} rounds alternating (${importRounds} for the import); ${machine.cpuCount} × ${machine.cpuModel}, node ${machine.node}; load ${loadAverage()}`,
      row('/admin/slots (q, provider list, -rtp)', pairs.list.a, pairs.list.b, '/search, same question'),
      row('/admin/slots/{id}/edit', pairs.edit.a, pairs.edit.b, '/slots/{slug}, a new slot each time'),
      row('/admin/audit', pairs.audit.a, pairs.audit.b, '/slots/{slug}, a new slot each time'),
      row('import preview (POST /admin/import)', preview.map((run) => run.ms), imports.map((run) => run.ms), 'PUT /api/admin/catalogue'),
      row('  peak RSS of its process', preview.map((run) => run.peakRssMb), imports.map((run) => run.peakRssMb), 'the import process', 'MB'),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === CHILD_FLAG) await child(process.argv[3] ?? '', process.argv[4] ?? '', process.argv[5] ?? '', Number(process.argv[6]));
else await main();
