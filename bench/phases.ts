/**
 * Where an import and a start-up of the synthetic catalogue spend their time, phase by phase: each
 * round a fresh process pinned to one core (as the server is in `npm run bench`) calls what the server
 * calls for each phase, without HTTP (so receiving the body is not counted); medians over the rounds.
 * It runs the sources through tsx, not the bundle: a per cent or so slower (tsx names every function).
 *
 *   npm run bench:phases -- [--size 100000] [--rounds 5]
 *
 * The floor is what a quicker check, record copy or record text could not take away: parsing the
 * body, SQLite's inserts and building the snapshot. On a host whose floor is near a target, no work
 * on those three parts meets it; hosts differ by a factor of two or more, so compare their floors.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { Catalogue } from '../src/catalogue/catalogue.js';
import { checkDocumentSlot, validateCheckedDocument, type CatalogueDocument } from '../src/catalogue/records/document.js';
import { parseObjectPiecewise } from '../src/http/input/catalogue-body.js';
import { jsonParser } from '../src/http/input/json-parser.js';
import { readCatalogueDocument } from '../src/store/bundled.js';
import { recordText } from '../src/store/record-text.js';
import { importedRecords } from '../src/store/records.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { Actor } from '../src/store/access.js';
import { tuneV8ForServing } from '../src/v8-tuning.js';
import { readCommandLine } from './report/command-line.js';
import { describeMachine, loadAverage } from './measure/machine.js';
import { pinSelf } from './servers/processes.js';
import { median } from './measure/rounds.js';
import { importBody } from './servers/slotmoji-server.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';

/** The phases; "import:" and "start-up:" name the work they belong to. */
const PHASES = {
  parseAndCheck: 'import: the body parsed slot by slot, each slot checked as parsed',
  crossSlot: 'import: the checks across slots (ids and slugs given twice, categories)',
  store: "import: the store's transaction (records, texts, inserts, commit)",
  snapshot: 'import: the snapshot built from the records',
  parse: 'apart: the body parsed slot by slot, nothing checked',
  records: 'apart: the records made from the checked slots',
  texts: "apart: the records' texts for SQLite",
  load: 'start-up: the records read from SQLite and parsed',
  loadSnapshot: 'start-up: the snapshot built from them',
} as const;
type Phase = keyof typeof PHASES;
type Times = Partial<Record<Phase, number>>;
type RoundTimes = Readonly<Record<Phase, number>>;

/**
 * What one fresh process of a round does: `import` what the server does with an import body, in its
 * order (writing the SQLite file); `apart` the parts that the import's phases hold, each on its own;
 * `load` what the server does at start with that file.
 */
/** Who the measured import is audited as. */
const BENCH_ACTOR: Actor = { type: 'admin-token', name: 'admin-token' };

const MODES = ['import', 'apart', 'load'] as const;
type Mode = (typeof MODES)[number];
const CHILD_FLAG = '--phases-child';

/** Times each phase from the end of the one before; `restart` starts the clock again after untimed work. */
function stopwatch() {
  const times: Times = {};
  let started = performance.now();
  return {
    times,
    restart: () => void (started = performance.now()),
    timed<T>(phase: Phase, result: T): T {
      const now = performance.now();
      times[phase] = now - started;
      started = now;
      return result;
    },
  };
}

/** The body's members, each slot checked as it is parsed, as the server's import parses them. */
function checkedSlots(body: Buffer, parsePiece: (text: string) => unknown): Record<string, unknown> {
  const members = parseObjectPiecewise(body, 'slots', parsePiece, (text, index) => checkDocumentSlot(parsePiece(text), index));
  if (members === undefined) throw new Error('the scanner did not take the synthetic body');
  return members;
}

/** The document those members make once the checks across slots pass, as the server's import checks it. */
function checkedDocument(members: Readonly<Record<string, unknown>>): CatalogueDocument {
  const document = validateCheckedDocument(members);
  if (!document.ok) throw new Error(`the synthetic body is invalid: ${document.errors.join('; ')}`);
  return document.value;
}

/** One process of a round, fresh and pinned: the body from `bodyPath`, the SQLite file in `directory`. */
async function runChild(mode: Mode, bodyPath: string, directory: string): Promise<Times> {
  tuneV8ForServing();
  const path = join(directory, 'phases.db');
  const watch = stopwatch();
  if (mode === 'load') {
    const reader = new SqliteStore(path);
    watch.restart();
    const data = watch.timed('load', await reader.load());
    watch.timed('loadSnapshot', await Catalogue.build(data.slots, data.categories));
    await reader.close();
    return watch.times;
  }
  const body = readFileSync(bodyPath);
  const parsePiece = jsonParser(Fastify());
  const now = new Date().toISOString();
  if (mode === 'apart') {
    watch.restart();
    watch.timed('parse', parseObjectPiecewise(body, 'slots', parsePiece));
    const { slots } = checkedDocument(checkedSlots(body, parsePiece));
    watch.restart();
    const { records } = watch.timed('records', importedRecords(slots, 1, now));
    let length = 0;
    for (const record of records) length += recordText(record).length;
    watch.timed('texts', length);
    return watch.times;
  }
  // A fresh file each round, with no log left from the round before for SQLite to recover.
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const writer = new SqliteStore(path);
  await writer.migrate();
  watch.restart();
  const members = watch.timed('parseAndCheck', checkedSlots(body, parsePiece));
  const { slots, categories } = watch.timed('crossSlot', checkedDocument(members));
  const { records } = watch.timed('store', await writer.replaceCatalogue(slots, categories, now, BENCH_ACTOR));
  watch.timed('snapshot', await Catalogue.build(records, categories));
  await writer.close();
  return watch.times;
}

const ms = (value: number) => Math.round(value).toLocaleString('en-US');

/** Medians, ranges and shares of the rounds, with the import's and the start-up's totals and the floor. */
function report(rounds: readonly RoundTimes[]): string {
  const sum = (round: RoundTimes, phases: readonly Phase[]) => phases.reduce((total, phase) => total + round[phase], 0);
  const inserts = (round: RoundTimes) => round.store - round.records - round.texts;
  const derived = {
    import: (round: RoundTimes) => sum(round, ['parseAndCheck', 'crossSlot', 'store', 'snapshot']),
    inserts,
    floor: (round: RoundTimes) => round.parse + inserts(round) + round.snapshot,
    startUp: (round: RoundTimes) => sum(round, ['load', 'loadSnapshot']),
  };
  const importMedian = median(rounds.map(derived.import));
  const row = (name: string, values: readonly number[], total: number) =>
    `| ${name} | ${ms(median(values))} | ${ms(Math.min(...values))}–${ms(Math.max(...values))} | ${((100 * median(values)) / total).toFixed(0)} % |`;
  const startUpMedian = median(rounds.map(derived.startUp));
  return [
    '| phase | median ms | range ms | share |',
    '|---|---:|---:|---:|',
    ...(['parseAndCheck', 'crossSlot', 'store', 'snapshot'] as const).map((phase) => row(PHASES[phase], rounds.map((round) => round[phase]), importMedian)),
    row('**import, all of the above**', rounds.map(derived.import), importMedian),
    row('of which, apart: the parse alone', rounds.map((round) => round.parse), importMedian),
    row('of which, apart: the records', rounds.map((round) => round.records), importMedian),
    row('of which, apart: the texts', rounds.map((round) => round.texts), importMedian),
    row('of which, apart: the inserts and commit (the store less records and texts)', rounds.map(derived.inserts), importMedian),
    row('**the import\'s floor: parse alone, inserts and commit, snapshot**', rounds.map(derived.floor), importMedian),
    row(PHASES.load, rounds.map((round) => round.load), startUpMedian),
    row(PHASES.loadSnapshot, rounds.map((round) => round.loadSnapshot), startUpMedian),
    row('**start-up\'s catalogue, both of the above**', rounds.map(derived.startUp), startUpMedian),
  ].join('\n');
}

async function main(): Promise<void> {
  const [flag, mode, childBody, childDirectory] = process.argv.slice(2);
  if (flag === CHILD_FLAG && MODES.includes(mode as Mode) && childBody !== undefined && childDirectory !== undefined) {
    process.stdout.write(JSON.stringify(await runChild(mode as Mode, childBody, childDirectory)));
    return;
  }
  const USAGE = 'npm run bench:phases -- [--size 100000] [--rounds 5]';
  const { size, rounds } = readCommandLine(USAGE, { size: 100_000, rounds: 5 }).numbers;
  pinSelf('1');
  const directory = mkdtempSync(join(tmpdir(), 'slotmoji-phases-'));
  try {
    const bodyPath = join(directory, 'body.json');
    writeFileSync(bodyPath, importBody(syntheticCatalogue(size, (await readCatalogueDocument()).categories)));
    const machine = describeMachine();
    process.stdout.write(`${size.toLocaleString('en-US')} slots, ${rounds} rounds of three fresh processes on core 0; ${machine.cpuModel}, ${machine.node}; load ${loadAverage()}\n`);
    const results: RoundTimes[] = [];
    for (let round = 1; round <= rounds; round++) {
      const times: Times = {};
      for (const mode of MODES) {
        const child = spawnSync('taskset', ['-c', '0', process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url), CHILD_FLAG, mode, bodyPath, directory], {
          encoding: 'utf8',
        });
        if (child.status !== 0) throw new Error(`round ${round}, ${mode}: ${child.stderr}`);
        Object.assign(times, JSON.parse(child.stdout) as Times);
      }
      results.push(times as RoundTimes);
      process.stdout.write(`round ${round}: ${(Object.keys(PHASES) as Phase[]).map((phase) => `${phase} ${ms(times[phase] ?? Number.NaN)}`).join(', ')}\n`);
    }
    process.stdout.write(`\n${report(results)}\n\nload average at the end: ${loadAverage()}\n`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
