/**
 * Issue 47's "Measured": `npm run backup` and `npm run restore` of a large state, on SQLite and on
 * PostgreSQL (each a database of its own, dropped after), the built commands as an operator runs them:
 *
 * 1. backup and restore times, each against `GET /api/admin/catalogue` of the same slots (a ratio, no target);
 * 2. each command's peak resident memory: with 10,000 audit entries against 1,000,000 (target: at most
 *    1.2x, the state is streamed), and against the command at rest (the same command over an empty database);
 * 3. the p99 of `GET /api/slots/{slug}`, asked by a separate process, while a backup of the served
 *    database runs against quiet (target: at most 1.5x).
 *
 *   flock /tmp/slotmoji-bench.lock npm run bench:backup
 *
 * Knobs: BENCH_BACKUP_SLOTS (100000), BENCH_BACKUP_AUDIT (1000000), BENCH_BACKUP_AUDIT_FEW (10000),
 * BENCH_BACKUP_ROUNDS (3: quiet and backup probes alternated, medians), BENCH_BACKUP_CONNECTIONS (2),
 * BENCH_BACKUP_STORES (sqlite,postgres).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { percentile, probe } from './audit/argon2-load.js';
import { benchDatabase, type BenchDatabase } from './audit/stores.js';
import { runMeasured, type CommandRun } from './backup/measured-command.js';
import { seededDatabase, type StoreKind } from './backup/seeded-store.js';
import { call } from './load/http-client.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { median } from './measure/rounds.js';
import { ADMIN_TOKEN, startSlotmoji } from './servers/slotmoji-server.js';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SLOTS = knob('BENCH_BACKUP_SLOTS', 100_000);
const AUDIT = knob('BENCH_BACKUP_AUDIT', 1_000_000);
const AUDIT_FEW = knob('BENCH_BACKUP_AUDIT_FEW', 10_000);
const ROUNDS = knob('BENCH_BACKUP_ROUNDS', 3);
const CONNECTIONS = knob('BENCH_BACKUP_CONNECTIONS', 2);
const STORES: StoreKind[] = (process.env['BENCH_BACKUP_STORES'] ?? 'sqlite,postgres').split(',').map((kind) => (kind.trim() === 'postgres' ? 'postgres' : 'sqlite'));
/** The targets of issue 47. */
const MEMORY_GROWTH_LIMIT = 1.2;
const P99_LIMIT = 1.5;

const line = (text = '') => void process.stdout.write(`${text}\n`);
const count = (value: number) => value.toLocaleString('en-US');
const seconds = (value: number) => `${value.toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mib = (value: number) => `${value.toFixed(1)} MiB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const row = (cells: readonly string[]) => line(`| ${cells.join(' | ')} |`);

/** A DATABASE_URL for `database` as the commands and the server take it. */
const urlOf = (kind: StoreKind, database: BenchDatabase) => (kind === 'sqlite' ? `sqlite://${database.location}` : database.location);

/** Backs up `source` into `file`, then restores it into a new database of the same kind, dropped after; both measured. */
async function backupAndRestore(kind: StoreKind, source: BenchDatabase, file: string): Promise<{ backup: CommandRun; restore: CommandRun }> {
  rmSync(file, { force: true });
  const backup = await runMeasured('backup', [file], urlOf(kind, source));
  const target = await benchDatabase(kind);
  try {
    return { backup, restore: await runMeasured('restore', [file], urlOf(kind, target)) };
  } finally {
    await target.drop();
  }
}

interface StoreReport {
  readonly exportSeconds: number;
  readonly backupSeconds: number;
  readonly restoreSeconds: number;
  /** Peak MiB of each command over an empty database, over AUDIT_FEW entries and over AUDIT entries. */
  readonly memory: Readonly<Record<'backup' | 'restore', { rest: number; few: number; many: number }>>;
  readonly quietP99: number;
  readonly backupP99: number;
}

async function measureStore(kind: StoreKind, document: Awaited<ReturnType<typeof syntheticCatalogue>>, dir: string): Promise<StoreReport> {
  const file = join(dir, `${kind}.backup`);
  const databases: BenchDatabase[] = [];
  try {
    const seed = async (slots: typeof document, audit: number) => {
      const database = await seededDatabase(kind, slots, audit);
      databases.push(database);
      return database;
    };
    const empty = await seed({ slots: [], categories: {} }, 0);
    const few = await seed(document, AUDIT_FEW);
    const many = await seed(document, AUDIT);
    const rest = await backupAndRestore(kind, empty, file);
    const fewRun = await backupAndRestore(kind, few, file);

    const server = await startSlotmoji({ serverEntry: 'dist/server.js', databasePath: '', databaseUrl: urlOf(kind, many), cores: `0-${availableParallelism() - 1}` });
    try {
      const exportTimes: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const reply = await call(`${server.url}/api/admin/catalogue`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, timeoutMs: 600_000 });
        if (reply.status !== 200) throw new Error(`GET /api/admin/catalogue answered ${reply.status}`);
        exportTimes.push(reply.ms / 1000);
      }
      // The first slug of the synthetic catalogue, as the service made it; one run gives the probes' length.
      const slug = (document.slots[0]?.name ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const slugUrl = `${server.url}/api/slots/${slug}`;
      if ((await call(slugUrl)).status !== 200) throw new Error(`${slugUrl} is not a slot`);
      const manyRuns = [await backupAndRestore(kind, many, file)];
      const probeSeconds = Math.max(2, Math.ceil(manyRuns[0]?.backup.seconds ?? 0));
      const quiet: number[] = [];
      const during: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        quiet.push(percentile(await probe(slugUrl, CONNECTIONS, probeSeconds), 0.99));
        rmSync(file, { force: true });
        const [latencies, backup] = await Promise.all([probe(slugUrl, CONNECTIONS, probeSeconds), runMeasured('backup', [file], urlOf(kind, many))]);
        during.push(percentile(latencies, 0.99));
        const target = await benchDatabase(kind);
        try {
          manyRuns.push({ backup, restore: await runMeasured('restore', [file], urlOf(kind, target)) });
        } finally {
          await target.drop();
        }
      }
      const peak = (runs: readonly { backup: CommandRun; restore: CommandRun }[], which: 'backup' | 'restore') => median(runs.map((run) => run[which].peakMiB));
      return {
        exportSeconds: median(exportTimes),
        backupSeconds: median(manyRuns.map((run) => run.backup.seconds)),
        restoreSeconds: median(manyRuns.map((run) => run.restore.seconds)),
        memory: {
          backup: { rest: rest.backup.peakMiB, few: fewRun.backup.peakMiB, many: peak(manyRuns, 'backup') },
          restore: { rest: rest.restore.peakMiB, few: fewRun.restore.peakMiB, many: peak(manyRuns, 'restore') },
        },
        quietP99: median(quiet),
        backupP99: median(during),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(file, { force: true });
    for (const database of databases) await database.drop();
  }
}

async function main(): Promise<void> {
  const machine = describeMachine();
  const loadBefore = loadAverage();
  line(`# bench:backup, ${new Date().toISOString()}, ${machine.cpuModel} x${machine.cpuCount}, load average ${loadBefore}`);
  line(`${count(SLOTS)} slots; audit entries ${count(AUDIT_FEW)} vs ${count(AUDIT)}; ${ROUNDS} rounds; p99 of GET /api/slots/{slug} over ${CONNECTIONS} connections`);
  const { categories } = await readCatalogueDocument();
  const document = syntheticCatalogue(SLOTS, categories);
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-backup-'));
  try {
    for (const kind of STORES) {
      const report = await measureStore(kind, document, dir);
      line(`\n## ${kind}: ${count(SLOTS)} slots, ${count(AUDIT)} audit entries`);
      row(['measure', 'figure', 'against', 'ratio', 'target']);
      row(['---', '---:', '---:', '---:', '---']);
      row(['backup time', seconds(report.backupSeconds), `GET /api/admin/catalogue ${seconds(report.exportSeconds)}`, `${(report.backupSeconds / report.exportSeconds).toFixed(2)}x`, 'reported']);
      row(['restore time', seconds(report.restoreSeconds), `GET /api/admin/catalogue ${seconds(report.exportSeconds)}`, `${(report.restoreSeconds / report.exportSeconds).toFixed(2)}x`, 'reported']);
      for (const which of ['backup', 'restore'] as const) {
        const { rest, few, many } = report.memory[which];
        const growth = many / few;
        row([`${which} peak memory`, `${mib(many)} at ${count(AUDIT)}`, `${mib(few)} at ${count(AUDIT_FEW)}`, `${growth.toFixed(2)}x`, `${verdict(growth <= MEMORY_GROWTH_LIMIT)} (at most ${MEMORY_GROWTH_LIMIT}x)`]);
        row([`${which} peak over rest`, `+${mib(many - rest)}`, `at rest (empty database) ${mib(rest)}`, `${(many / rest).toFixed(2)}x`, 'reported']);
      }
      const p99 = report.backupP99 / report.quietP99;
      row(['public p99 during a backup', ms(report.backupP99), `quiet ${ms(report.quietP99)}`, `${p99.toFixed(2)}x`, `${verdict(p99 <= P99_LIMIT)} (at most ${P99_LIMIT}x)`]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  line(`\nload average before ${loadBefore}, after ${loadAverage()}: figures measured on a busy machine are not results`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:backup failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
