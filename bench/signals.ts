/**
 * The costs of issue 48, measured side by side in one run:
 *
 * 1. every public cell of `npm run bench` on the build with the production signals on /metrics
 *    (this checkout's HEAD) against the build of the commit before them (target: each at least 0.97x
 *    the requests per second: the signals are read at scrape time, nothing on a request's path);
 * 2. GET /api/slots/{slug} through deploy/nginx/slotmoji.conf (over plain HTTP, so that only the proxy
 *    is measured, not TLS) against the same server directly: reported, no target.
 *
 * Both sides of a pair in alternating rounds, ratios per round pair, medians (bench/measure/rounds.ts).
 *
 *   flock /tmp/slotmoji-bench.lock npm run bench:signals
 *
 * Knobs: BENCH_SIGNALS_BASE (the commit before the signals by default), BENCH_SIGNALS_WITH (HEAD), BENCH_SIGNALS_ROUNDS (9),
 * BENCH_SIGNALS_SECONDS (3 per round and side; with 5 rounds of 2 s, builds that differ only off the request path came out 0.75-1.12x), BENCH_SIGNALS_CELLS (cell names separated by semicolons, as cell names hold commas
 * to run; all public cells by default), BENCH_CONNECTIONS (32).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRunner, type LoadSettings } from './load/load.js';
import { workloads, SLUG_WORKLOAD } from './load/workloads.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { measureRounds, summariseRounds } from './measure/rounds.js';
import { freePort, startSlotmoji, type SlotmojiServer } from './servers/slotmoji-server.js';
import { readCatalogueDocument } from '../src/store/bundled.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The last commit before the signals (the install commit of issue 48). */
const BEFORE_SIGNALS = 'c263a16';
const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = knob('BENCH_SIGNALS_ROUNDS', 9);
const SECONDS = knob('BENCH_SIGNALS_SECONDS', 3);
const CONNECTIONS = knob('BENCH_CONNECTIONS', 32);
const CELLS = process.env['BENCH_SIGNALS_CELLS']?.split(';').map((cell) => cell.trim());
const line = (text = '') => void process.stdout.write(`${text}\n`);

/** The commit's sources built into a folder of its own, beside this checkout's packages; returns its dist/server.js. */
function buildOf(commit: string, dir: string): string {
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git archive ${commit} src scripts data package.json | tar -x -C "${dir}"`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: dir, stdio: 'pipe' });
  return join(dir, 'dist', 'server.js');
}

/** nginx with the deploy configuration, plain HTTP on `port`, in front of `upstream`'s one port. */
async function startNginx(dir: string, upstreamPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const site = readFileSync(join(ROOT, 'deploy/nginx/slotmoji.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3000 /, `server 127.0.0.1:${upstreamPort} `)
    .replace(/^\s*server 127\.0\.0\.1:3001 .*$/m, '')
    .replace(/^\s*listen \[::\]:.*$/gm, '')
    .replace(/^\s*(ssl_\w+) .*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${await freePort()};`)
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`);
  mkdirSync(join(dir, 'temp'), { recursive: true });
  writeFileSync(join(dir, 'slotmoji.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;\nuser root root;\nworker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 1024; }\n` +
      `http {\n  access_log off;\n  client_body_temp_path ${dir}/temp/body;\n  proxy_temp_path ${dir}/temp/proxy;\n  fastcgi_temp_path ${dir}/temp/fastcgi;\n  uwsgi_temp_path ${dir}/temp/uwsgi;\n  scgi_temp_path ${dir}/temp/scgi;\n  include ${dir}/slotmoji.conf;\n}\n`,
  );
  // On the server's core: the proxy's cost is the server side's cost.
  const child = spawn('taskset', ['-c', '0', '/usr/sbin/nginx', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if ((await fetch(`${url}/healthz`).then((answer) => answer.status, () => 0)) === 200) break;
    if (tries > 100) throw new Error(`nginx did not answer: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const base = execFileSync('git', ['rev-parse', '--short', process.env['BENCH_SIGNALS_BASE'] ?? BEFORE_SIGNALS], { cwd: ROOT, encoding: 'utf8' }).trim();
  const head = execFileSync('git', ['rev-parse', '--short', process.env['BENCH_SIGNALS_WITH'] ?? 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  line(`# bench:signals, ${new Date().toISOString()}, ${machine.cpuModel} x${machine.cpuCount}, load ${loadAverage()}`);
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-signals-'));
  const servers: SlotmojiServer[] = [];
  try {
    const settings: LoadSettings = { connections: CONNECTIONS, cores: '1', threads: 1, directory: dir };
    const withSignals = await startSlotmoji({ serverEntry: buildOf(head, join(dir, 'head')), databasePath: join(dir, 'head.db'), cores: '0' });
    servers.push(withSignals);
    const before = await startSlotmoji({ serverEntry: buildOf(base, join(dir, 'base')), databasePath: join(dir, 'base.db'), cores: '0' });
    servers.push(before);
    const document = await readCatalogueDocument();
    const plan = { rounds: ROUNDS, roundSeconds: SECONDS, warmupSeconds: SECONDS };

    line(`\n## the public cells with the signals (${head}) against the commit before them (${base}): ${ROUNDS} rounds of ${SECONDS} s per side, ${CONNECTIONS} connections`);
    line('| cell | rps with | rps before | median ratio of the round pairs | verdict (at least 0.97x) |');
    line('|---|---|---|---|---|');
    for (const workload of workloads(document).filter((cell) => CELLS === undefined || CELLS.includes(cell.name))) {
      const run = loadRunner(workload, { ...settings, directory: mkdtempSync(join(dir, 'cell-')) });
      const rounds = await measureRounds(run, { slotmoji: { url: withSignals.url, pid: withSignals.process.pid }, baseline: { url: before.url, pid: before.process.pid } }, plan);
      const summary = summariseRounds(rounds);
      line(`| ${workload.name} | ${summary.slotmoji.rps.toFixed(0)} | ${summary.baseline.rps.toFixed(0)} | ${summary.ratios.rps.toFixed(3)}x | ${summary.ratios.rps >= 0.97 ? 'passes' : 'BELOW'} |`);
    }

    const proxy = await startNginx(join(dir, 'nginx'), Number(new URL(withSignals.url).port));
    try {
      const slug = workloads(document).find((cell) => cell.name === SLUG_WORKLOAD);
      if (slug === undefined) throw new Error('no slug cell');
      const run = loadRunner(slug, { ...settings, directory: mkdtempSync(join(dir, 'proxy-')) });
      const rounds = await measureRounds(run, { slotmoji: { url: proxy.url, pid: withSignals.process.pid }, baseline: { url: withSignals.url, pid: withSignals.process.pid } }, plan);
      const summary = summariseRounds(rounds);
      line(`\n## ${SLUG_WORKLOAD} through nginx (plain HTTP, the deploy configuration) against directly, nginx on the server's core`);
      line(`through nginx ${summary.slotmoji.rps.toFixed(0)} rps, p50 ${summary.slotmoji.p50Ms.toFixed(2)} ms; directly ${summary.baseline.rps.toFixed(0)} rps, p50 ${summary.baseline.p50Ms.toFixed(2)} ms; median ratio of the round pairs ${summary.ratios.rps.toFixed(3)}x`);
    } finally {
      await proxy.stop();
    }
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
