/**
 * The distinct-questions cell of issue 38: random questions of a search page, none asked twice in a
 * run (so the per-snapshot answer cache cannot help), against the bare node:http baseline answering one
 * cached 24-slot page, at each catalogue size; throughput at 10 connections and latency at one, paired
 * rounds as in `npm run bench`; the same questions asked of `@orama/orama` in process as a peer; a CPU
 * profile of the server under the questions at the largest size. Run with `npm run bench:discovery`
 * (builds first); knobs as `npm run bench` (BENCH_SIZES, default here 20000,100000; BENCH_SECONDS,
 * BENCH_ROUNDS, BENCH_WARMUP_SECONDS, BENCH_PROFILE_SECONDS) and BENCH_PEER_SECONDS (default 20).
 * Writes its section into bench/RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { distinctQuestions, PAGE_SIZE, questionPath } from './load/distinct-questions.js';
import { cpuPerRequestUs, distinctLoadRunner, RUN_PATIENCE_MS, type LoadResult } from './load/load.js';
import type { Workload } from './load/workloads.js';
import { describeMachine, loadAverage, singlePlacement } from './measure/machine.js';
import { profiled } from './measure/profile-run.js';
import type { ProfileSummary } from './measure/profile.js';
import { measureRounds, summariseRounds, type RoundsSummary } from './measure/rounds.js';
import { preparedSize } from './measure/size-run.js';
import { benchOptions } from './report/options.js';
import { DISCOVERY_HEADING, writeSection } from './report/results-sections.js';
import { roundPlan, type RunContext } from './report/run-context.js';
import { capture, startBaseline, verifyBaseline } from './servers/baseline.js';
import { snapshotBuild } from './servers/build-snapshot.js';
import { killAll, memoryOf, pinSelf, spawnPinned } from './servers/processes.js';
import { startSlotmoji } from './servers/slotmoji-server.js';

const RESULTS_PATH = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const ENSURE_WRK = fileURLToPath(new URL('./load/ensure-wrk.sh', import.meta.url));
const PEER_ENTRY = fileURLToPath(new URL('./measure/orama-peer.ts', import.meta.url));
const SEED = 42;
const QUESTION_SEED = 38;
/** More distinct questions per second than slotmoji answers at any size, so no run runs out. */
const MOST_QUESTIONS_PER_SECOND = 20_000;

const BASELINE_PAGE: Workload = { name: `GET /api/slots?limit=${PAGE_SIZE}`, method: 'GET', path: `/api/slots?limit=${PAGE_SIZE}`, status: 200 };

interface SizeResult {
  readonly size: number;
  readonly readyRssMb: number;
  readonly afterRssMb: number;
  readonly ten: RoundsSummary;
  readonly one: RoundsSummary;
  readonly peer: { readonly insertMs: number; readonly questions: number; readonly rate: number; readonly p50Ms: number; readonly p99Ms: number };
}

const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : Number(raw);
};

/** The peer's figures, from a child pinned to the server's core. */
async function measurePeer(cores: string, size: number, seconds: number): Promise<SizeResult['peer']> {
  const child = spawnPinned(cores, process.execPath, ['--import', 'tsx', PEER_ENTRY, String(size), String(QUESTION_SEED), String(seconds), '50']);
  const code = await child.exited;
  const line = /^(\{.*\})$/m.exec(child.output())?.[1];
  if (code !== 0 || line === undefined) throw new Error(`the Orama peer failed (${code}): ${child.output().slice(0, 2000)}`);
  return JSON.parse(line) as SizeResult['peer'];
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);
const int = (value: number) => Math.round(value).toLocaleString('en-US');
const verdict = (pass: boolean) => (pass ? 'pass' : 'fail');

function section(results: readonly SizeResult[], profile: { size: number; summary: ProfileSummary } | undefined, notes: readonly string[]): string {
  const lines = [
    DISCOVERY_HEADING,
    '',
    ...notes,
    '',
    '| slots | distinct q/s, 10 conn. | baseline rps | ratio (paired) | target | p50 / p99 ms, 1 conn. | baseline p99 ms | p99 ratio | target | server µs/q | wrk CPU | Orama q/s (in process) | ×Orama | target | RSS ready / after MB |',
    '|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---|---:|',
  ];
  for (const { size, ten, one, peer, readyRssMb, afterRssMb } of results) {
    const target = size >= 100_000 ? 0.05 : 0.15;
    const p99Ratio = one.slotmoji.p99Ms / one.baseline.p99Ms;
    const overPeer = ten.slotmoji.rps / peer.rate;
    lines.push(
      `| ${int(size)} | ${int(ten.slotmoji.rps)} | ${int(ten.baseline.rps)} | ${fixed(ten.ratios.rps, 3)} | ≥ ${target} ${verdict(ten.ratios.rps >= target)} | ` +
        `${fixed(one.slotmoji.p50Ms)} / ${fixed(one.slotmoji.p99Ms)} | ${fixed(one.baseline.p99Ms)} | ${fixed(p99Ratio, 1)} | ≤ 40 ${verdict(p99Ratio <= 40)} | ` +
        `${int(cpuPerRequestUs(ten.slotmoji))} | ${int(ten.slotmoji.cpu.load * 100)} % | ${fixed(peer.rate, 1)} | ${fixed(overPeer, 1)} | ≥ 3 ${verdict(overPeer >= 3)} | ` +
        `${int(readyRssMb)} / ${int(afterRssMb)} |`,
    );
  }
  const failures = results.flatMap(({ size, ten, one }) =>
    [ten.slotmoji, one.slotmoji, ten.baseline, one.baseline].some((result: LoadResult) => result.errors + result.timeouts > 0) ? [size] : [],
  );
  lines.push('', failures.length === 0 ? 'Every question was answered 200, within the timeout.' : `Errors or timeouts at ${failures.join(', ')} slots: the cell is invalid.`);
  if (profile !== undefined) {
    const { summary } = profile;
    lines.push(
      '',
      `### Where a distinct question's time goes at ${int(profile.size)} slots`,
      '',
      `\`node --cpu-prof\` of the server under the distinct questions at 10 connections. Busy ${int(summary.busyMs)} ms of ${int(summary.windowMs)} ms. By area: ` +
        summary.byArea
          .filter((area) => area.share >= 0.005)
          .map((area) => `${area.area} ${fixed(area.share * 100, 1)} %`)
          .join(', ') +
        '.',
      '',
      '| # | self ms | share | function | location |',
      '|---:|---:|---:|---|---|',
      ...summary.top.map((hot, index) => `| ${index + 1} | ${int(hot.selfMs)} | ${fixed(hot.share * 100, 1)} % | \`${hot.name}\` | ${hot.location === '' ? '—' : `\`${hot.location}\``} |`),
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = { ...benchOptions(), ...(process.env['BENCH_SIZES'] ? {} : { sizes: [20_000, 100_000] }) };
  const peerSeconds = env('BENCH_PEER_SECONDS', 20);
  const machine = describeMachine();
  const placement = singlePlacement(machine.cpuCount);
  execFileSync('sh', [ENSURE_WRK], { stdio: 'inherit' });
  pinSelf(placement.load);
  const loadBefore = loadAverage();
  const { categories } = await readCatalogueDocument();
  const root = mkdtempSync(join(tmpdir(), 'slotmoji-discovery-'));
  const context: RunContext = {
    options,
    build: snapshotBuild(root),
    placement,
    cpuCount: machine.cpuCount,
    patience: { remainingMs: RUN_PATIENCE_MS },
    log: (line) => process.stderr.write(`${line}\n`),
  };
  const plan = roundPlan(context);
  const results: SizeResult[] = [];
  let profile: { size: number; summary: ProfileSummary } | undefined;
  try {
    for (const size of options.sizes) {
      const { directory, document, databasePath } = await preparedSize(context, root, size, categories, SEED);
      const perRun = MOST_QUESTIONS_PER_SECOND * Math.max(plan.roundSeconds, plan.warmupSeconds, options.profileSeconds);
      // Warm-up and rounds at 10 connections and at one, then a warm-up and the profile at the largest size.
      const runs = 2 * (1 + plan.rounds) + 2;
      const questions = { paths: distinctQuestions(document, runs * perRun, QUESTION_SEED).map(questionPath), perRun, next: 0 };
      const server = await startSlotmoji({ serverEntry: context.build.serverEntry, databasePath, cores: placement.server });
      const baselineCapture = await capture(server.url, BASELINE_PAGE);
      const baseline = await startBaseline([baselineCapture], placement.server, directory);
      try {
        const readyRssMb = memoryOf(server.process.pid).rssMb;
        await verifyBaseline(baseline.url, baselineCapture, BASELINE_PAGE);
        const targets = { slotmoji: { url: server.url, pid: server.process.pid }, baseline: { url: baseline.url, pid: baseline.process.pid } };
        const runner = (connections: number) =>
          distinctLoadRunner(server.url, questions, BASELINE_PAGE, { connections, cores: placement.load, threads: placement.loadThreads, directory });
        const ten = summariseRounds(await measureRounds(runner(10), targets, plan));
        context.log(`  10 connections: ${int(ten.slotmoji.rps)} distinct q/s, baseline ${int(ten.baseline.rps)} rps, ratio ${fixed(ten.ratios.rps, 3)}`);
        const one = summariseRounds(await measureRounds(runner(1), targets, plan));
        context.log(`  1 connection: p99 ${fixed(one.slotmoji.p99Ms)} ms, baseline ${fixed(one.baseline.p99Ms)} ms`);
        const afterRssMb = memoryOf(server.process.pid).rssMb;
        await baseline.process.stop();
        await server.stop();
        const peer = await measurePeer(placement.server, size, peerSeconds);
        context.log(`  Orama in process: ${fixed(peer.rate, 1)} q/s (insert ${int(peer.insertMs)} ms)`);
        results.push({ size, readyRssMb, afterRssMb, ten, one, peer });
        if (size === options.sizes.at(-1) && options.profileSeconds > 0) {
          const settings = { connections: 10, cores: placement.load, threads: placement.loadThreads, directory };
          const summary = await profiled(context, databasePath, directory, 'distinct.cpuprofile', {
            warm: async (url, pid) => void (await distinctLoadRunner(url, questions, BASELINE_PAGE, settings)({ url, pid }, plan.warmupSeconds)),
            run: async (url, pid) => void (await distinctLoadRunner(url, questions, BASELINE_PAGE, settings)({ url, pid }, options.profileSeconds)),
          });
          profile = { size, summary };
        }
      } finally {
        await baseline.process.stop();
        await server.stop();
      }
      rmSync(directory, { recursive: true, force: true });
    }
  } finally {
    killAll();
    rmSync(root, { recursive: true, force: true });
  }
  const command = [
    ...Object.entries(process.env)
      .filter(([name, value]) => name.startsWith('BENCH_') && value !== undefined && value !== '')
      .map(([name, value]) => `${name}=${value}`)
      .sort(),
    'npm run bench:discovery',
  ].join(' ');
  const notes = [
    `\`${command}\`, ${new Date().toISOString()}, ${context.build.description}; ${machine.cpuModel}, node ${machine.node}, load average ${loadBefore} before, ${loadAverage()} after. ` +
      `Server alone on core ${placement.server}, wrk (one thread) on ${placement.load}. Questions: ${QUESTION_SEED} as seed, each asked once in the run ` +
      `(\`bench/load/distinct-questions.ts\`), in their order, each run going on where the last stopped; ${plan.rounds} rounds of ${plan.roundSeconds} s per server after ${plan.warmupSeconds} s of warm-up, ` +
      `alternating with the baseline (node:http replaying \`${BASELINE_PAGE.path}\`). The peer answers the same questions in process, ` +
      `one at a time on the server's core, for ${peerSeconds} s.`,
  ];
  writeSection(RESULTS_PATH, DISCOVERY_HEADING, section(results, profile, notes));
  process.stdout.write(`${section(results, profile, notes)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  killAll();
  process.exit(1);
});
