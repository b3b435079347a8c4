/**
 * `npm run test:only [-- paths…]`: node's test runner over every test file (or those under the given
 * files and folders), each first bundled by esbuild with the sources and production packages it imports
 * into ES modules (shared code split into chunks), then run as plain JavaScript.
 *
 * Why: through tsx, every test process (one per file) and every program a test starts spent seconds of
 * CPU on loading alone: tsx's loader thread resolves and reads about a thousand modules one message at a
 * time. Bundled, a test file is a handful of modules. One esbuild run for the whole suite costs less than
 * one test file's start-up did.
 *
 * The programs tests start as processes (the server, the operator command line, the webhook worker)
 * are bundled beside the tests; test/support/process.ts runs those bundles when SLOTMOJI_TEST_PROGRAMS
 * names their folder, and the sources through tsx otherwise, so one file run alone
 * (`node --import tsx --test test/…/x.test.ts`) needs no build.
 *
 * Bundling keeps what a module sees of itself: `import.meta.url` is the URL of its source file, so
 * paths built from it (the project's root, artifacts/) are the same as through tsx.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { availableParallelism, setPriority, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop, type Plugin } from 'esbuild';
import { DATABASE_PREFIX_VARIABLE, dropRunDatabases } from '../test/support/postgres.js';
import { PROGRAMS, PROGRAMS_VARIABLE } from '../test/support/programs.js';
import { DISK_TEMPORARY_VARIABLE } from '../test/support/temporary.js';
import { packageFolders, REQUIRE_IN_ESM, SERVER_EXTERNALS } from './bundling.js';
import { LONG_TEST_FILES } from './long-test-files.js';
import { SHARED_PROCESSES, SHARED_PROCESS_TESTS, sharedProcessEntry } from './shared-process-tests.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Left as packages of their own, loaded from node_modules: what scripts/build.ts leaves out of the
 * server's bundle (native addons, database clients), and the development tools (browsers, compilers,
 * linters), which only a few test files load.
 */
function externalPackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return [...SERVER_EXTERNALS, ...Object.keys(manifest.devDependencies)];
}

/** Every TypeScript module keeps its own `import.meta.url`, as if it had not been bundled. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** The test files under `path` (a file or a folder), sorted. */
function testFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(path, name))
    .sort();
}

/**
 * The reporter, bundled with the tests: node's spec reporter over places in the sources, then the
 * slowest files. The test processes run without `--enable-source-maps` (scripts/bundled-sources.ts).
 */
const REPORTER = 'scripts/test-reporter.ts';

// A file renamed or removed would leave a list silently, and with it its place in the shared process or at the start.
for (const [list, listed] of [['shared-process-tests', SHARED_PROCESS_TESTS], ['long-test-files', LONG_TEST_FILES]] as const) {
  const unlisted = [...listed].filter((file) => !existsSync(join(ROOT, file)));
  if (unlisted.length > 0) throw new Error(`scripts/${list}.ts lists files that do not exist: ${unlisted.join(', ')}`);
}

const files = (process.argv.length > 2 ? process.argv.slice(2) : ['test']).flatMap((path) => testFiles(relative(ROOT, resolve(path))));

// Inside the project, so that the bundles find the external packages in node_modules as the sources do.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'slotmoji-tests-'));
const removeBundles = () => rmSync(out, { recursive: true, force: true });

try {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [...files, ...Object.values(PROGRAMS), REPORTER],
    outdir: out,
    outbase: ROOT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externalPackages(),
    banner: { js: REQUIRE_IN_ESM },
    plugins: [ownImportMetaUrl, packageFolders],
    sourcemap: 'linked',
    // Read by the reporters, which only need the places: the sources are on disk.
    sourcesContent: false,
    logLevel: 'warning',
  });
} catch (error) {
  removeBundles();
  throw error;
} finally {
  // Ends esbuild's service process now, so that it is waited for and its CPU counted with the run's.
  await stop();
}

/**
 * Files run at once: two and a half times the cores, rounded up. A test file spends much of its time waiting
 * (for the servers and browsers it starts, for PostgreSQL, Redis and timers), yet with the shared processes
 * the host is busy all through a run, and each file more at once only adds contention: its polls and retries
 * spin longer. Alternated full runs on one two-core host, 2026-11-29 (two rounds; wall s / user+sys CPU s):
 * four at once 184 / 253 and 168 / 226, five 183 / 251 and 162 / 221, six 193 / 269 and 172 / 238.
 */
const CONCURRENCY = Math.ceil(2.5 * availableParallelism());

const bundled = (source: string) => join(out, source.replace(/\.ts$/, '.mjs'));

/**
 * The groups of files that share a process (scripts/shared-process-tests.ts; a group's file run alone still
 * runs alone) start first: each runs about as long as a long file, and its files are mostly CPU, which fills
 * the waits of the long files beside them. Then the long files (scripts/long-test-files.ts), longest first;
 * then the rest in path order.
 */
const groups = SHARED_PROCESSES.map((group) => files.filter((file) => group.includes(file))).filter((group) => group.length > 1);
const alone = files.filter((file) => !groups.some((group) => group.includes(file)));
const long = LONG_TEST_FILES.filter((file) => alone.includes(file));

/**
 * node's runner starts its files in path order whatever order it is given them in (node 20 sorts the list), so
 * the files that start first are entries in a folder whose paths sort before every bundle's and in the order
 * wanted (`0-first/01-….mjs`): a group's entry, or one that imports a long file's bundle.
 */
const FIRST = '0-first';
mkdirSync(join(out, FIRST));
const firstEntry = (position: number, name: string, text: string): string => {
  const entry = join(out, FIRST, `${String(position + 1).padStart(2, '0')}-${name}.mjs`);
  writeFileSync(entry, text);
  return entry;
};
const sharedEntries = groups.map((group, index) =>
  firstEntry(index, `shared-process-tests-${index + 1}`, sharedProcessEntry(group.map((source) => ({ source, bundle: bundled(source) })))),
);
const longEntries = long.map((file, index) =>
  firstEntry(groups.length + index, file.replace(/\.test\.ts$/, '').replaceAll('/', '-'), `import ${JSON.stringify(pathToFileURL(bundled(file)).href)};\n`),
);
const runnable = [...sharedEntries, ...longEntries, ...alone.filter((file) => !long.includes(file)).map(bundled)];

/**
 * The test processes' nice value, inherited by everything they start. The project runs its batch work at 19
 * (the backup and restore commands, the password-hashing threads) so that a serving instance's answers come
 * first. In the suite every process is somebody's service: at 0 beside them, the backup files' commands
 * got a core only when the rest left one idle (backup/refusals was CI's slowest file, at 151 s). At 18
 * the batch work takes a near-equal share, and 19 is still not what a test process has, so the tests
 * that check a command lowers itself still see it do so.
 */
const TEST_NICENESS = 18;
setPriority(TEST_NICENESS);

/** statfs's type of a tmpfs: a file system in memory. */
const TMPFS_MAGIC = 0x01021994;
const MEMORY_FOLDER = '/dev/shm';

/**
 * The folder the tests' temporary files go in (`TMPDIR`, which `os.tmpdir()` and Chromium read): one of
 * this run's own in memory when the host has a tmpfs, removed with whatever the tests left in it. SQLite
 * commits with `synchronous = FULL`, so on a disk every write the tests make (by the thousand) waits on an
 * fsync, which cost the whole machine kernel time beyond the processes' own. Nothing a test can observe
 * depends on the fsync: a killed process's committed writes are in the file either way, and a machine that
 * loses its power is out of any test's reach. What must share the checkout's disk (a copy hard-linked to its
 * node_modules) asks for the folder on disk by another name (test/support/temporary.ts).
 */
const temporaryFolder = existsSync(MEMORY_FOLDER) && statfsSync(MEMORY_FOLDER).type === TMPFS_MAGIC ? mkdtempSync(join(MEMORY_FOLDER, 'slotmoji-tests-')) : undefined;

/** The run's PostgreSQL databases are named under it: a process reuses those its tests are done with (test/support/postgres.ts). */
const databasePrefix = `slotmoji_run_${randomBytes(4).toString('hex')}`;

const runner = spawn(process.execPath, ['--test', `--test-concurrency=${CONCURRENCY}`, `--test-reporter=${bundled(REPORTER)}`, '--test-reporter-destination=stdout', ...runnable], {
  cwd: ROOT,
  env: {
    ...process.env,
    [PROGRAMS_VARIABLE]: out,
    [DATABASE_PREFIX_VARIABLE]: databasePrefix,
    ...(temporaryFolder === undefined ? {} : { TMPDIR: temporaryFolder, [DISK_TEMPORARY_VARIABLE]: tmpdir() }),
  },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => runner.kill(signal));
runner.once('exit', (code, signal) => {
  removeBundles();
  if (temporaryFolder !== undefined) rmSync(temporaryFolder, { recursive: true, force: true });
  process.exitCode = code ?? (signal === null ? 1 : 128);
  // A warning, not a failure: a run of files that need no PostgreSQL passes on a machine without one.
  dropRunDatabases(databasePrefix).catch((error: unknown) => console.error(`could not drop the run's databases (${databasePrefix}_…): ${String(error)}`));
});
