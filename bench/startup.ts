/**
 * Start-up and import cost at one catalogue size, A/B: for each build given, alternating round by
 * round, imports the synthetic catalogue into a fresh server (import ms, the server's peak RSS),
 * restarts it on that file (ready ms, RSS at ready) and times a few one-slot writes under reads.
 *
 *   npm run bench:startup -- [--size 100000] [--rounds 5] [--no-stall] [--searched] NAME=path/to/dist/server.js ...
 *
 * `--searched` asks 300 distinct search questions before the writes, so every index a snapshot makes
 * lazily (orders, bounds, facet columns, word tables) exists and moves with each write, and the writes
 * change a name word, the RTP and a feature instead of the description.
 *
 * e.g. `new=dist/server.js` against `base=/tmp/base/dist/server.js`, another commit built with
 * `node --import tsx scripts/build.ts /tmp/base/dist` (the whole dist/, chunks included; data/, src/
 * and package.json beside it, node_modules reachable).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { readCommandLine } from './report/command-line.js';
import { memoryOf, pinSelf, killAll } from './servers/processes.js';
import { importBody, importCatalogue, startSlotmoji } from './servers/slotmoji-server.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';
import { probeSlug } from './load/workloads.js';
import { measureWriteStall, SEARCHED_FIELDS_EDIT } from './measure/write-stall.js';
import { distinctQuestions, questionPath } from './load/distinct-questions.js';
import { call } from './load/http-client.js';

interface Round {
  readonly importMs: number;
  /** CPU time the server spent on the import: on a busy machine, steadier than the wall clock. */
  readonly importCpuMs: number;
  readonly readyCpuMs: number;
  readonly importPeakMb: number;
  readonly readyMs: number;
  readonly readyRssMb: number;
  readonly readyPeakMb: number;
  readonly writeMs?: number;
  readonly stallMs?: number;
}

const USAGE = 'npm run bench:startup -- [--size 100000] [--rounds 5] [--no-stall] [--searched] NAME=path/to/dist/server.js ...';
const commandLine = readCommandLine(USAGE, { size: 100_000, rounds: 5 }, { flags: ['no-stall', 'searched'], positionals: true });
const { size, rounds } = commandLine.numbers;
const stall = !commandLine.flags['no-stall'];
const searched = commandLine.flags['searched'] === true;
const SEARCH_QUESTIONS = 300;
const builds = commandLine.positionals.map((arg): [string, string] => {
  const at = arg.indexOf('=');
  if (at < 1 || at === arg.length - 1) throw new Error(`"${arg}" is not NAME=path/to/dist/server.js\nusage: ${USAGE}`);
  return [arg.slice(0, at), arg.slice(at + 1)];
});
if (builds.length === 0) throw new Error(`give at least one NAME=path/to/dist/server.js\nusage: ${USAGE}`);

const SERVER_CORES = '0';
pinSelf('1');
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
/** User and system CPU time `pid` has used so far (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

async function round(serverEntry: string, document: ReturnType<typeof syntheticCatalogue>, body: Buffer): Promise<Round> {
  const directory = mkdtempSync(join(tmpdir(), 'slotmoji-startup-'));
  try {
    const databasePath = join(directory, 'bench.db');
    const first = await startSlotmoji({ serverEntry, databasePath, cores: SERVER_CORES });
    let importMs: number;
    let importPeakMb: number;
    let importCpuMs: number;
    try {
      const before = cpuMs(first.process.pid);
      importMs = await importCatalogue(first.url, body);
      importCpuMs = cpuMs(first.process.pid) - before;
      importPeakMb = memoryOf(first.process.pid).peakRssMb;
    } finally {
      await first.stop();
    }
    const server = await startSlotmoji({ serverEntry, databasePath, cores: SERVER_CORES });
    try {
      const ready = memoryOf(server.process.pid);
      const readyCpuMs = cpuMs(server.process.pid);
      const result = { importMs, importCpuMs, readyCpuMs, importPeakMb, readyMs: server.readyMs, readyRssMb: ready.rssMb, readyPeakMb: ready.peakRssMb };
      if (!stall) return result;
      if (searched) await askQuestions(server.url, document);
      const write = await measureWriteStall(server.url, probeSlug(document), searched ? SEARCHED_FIELDS_EDIT : undefined);
      return { ...result, writeMs: median(write.writeMs), stallMs: write.maxReadDuringWriteMs };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Distinct search questions, one at a time, each required to answer 200. */
async function askQuestions(url: string, document: ReturnType<typeof syntheticCatalogue>): Promise<void> {
  for (const question of distinctQuestions(document, SEARCH_QUESTIONS, QUESTION_SEED)) {
    const reply = await call(`${url}${questionPath(question)}`);
    if (reply.status !== 200) throw new Error(`${questionPath(question)} answered ${reply.status}`);
  }
}

const QUESTION_SEED = 38;

async function main(): Promise<void> {
  const { categories } = await readCatalogueDocument();
  const document = syntheticCatalogue(size, categories, 42);
  const body = importBody(document);
  process.stderr.write(`${size} slots, ${rounds} rounds${searched ? ', searched first' : ''}; load ${load()}\n`);
  const results = new Map<string, Round[]>(builds.map(([name]) => [name, []]));
  for (let index = 0; index < rounds; index++) {
    // Alternate which build goes first, so a drift in machine load falls on both alike.
    const order = index % 2 === 0 ? builds : [...builds].reverse();
    for (const [name, entry] of order) {
      const result = await round(entry, document, body);
      results.get(name)?.push(result);
      process.stderr.write(
        `round ${index + 1} ${name}: import ${Math.round(result.importMs)} ms (CPU ${result.importCpuMs}) peak ${Math.round(result.importPeakMb)} MB; ` +
          `ready ${Math.round(result.readyMs)} ms (CPU ${result.readyCpuMs}) RSS ${Math.round(result.readyRssMb)} MB (peak ${Math.round(result.readyPeakMb)})` +
          (result.writeMs === undefined ? '' : `; write ${result.writeMs.toFixed(1)} ms, stall ${result.stallMs?.toFixed(1)} ms`) +
          `; load ${load()}\n`,
      );
    }
  }
  for (const [name, list] of results) {
    const of = (pick: (round: Round) => number | undefined) => median(list.map(pick).filter((value): value is number => value !== undefined));
    process.stdout.write(
      `${name}: import ${Math.round(of((r) => r.importMs))} ms (CPU ${of((r) => r.importCpuMs)}), import peak ${Math.round(of((r) => r.importPeakMb))} MB, ` +
        `ready ${Math.round(of((r) => r.readyMs))} ms (CPU ${of((r) => r.readyCpuMs)}), RSS at ready ${Math.round(of((r) => r.readyRssMb))} MB, ` +
        `start-up peak ${Math.round(of((r) => r.readyPeakMb))} MB` +
        (stall ? `, write ${of((r) => r.writeMs).toFixed(1)} ms, stall ${of((r) => r.stallMs).toFixed(1)} ms` : '') +
        ` (medians of ${list.length})\n`,
    );
  }
  process.stdout.write(`load average at the end: ${load()}\n`);
}

main().catch((error: unknown) => {
  killAll();
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
