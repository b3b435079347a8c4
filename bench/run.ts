/**
 * The performance benchmark of issue 7: slotmoji against a bare node:http baseline replaying its
 * answers, per catalogue size and workload, plus start-up, memory, a write under reads, WORKERS=2 and
 * CPU profiles. Run with `npm run bench` (builds first); knobs: BENCH_SIZES, BENCH_SECONDS, BENCH_ROUNDS,
 * BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_PROFILE_SECONDS. Prints the results and writes them
 * to bench/RESULTS.md. Loopback only; every child and temporary file goes when it ends, however it ends.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogueDocument } from '../src/catalogue/records/document.js';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { snapshotBuild, type BuildSnapshot } from './servers/build-snapshot.js';
import { RUN_PATIENCE_MS, wrkVersion } from './load/load.js';
import { describeMachine, loadAverage, singlePlacement } from './measure/machine.js';
import { benchOptions, type BenchOptions } from './report/options.js';
import { killAll, pinSelf } from './servers/processes.js';
import { profileWorkloads } from './measure/profile-run.js';
import { renderReport, type ProfileReport, type WorkersReport } from './report/results.js';
import { otherSections, speedTodaySection } from './report/results-sections.js';
import { roundSeconds } from './measure/rounds.js';
import type { RunContext } from './report/run-context.js';
import { benchSize, preparedSize } from './measure/size-run.js';
import type { SizeReport } from './report/verdicts.js';
import { benchWorkers } from './measure/workers-run.js';
import { MATCH_EMOJIS, PLAY_EMOJIS, probeSlug, workloads } from './load/workloads.js';

const RESULTS_PATH = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const ENSURE_WRK = fileURLToPath(new URL('./load/ensure-wrk.sh', import.meta.url));
const SEED = 42;

/** The command that reproduces this run, knobs included. */
function command(): string {
  const knobs = Object.entries(process.env)
    .filter(([name, value]) => name.startsWith('BENCH_') && value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  const invocation = process.env['npm_lifecycle_event'] === 'bench' ? 'npm run bench' : 'node --import tsx bench/run.ts';
  return [...knobs, invocation].join(' ');
}

/** A generous bound on the whole run, past which it gives up rather than hang. */
function budgetMs(options: BenchOptions): number {
  // Up to 3 attempts of slotmoji and baseline per cell, each a warm-up and the rounds (a few seconds
  // more per wrk run), with waits for other jobs to calm down (20 s, then 60 s).
  const perServer = options.warmupSeconds + options.rounds * roundSeconds(options.seconds, options.rounds) + 3 * (options.rounds + 1);
  const cell = 3 * 2 * perServer + 20 + 2 * 60;
  const perSize = 6 * cell + 300;
  const extras = 2 * cell + 5 * (options.warmupSeconds + options.profileSeconds + 60);
  return (options.sizes.length * perSize + extras + 600) * 1000;
}

function emojiCount(document: CatalogueDocument, emoji: string): number {
  return document.slots.filter((slot) => slot.emojiTags.includes(emoji)).length;
}

function workloadNotes(largest: CatalogueDocument): string[] {
  const counts = (emojis: readonly string[]) => emojis.map((emoji) => `${emoji} on ${emojiCount(largest, emoji).toLocaleString('en-US')}`).join(', ');
  const size = largest.slots.length.toLocaleString('en-US');
  return workloads(largest).map((workload) => {
    const request = `\`${workload.method} ${decodeURIComponent(workload.path)}\`${workload.body === undefined ? '' : ` with \`${workload.body}\``}`;
    if (workload.path.startsWith('/api/slots/')) return `${request}: the slot in the middle of the catalogue (\`${probeSlug(largest)}\` at ${size} slots).`;
    if (workload.method === 'POST') return `${request} (any-match, default limit 100); at ${size} slots: ${counts(MATCH_EMOJIS)} slots.`;
    if (workload.path.startsWith('/api/play/')) return `${request} (302 to the best match); at ${size} slots: ${counts(PLAY_EMOJIS)} slots.`;
    return `${request}.`;
  });
}

async function main(): Promise<void> {
  const options = benchOptions();
  const machine = describeMachine();
  const placement = singlePlacement(machine.cpuCount);
  execFileSync('sh', [ENSURE_WRK], { stdio: 'inherit' });
  pinSelf(placement.load);
  const loadBefore = loadAverage();
  const date = new Date().toISOString();
  const { categories } = await readCatalogueDocument();
  const sizes: SizeReport[] = [];
  let workers: WorkersReport | undefined;
  let profiles: ProfileReport[] = [];
  let largest: CatalogueDocument | undefined;
  const root = mkdtempSync(join(tmpdir(), 'slotmoji-bench-'));
  let build: BuildSnapshot;
  try {
    build = snapshotBuild(root);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const context: RunContext = {
    options,
    build,
    placement,
    cpuCount: machine.cpuCount,
    patience: { remainingMs: RUN_PATIENCE_MS },
    log: (line) => process.stderr.write(`${line}\n`),
  };
  const abandon = (why: string, code: number) => {
    process.stderr.write(`bench: ${why}; stopping\n`);
    killAll();
    rmSync(root, { recursive: true, force: true });
    process.exit(code);
  };
  process.once('SIGINT', () => abandon('interrupted', 130));
  process.once('SIGTERM', () => abandon('terminated', 143));
  const budget = budgetMs(options);
  const watchdog = setTimeout(() => abandon(`still running after ${Math.round(budget / 60_000)} minutes`, 1), budget);
  try {
    for (const size of options.sizes) {
      const { directory, document, databasePath, imported } = await preparedSize(context, root, size, categories, SEED);
      sizes.push(await benchSize(context, size, document, databasePath, imported, directory));
      if (size === options.sizes.at(-1)) {
        largest = document;
        workers = await benchWorkers(context, size, document, databasePath, directory);
        if (options.profileSeconds > 0) profiles = await profileWorkloads(context, size, document, databasePath, directory);
      }
      rmSync(directory, { recursive: true, force: true });
    }
  } finally {
    clearTimeout(watchdog);
    killAll();
    rmSync(root, { recursive: true, force: true });
  }
  if (largest === undefined) throw new Error('no size was measured');
  const report = renderReport({
    command: command(),
    date,
    machine,
    loadBefore,
    loadAfter: loadAverage(),
    build: build.description,
    wrk: wrkVersion(),
    options,
    placement,
    workloadNotes: workloadNotes(largest),
    patienceSpentMs: RUN_PATIENCE_MS - context.patience.remainingMs,
    sizes,
    workers,
    profiles,
  }, speedTodaySection(RESULTS_PATH));
  process.stdout.write(report);
  writeFileSync(RESULTS_PATH, `${report.trimEnd()}\n${otherSections(RESULTS_PATH)}`);
  context.log(`written to ${RESULTS_PATH}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  killAll();
  process.exit(1);
});
