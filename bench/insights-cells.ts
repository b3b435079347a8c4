/**
 * The costs of insights (decisions §21, issue 49 "Measured"), in one run:
 *
 * 1. the four public cells (slug, list, match, play) with insights on against the same build with
 *    `INSIGHTS=off`: each at least 0.95x the requests per second, both sides in alternating rounds,
 *    ratios per round pair, medians (bench/measure/rounds.ts);
 * 2. the plays report over 400 days of hourly rows for 100,000 slots against the same report over one
 *    day, on SQLite and on PostgreSQL: at most 1.5x the time (bench/measure/insight-report.ts);
 * 3. one visitor sending the issue's 10,000 different searches a minute to each server for at least a
 *    minute, while the slug cell is measured on and off: at least 0.95x the requests per second, every
 *    search answered, the searches counted, and the server's memory grown by at most 64 MB more than with
 *    insights off (the counter's buffer and its repeat memory are capped);
 * 4. beyond the issue, reported without a target: the same visitor's searches as fast as the server
 *    answers (about 80 times the issue's rate), on and off.
 *
 *   flock /tmp/slotmoji-bench.lock npm run bench:insights-cells
 *
 * Knobs: BENCH_INSIGHTS_ROUNDS (31: one round pair's ratio scatters widely on a shared host, as the cells' table shows; the median of 9 fell below 0.95x in runs a profile could not explain by counting, and on an AMD host on 2026-11-30 the median of 15 read 1.079x for slug between two like servers and 0.939x insights on against off, where 31 read 1.028x), BENCH_INSIGHTS_SECONDS (3 per round and side, as bench:signals: shorter rounds drift), BENCH_CONNECTIONS (32),
 * BENCH_INSIGHTS_SLOTS (100000), BENCH_INSIGHTS_DAYS (400), BENCH_INSIGHTS_KEYS_PER_HOUR (500),
 * BENCH_INSIGHTS_REPEATS (21 timed reports per range, alternating with the other: the medians of 5 read 1.30x and 1.64x for one build in two runs), BENCH_INSIGHTS_PARTS (`cells,report,flood,torrent` by default),
 * BENCH_INSIGHTS_PG (the maintenance database through which a throwaway one is made;
 * postgres://postgres@127.0.0.1:5432/postgres; `none` skips PostgreSQL), BENCH_INSIGHTS_ON (`on`; `off` starts
 * the "on" server with insights off too: an A/A run, which shows what the bench itself makes of two like servers).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { floodRunner, loadRunner, type LoadSettings } from './load/load.js';
import { startPacedFlood, type PacedFloodResult } from './load/paced-flood.js';
import { INSIGHT_CELLS, SLUG_WORKLOAD, workloads } from './load/workloads.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { seedPlays, timeReports } from './measure/insight-report.js';
import { measureRounds, summariseRounds, type Rounds } from './measure/rounds.js';
import { memoryOf } from './servers/processes.js';
import { startSlotmoji, type SlotmojiServer } from './servers/slotmoji-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = knob('BENCH_INSIGHTS_ROUNDS', 31);
const SECONDS = knob('BENCH_INSIGHTS_SECONDS', 3);
const CONNECTIONS = knob('BENCH_CONNECTIONS', 32);
const SLOTS = knob('BENCH_INSIGHTS_SLOTS', 100_000);
const DAYS = knob('BENCH_INSIGHTS_DAYS', 400);
const KEYS_PER_HOUR = knob('BENCH_INSIGHTS_KEYS_PER_HOUR', 500);
const REPEATS = knob('BENCH_INSIGHTS_REPEATS', 21);
const PARTS = (process.env['BENCH_INSIGHTS_PARTS'] ?? 'cells,report,flood,torrent').split(',');
const MAINTENANCE = process.env['BENCH_INSIGHTS_PG'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSIGHTS_ON_SIDE = process.env['BENCH_INSIGHTS_ON'] === 'off' ? 'off' : 'on';
const CELL_TARGET = 0.95;
const REPORT_TARGET = 1.5;
/** What insights may add to a server's memory under a flood of searches that never repeat (issue 49's budget for distinct phrases). */
const FLOOD_MEMORY_BUDGET_MB = 64;
const FLOOD_PATH = '/api/slots?q=';
const line = (text = '') => void process.stdout.write(`${text}\n`);
const verdict = (passes: boolean) => (passes ? 'PASS' : 'FAIL');

/** The same build started twice, with insights on and with `INSIGHTS=off`, both on core 0. */
interface ServerPair {
  readonly on: SlotmojiServer;
  readonly off: SlotmojiServer;
  /** The on-server's SQLite file. */
  readonly onPath: string;
}

/** Runs `work` on a pair of servers named `name` in `dir`, and stops both however it ends. */
async function withServerPair<T>(dir: string, name: string, work: (pair: ServerPair) => Promise<T>): Promise<T> {
  const serverEntry = join(ROOT, 'dist', 'server.js');
  const onPath = join(dir, `${name}-on.db`);
  const servers: SlotmojiServer[] = [];
  try {
    const on = await startSlotmoji({ serverEntry, databasePath: onPath, cores: '0', env: { INSIGHTS: INSIGHTS_ON_SIDE } });
    servers.push(on);
    const off = await startSlotmoji({ serverEntry, databasePath: join(dir, `${name}-off.db`), cores: '0', env: { INSIGHTS: 'off' } });
    servers.push(off);
    return await work({ on, off, onPath });
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** The lowest and highest ratio of one round pair's rps, on over off. */
function pairRatioSpread(rounds: Rounds): string {
  const ratios = rounds.slotmoji.map((on, index) => on.rps / (rounds.baseline[index]?.rps ?? Number.NaN));
  return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
}

/** Part 1: each public cell on the build with insights on against the same build with them off. */
async function cells(dir: string): Promise<boolean> {
  return withServerPair(dir, 'cells', async ({ on, off }) => {
    let passes = true;
    const document = await readCatalogueDocument();
    const settings: LoadSettings = { connections: CONNECTIONS, cores: '1', threads: 1, directory: dir };
    const plan = { rounds: ROUNDS, roundSeconds: SECONDS, warmupSeconds: SECONDS };
    line(`\n## the public cells with insights on against INSIGHTS=off (the same build): ${ROUNDS} rounds of ${SECONDS} s per side, ${CONNECTIONS} connections`);
    line(`| cell | rps on | rps off | median ratio of the round pairs | at least ${CELL_TARGET}x | round pairs' ratios, lowest to highest | requests per server CPU-second, median ratio (not judged) |`);
    line('|---|---|---|---|---|---|---|');
    for (const workload of workloads(document).filter((cell) => INSIGHT_CELLS.includes(cell.name))) {
      const run = loadRunner(workload, { ...settings, directory: mkdtempSync(join(dir, 'cell-')) });
      const rounds = await measureRounds(run, { slotmoji: { url: on.url, pid: on.process.pid }, baseline: { url: off.url, pid: off.process.pid } }, plan);
      const summary = summariseRounds(rounds);
      const cellPasses = summary.ratios.rps >= CELL_TARGET;
      passes &&= cellPasses;
      line(`| ${workload.name} | ${summary.slotmoji.rps.toFixed(0)} | ${summary.baseline.rps.toFixed(0)} | ${summary.ratios.rps.toFixed(3)}x | ${verdict(cellPasses)} | ${pairRatioSpread(rounds)} | ${summary.ratios.perCpuSecond.toFixed(3)}x |`);
    }
    return passes;
  });
}

/** Searches a minute from one visitor, as the issue has it: "a visitor that sends 10,000 different searches in a minute". */
const FLOOD_PER_MINUTE = 10_000;
/** The paced flood lasts at least a minute, so that each server receives the 10,000 searches. */
const FLOOD_MIN_SECONDS = 60;

/** Rows of `kind` counted in an insights table of a stopped server's SQLite file. */
function countedRows(databasePath: string, kind: string): number {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM insight_hours WHERE kind = ?').pluck().get(kind) as number;
  } finally {
    db.close();
  }
}

/**
 * Part 3: the flood. Both servers receive one visitor's 10,000 different searches a minute for
 * the whole part, while the slug cell is measured on each in alternating rounds: insights on must keep at
 * least 0.95x the slug cell's requests per second of insights off, and grow the server's memory by at
 * most 64 MB more.
 */
async function flood(dir: string): Promise<boolean> {
  return withServerPair(dir, 'flood', async ({ on, off, onPath }) => {
    const slug = workloads(await readCatalogueDocument()).find((cell) => cell.name === SLUG_WORKLOAD);
    if (slug === undefined) throw new Error(`no ${SLUG_WORKLOAD} workload`);
    const startedMb = { on: memoryOf(on.process.pid).rssMb, off: memoryOf(off.process.pid).rssMb };
    const floodStarted = Date.now();
    const floods = { on: startPacedFlood(`${on.url}${FLOOD_PATH}`, FLOOD_PER_MINUTE, 'flood'), off: startPacedFlood(`${off.url}${FLOOD_PATH}`, FLOOD_PER_MINUTE, 'flood') };
    const run = loadRunner(slug, { connections: CONNECTIONS, cores: '1', threads: 1, directory: mkdtempSync(join(dir, 'flood-')) });
    const summary = summariseRounds(
      await measureRounds(run, { slotmoji: { url: on.url, pid: on.process.pid }, baseline: { url: off.url, pid: off.process.pid } }, { rounds: ROUNDS, roundSeconds: SECONDS, warmupSeconds: SECONDS }),
    );
    const left = FLOOD_MIN_SECONDS * 1000 - (Date.now() - floodStarted);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const sent = { on: await floods.on.stop(), off: await floods.off.stop() };
    const grownMb = { on: memoryOf(on.process.pid).rssMb - startedMb.on, off: memoryOf(off.process.pid).rssMb - startedMb.off };
    await on.stop();
    const counted = countedRows(onPath, 'search');
    const perMinute = (result: PacedFloodResult) => ((result.answered / result.seconds) * 60).toFixed(0);
    const floodFailures = sent.on.failed + sent.off.failed + sent.on.skipped + sent.off.skipped;
    const speedPasses = summary.ratios.rps >= CELL_TARGET && summary.slotmoji.errors + summary.baseline.errors === 0 && floodFailures === 0;
    const memoryPasses = grownMb.on - grownMb.off <= FLOOD_MEMORY_BUDGET_MB;
    line(`\n## one visitor's ${FLOOD_PER_MINUTE.toLocaleString('en')} different searches a minute beside the slug cell, insights on against INSIGHTS=off: ${ROUNDS} rounds of ${SECONDS} s per side, ${CONNECTIONS} connections; load ${loadAverage()}`);
    line('| figure | on | off | ratio or difference | target |');
    line('|---|---|---|---|---|');
    line(`| ${SLUG_WORKLOAD} rps during the flood | ${summary.slotmoji.rps.toFixed(0)} | ${summary.baseline.rps.toFixed(0)} | ${summary.ratios.rps.toFixed(3)}x | at least ${CELL_TARGET}x: ${verdict(speedPasses)} |`);
    line(`| flood searches answered a minute (sent, failed, skipped) | ${perMinute(sent.on)} (${sent.on.sent}, ${sent.on.failed}, ${sent.on.skipped}) | ${perMinute(sent.off)} (${sent.off.sent}, ${sent.off.failed}, ${sent.off.skipped}) | | every one answered 200 |`);
    line(`| RSS grown during the flood (MB) | ${grownMb.on.toFixed(1)} | ${grownMb.off.toFixed(1)} | +${(grownMb.on - grownMb.off).toFixed(1)} MB | at most +${FLOOD_MEMORY_BUDGET_MB} MB: ${verdict(memoryPasses)} |`);
    line(`| searches counted in the on-server's store (hourly rows) | ${counted} | | | one per search answered (${sent.on.answered}): ${verdict(counted === sent.on.answered)} |`);
    return speedPasses && memoryPasses && counted === sent.on.answered;
  });
}

/**
 * Part 4, beyond the issue: one visitor's searches that never repeat, as fast as the server answers
 * (about 80 times the 10,000 a minute), on and off. Reported, with no target of the issue's.
 */
async function torrent(dir: string): Promise<void> {
  await withServerPair(dir, 'torrent', async ({ on, off }) => {
    const startedMb = { on: memoryOf(on.process.pid).rssMb, off: memoryOf(off.process.pid).rssMb };
    const run = floodRunner(`GET ${FLOOD_PATH}{never asked before}`, FLOOD_PATH, { connections: CONNECTIONS, cores: '1', threads: 1, directory: mkdtempSync(join(dir, 'torrent-')) });
    const summary = summariseRounds(
      await measureRounds(run, { slotmoji: { url: on.url, pid: on.process.pid }, baseline: { url: off.url, pid: off.process.pid } }, { rounds: ROUNDS, roundSeconds: SECONDS, warmupSeconds: SECONDS }),
    );
    const grownMb = { on: memoryOf(on.process.pid).rssMb - startedMb.on, off: memoryOf(off.process.pid).rssMb - startedMb.off };
    line(`\n## beyond the issue: one visitor's searches that never repeat, as fast as the server answers, insights on against INSIGHTS=off: ${ROUNDS} rounds of ${SECONDS} s per side; load ${loadAverage()}`);
    line('| figure | on | off | ratio or difference |');
    line('|---|---|---|---|');
    line(`| searches a minute (failed answers) | ${(summary.slotmoji.rps * 60).toFixed(0)} (${summary.slotmoji.errors}) | ${(summary.baseline.rps * 60).toFixed(0)} (${summary.baseline.errors}) | ${summary.ratios.rps.toFixed(3)}x |`);
    line(`| RSS grown during the torrent (MB) | ${grownMb.on.toFixed(1)} | ${grownMb.off.toFixed(1)} | +${(grownMb.on - grownMb.off).toFixed(1)} MB |`);
  });
}

async function maintenance(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: MAINTENANCE });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Part 2 on one store: seeded, then the long report timed against the one-day report. */
async function reportOn(name: string, store: Store): Promise<boolean> {
  await store.migrate();
  const today = Math.floor(Date.now() / 86_400_000);
  const seeding = Date.now();
  const written = await seedPlays(store.insights, { slots: SLOTS, days: DAYS, keysPerHour: KEYS_PER_HOUR, today });
  const seconds = ((Date.now() - seeding) / 1000).toFixed(0);
  const timing = await timeReports(store.insights, today, DAYS, REPEATS);
  const passes = timing.ratio <= REPORT_TARGET;
  line(
    `| ${name} | ${written.hours.toLocaleString('en')} hourly rows, ${written.registers.toLocaleString('en')} registers (${seconds} s), ${written.rolledDays} days rolled up (${(written.rollUpMs / 1000).toFixed(1)} s) | ${timing.oneDayMs.toFixed(1)} | ${timing.longMs.toFixed(1)} | ${timing.ratio.toFixed(2)}x | ${verdict(passes)} |`,
  );
  return passes;
}

/** Part 2: the plays report over `DAYS` days against one day, on each store. */
async function reports(dir: string): Promise<boolean> {
  line(`\n## the plays report over ${DAYS} days against one day: ${SLOTS.toLocaleString('en')} slots, ${KEYS_PER_HOUR} played an hour, median of ${REPEATS}; load ${loadAverage()}`);
  line(`| store | seeded | one day (ms) | ${DAYS} days (ms) | ratio | at most ${REPORT_TARGET}x |`);
  line('|---|---|---|---|---|---|');
  const sqlite = new SqliteStore(join(dir, 'report.db'));
  let passes: boolean;
  try {
    passes = await reportOn('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
  if (MAINTENANCE === 'none') return passes;
  const database = `slotmoji_bench_insights_${randomBytes(4).toString('hex')}`;
  await maintenance(`CREATE DATABASE ${database}`);
  const postgres = new PostgresStore(`${MAINTENANCE.replace(/\/[^/]*$/, '')}/${database}`);
  try {
    passes = (await reportOn('PostgreSQL', postgres)) && passes;
  } finally {
    await postgres.close();
    await maintenance(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
  return passes;
}

async function main(): Promise<void> {
  const machine = describeMachine();
  line(`# bench:insights-cells, ${new Date().toISOString()}, ${machine.cpuModel} x${machine.cpuCount}, load ${loadAverage()}${INSIGHTS_ON_SIDE === 'off' ? ' (A/A: the "on" server has insights off too)' : ''}`);
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-insights-'));
  let passes = true;
  try {
    if (PARTS.includes('cells')) passes = (await cells(dir)) && passes;
    if (PARTS.includes('report')) passes = (await reports(dir)) && passes;
    if (PARTS.includes('flood')) passes = (await flood(dir)) && passes;
    if (PARTS.includes('torrent')) await torrent(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  line(`\nload at the end ${loadAverage()}; ${passes ? 'every target met' : 'a target missed'}`);
  if (!passes) process.exitCode = 1;
}

await main();
