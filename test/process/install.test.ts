import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../support/process.js';
import { diskTemporaryFolder } from '../support/temporary.js';
import { eventually } from '../support/wait.js';

interface Run {
  readonly code: number | null;
  readonly output: string;
}

/** The commands package.json runs built: script name and the file under dist/cli/. */
function builtCommands(scripts: Readonly<Record<string, string>>): [script: string, file: string][] {
  return Object.entries(scripts).flatMap(([script, command]) => {
    const file = /^node (dist\/cli\/[\w-]+\.js)\b/.exec(command)?.[1];
    return file === undefined ? [] : [[script, file] as [string, string]];
  });
}

/**
 * Decisions §20, installs without the build tools, done as a deployer does it, in a copy of the
 * checkout: `npm start` builds first (as on a fresh clone), `npm prune --omit=dev` takes the build
 * tools away, and then `npm start` and every command (`npm run operator`, and each other script that
 * runs a built command) still work. The copy's node_modules are the checkout's, hard-linked, in place
 * of a second `npm ci` from the same lock file (which would compile better-sqlite3 again).
 */
describe('an install pruned of the build tools', { timeout: 240_000 }, () => {
  const copy = mkdtempSync(join(diskTemporaryFolder(), 'slotmoji-install-'));
  const database = join(copy, 'catalogue.db');
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

  before(() => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { encoding: 'utf8' }).split('\0').filter((file) => file !== '' && existsSync(file));
    for (const file of files) {
      mkdirSync(join(copy, dirname(file)), { recursive: true });
      cpSync(file, join(copy, file));
    }
    execFileSync('cp', ['-al', 'node_modules', join(copy, 'node_modules')]);
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  /** `npm run SCRIPT -- …args` in the copy, `stdin` piped in. */
  const npm = (args: readonly string[], stdin = '', env: Record<string, string> = {}): Promise<Run> => {
    const child = spawn('npm', ['--silent', ...args], { cwd: copy, env: { ...process.env, DATABASE_URL: `sqlite://${database}`, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(stdin);
    return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
  };

  /** `npm start` in the copy until it answers; then SIGTERM to its process group, and its exit. */
  const startAndStop = async (): Promise<string> => {
    const port = await freePort();
    const child = spawn('npm', ['start'], { cwd: copy, env: { ...process.env, DATABASE_URL: `sqlite://${database}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await eventually(
        async () => {
          assert.equal(child.exitCode, null, `npm start exited: ${output}`);
          return (await fetch(`http://127.0.0.1:${port}/api/slots/wild-swarm`).then((answer) => answer.status, () => 0)) === 200;
        },
        120_000,
        'the server answering',
      );
    } finally {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    return output;
  };

  it('npm start builds first on a fresh checkout', async () => {
    assert.equal(existsSync(join(copy, 'dist')), false, 'a fresh checkout has no dist/');
    await startAndStop();
    assert.ok(existsSync(join(copy, 'dist', 'server.js')), 'built by npm start');
  });

  it('after npm prune --omit=dev, npm start, npm run operator and every built command work', async () => {
    const pruned = await npm(['prune', '--omit=dev', '--offline']);
    assert.equal(pruned.code, 0, pruned.output);
    for (const tool of ['esbuild', 'tsx', 'typescript']) assert.equal(existsSync(join(copy, 'node_modules', tool)), false, `${tool} pruned`);

    await startAndStop();

    const added = await npm(['run', 'operator', '--', 'add', 'deployer', '--role', 'owner'], 'a long enough password\n');
    assert.equal(added.code, 0, added.output);
    const listed = await npm(['run', 'operator', '--', 'list']);
    assert.equal(listed.code, 0, listed.output);
    assert.match(listed.output, /^deployer\towner\tenabled/m);

    const commands = builtCommands(scripts);
    for (const name of ['operator', 'backup', 'restore']) assert.ok(commands.some(([script]) => script === name), `npm run ${name} runs the built command`);
    for (const [script, file] of commands) {
      assert.ok(existsSync(join(copy, file)), `${file} built for npm run ${script}`);
      // Without arguments a command explains itself and exits 1; what matters is that it loads and runs.
      const run = await npm(['run', script]);
      assert.doesNotMatch(run.output, /ERR_MODULE_NOT_FOUND|Cannot find (module|package)|ERR_UNKNOWN_FILE_EXTENSION/, `npm run ${script}`);
      assert.match(run.output, new RegExp(`^${script}: `, 'm'), `npm run ${script} says what is wrong in its own words: ${run.output}`);
    }

    // And a backup of the served database restores into a new one, with nothing but the production dependencies.
    const backup = join(copy, 'pruned.backup');
    const made = await npm(['run', 'backup', '--', backup]);
    assert.equal(made.code, 0, made.output);
    const restored = await npm(['run', 'restore', '--', backup], '', { DATABASE_URL: `sqlite://${join(copy, 'restored.db')}` });
    assert.equal(restored.code, 0, restored.output);
    assert.match(restored.output, /^restore: [^\n]* new history /m);
  });
});
