import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { AccessService } from '../../src/access/access-service.js';
import { newPassword } from '../../src/cli/password-prompt.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { programArguments } from '../support/programs.js';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm run operator -- …args` as a real process on the database at `path`, `stdin` piped in. */
function operator(path: string, args: readonly string[], stdin = ''): Promise<Run> {
  const child = spawn(process.execPath, [...programArguments('operator'), ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite://${path}` },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run operator', { timeout: 120_000 }, () => {
  let dir: string;
  let path: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-cli-'));
    path = join(dir, 'fresh.db');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('adds an owner on a fresh install, reading the password as one line of stdin', async () => {
    const added = await operator(path, ['add', 'root-owner', '--role', 'owner'], 'a very long password\n');
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /^added root-owner\towner\tenabled/);
    const listed = await operator(path, ['list']);
    assert.match(listed.stdout, /^root-owner\towner\tenabled/);
    const store = new SqliteStore(path);
    try {
      const access = new AccessService(store.access, undefined);
      assert.equal((await access.verifySignIn('root-owner', 'a very long password'))?.role, 'owner');
      const entry = (await store.access.audit({ limit: 1 }))[0];
      assert.deepEqual([entry?.action, entry?.actor], ['operator.create', { type: 'admin-token', name: 'command-line' }]);
    } finally {
      await store.close();
    }
  });

  it('changes the password, disables and enables', async () => {
    assert.equal((await operator(path, ['passwd', 'root-owner'], 'another long password\n')).code, 0);
    assert.match((await operator(path, ['disable', 'root-owner'])).stdout, /^disabled root-owner\towner\tdisabled/);
    assert.match((await operator(path, ['enable', 'root-owner'])).stdout, /^enabled root-owner\towner\tenabled/);
    const store = new SqliteStore(path);
    try {
      assert.equal((await new AccessService(store.access, undefined).verifySignIn('root-owner', 'another long password'))?.name, 'root-owner');
    } finally {
      await store.close();
    }
  });

  it('refuses bad input with a one-line message and a non-zero exit, changing nothing', async () => {
    const cases: [string[], string, RegExp][] = [
      [['add', 'shorty', '--role', 'editor'], 'short\n', /password: must be 12-1024 characters, got 5/],
      [['add', 'Upper', '--role', 'editor'], 'a very long password\n', /name: must be 1-64 of a-z 0-9/],
      [['add', 'root-owner', '--role', 'editor'], 'a very long password\n', /already taken/],
      [['add', 'nobody', '--role', 'king'], 'a very long password\n', /role: must be one of editor, owner/],
      [['add', 'nobody'], '', /add needs --role/],
      [['add', 'nobody', '--role', 'editor'], '', /stdin: expected the password on one line/],
      [['passwd', 'ghost'], 'a very long password\n', /no operator is called "ghost"/],
      [['explode'], '', /unknown command "explode"[\s\S]*usage: npm run operator/],
    ];
    for (const [args, stdin, message] of cases) {
      const run = await operator(path, args, stdin);
      assert.equal(run.code, 1, args.join(' '));
      assert.match(run.stderr, message, args.join(' '));
    }
    assert.equal((await operator(path, ['list'])).stdout.trim().split('\n').length, 1, 'still only root-owner');
  });

  it('asks twice on a terminal, without echoing what is typed', async () => {
    const terminal = (typed: string) => {
      const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input }) as unknown as NodeJS.ReadStream;
      const output = new PassThrough();
      let shown = '';
      output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
      setImmediate(() => (input as unknown as PassThrough).write(typed));
      return { input, output, shown: () => shown };
    };
    const same = terminal('typed secret 1\rtyped secret 1\r');
    assert.equal(await newPassword(same.input, same.output), 'typed secret 1');
    assert.ok(!same.shown().includes('typed secret'), 'nothing typed is echoed');
    assert.match(same.shown(), /Password[\s\S]*again/);
    const differing = terminal('typed secret 1\rtyped secret 2\r');
    await assert.rejects(newPassword(differing.input, differing.output), /the two passwords differ/);
  });
});
