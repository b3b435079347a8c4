/**
 * The costs of insights (decisions §21, issue 49 "Measured"), in one run:
 *
 * 1. the four public cells (slug, list, match, play) with insights on against the same build with
 *    `INSIGHTS=off`: each at least 0.95x the requests per second, both sides in alternating rounds,
 *    ratios per round pair, medians (bench/measure/rounds.ts);
 * 2. the plays report over 400 days of hourly rows for 100,000 slots against the same report over one
 *    day, on SQLite and on PostgreSQL: at most 1.5x the time (bench/measure/insight-report.ts).
 *
 *   flock /tmp/slotmoji-bench.lock npm run bench:insights-cells
 *
 * Knobs: BENCH_INSIGHTS_ROUNDS (9), BENCH_INSIGHTS_SECONDS (3 per round and side, as bench:signals: shorter rounds drift), BENCH_CONNECTIONS (32),
 * BENCH_INSIGHTS_SLOTS (100000), BENCH_INSIGHTS_DAYS (400), BENCH_INSIGHTS_KEYS_PER_HOUR (500),
 * BENCH_INSIGHTS_REPEATS (5 timed reports per range), BENCH_INSIGHTS_PARTS (`cells,report` by default),
 * BENCH_INSIGHTS_PG (the maintenance database through which a throwaway one is made;
 * postgres://postgres@127.0.0.1:5432/postgres; `none` skips PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Store } from '../src/store/store.js';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { loadRunner, type LoadSettings } from './load/load.js';
import { LIST_50_WORKLOAD, MATCH_WORKLOAD, SLUG_WORKLOAD, workloads } from './load/workloads.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { seedPlays, timeReports } from './measure/insight-report.js';
import { measureRounds, summariseRounds } from './measure/rounds.js';
import { startSlotmoji, type SlotmojiServer } from './servers/slotmoji-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = knob('BENCH_INSIGHTS_ROUNDS', 9);
const SECONDS = knob('BENCH_INSIGHTS_SECONDS', 3);
const CONNECTIONS = knob('BENCH_CONNECTIONS', 32);
const SLOTS = knob('BENCH_INSIGHTS_SLOTS', 100_000);
const DAYS = knob('BENCH_INSIGHTS_DAYS', 400);
const KEYS_PER_HOUR = knob('BENCH_INSIGHTS_KEYS_PER_HOUR', 500);
const REPEATS = knob('BENCH_INSIGHTS_REPEATS', 5);
const PARTS = (process.env['BENCH_INSIGHTS_PARTS'] ?? 'cells,report').split(',');
const MAINTENANCE = process.env['BENCH_INSIGHTS_PG'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CELL_TARGET = 0.95;
const REPORT_TARGET = 1.5;
const PLAY_WORKLOAD = 'GET /api/play/{2 emojis}';
const CELLS = [SLUG_WORKLOAD, LIST_50_WORKLOAD, MATCH_WORKLOAD, PLAY_WORKLOAD];
const line = (text = '') => void process.stdout.write(`${text}\n`);
const verdict = (passes: boolean) => (passes ? 'PASS' : 'FAIL');

/** Part 1: each public cell on the build with insights on against the same build with them off. */
async function cells(dir: string): Promise<boolean> {
  const serverEntry = join(ROOT, 'dist', 'server.js');
  const servers: SlotmojiServer[] = [];
  let passes = true;
  try {
    const on = await startSlotmoji({ serverEntry, databasePath: join(dir, 'on.db'), cores: '0', env: { INSIGHTS: 'on' } });
    servers.push(on);
    const off = await startSlotmoji({ serverEntry, databasePath: join(dir, 'off.db'), cores: '0', env: { INSIGHTS: 'off' } });
    servers.push(off);
    const document = await readCatalogueDocument();
    const settings: LoadSettings = { connections: CONNECTIONS, cores: '1', threads: 1, directory: dir };
    const plan = { rounds: ROUNDS, roundSeconds: SECONDS, warmupSeconds: SECONDS };
    line(`\n## the public cells with insights on against INSIGHTS=off (the same build): ${ROUNDS} rounds of ${SECONDS} s per side, ${CONNECTIONS} connections`);
    line(`| cell | rps on | rps off | median ratio of the round pairs | at least ${CELL_TARGET}x |`);
    line('|---|---|---|---|---|');
    for (const workload of workloads(document).filter((cell) => CELLS.includes(cell.name))) {
      const run = loadRunner(workload, { ...settings, directory: mkdtempSync(join(dir, 'cell-')) });
      const rounds = await measureRounds(run, { slotmoji: { url: on.url, pid: on.process.pid }, baseline: { url: off.url, pid: off.process.pid } }, plan);
      const summary = summariseRounds(rounds);
      const cellPasses = summary.ratios.rps >= CELL_TARGET;
      passes &&= cellPasses;
      line(`| ${workload.name} | ${summary.slotmoji.rps.toFixed(0)} | ${summary.baseline.rps.toFixed(0)} | ${summary.ratios.rps.toFixed(3)}x | ${verdict(cellPasses)} |`);
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  return passes;
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
    `| ${name} | ${written.hours.toLocaleString('en')} hourly rows, ${written.registers.toLocaleString('en')} registers (${seconds} s) | ${timing.oneDayMs.toFixed(1)} | ${timing.longMs.toFixed(1)} | ${timing.ratio.toFixed(2)}x | ${verdict(passes)} |`,
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
  line(`# bench:insights-cells, ${new Date().toISOString()}, ${machine.cpuModel} x${machine.cpuCount}, load ${loadAverage()}`);
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-insights-'));
  let passes = true;
  try {
    if (PARTS.includes('cells')) passes = (await cells(dir)) && passes;
    if (PARTS.includes('report')) passes = (await reports(dir)) && passes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  line(`\nload at the end ${loadAverage()}; ${passes ? 'every target met' : 'a target missed'}`);
  if (!passes) process.exitCode = 1;
}

await main();
