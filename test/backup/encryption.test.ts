import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite.js';
import { SMALL_CATALOGUE } from '../support/fixtures.js';
import { runCli } from './cli.js';

/** The lines of a gzip backup, the header without its time of making. */
function lines(gzip: Buffer): unknown[] {
  const [header, ...rows] = gunzipSync(gzip).toString().trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  return [{ ...header, createdAt: '' }, ...rows];
}

/** A new age identity file made by Debian's age-keygen (scripts/ensure-age.sh), and its recipient. */
function identity(path: string): string {
  execFileSync('age-keygen', ['-o', path], { stdio: 'ignore' });
  return execFileSync('age-keygen', ['-y', path]).toString().trim();
}

describe('encrypted backups in the age format, read by the age command', { timeout: 300_000 }, () => {
  let dir: string;
  let source: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-age-'));
    source = join(dir, 'source.db');
    const store = new SqliteStore(source);
    await store.migrate();
    await store.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, '2026-01-01T00:00:00.000Z');
    await store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('encrypts to every recipient: age -d gives the same gzip JSON Lines, and restore --identity restores it', async () => {
    const [first, second, stranger] = ['one', 'two', 'stranger'].map((name) => join(dir, `${name}.key`)) as [string, string, string];
    const recipients = [identity(first), identity(second)];
    identity(stranger);
    const plain = join(dir, 'plain.backup');
    assert.equal((await runCli('backup', [plain], { DATABASE_URL: source })).status, 0);
    const sealed = join(dir, 'sealed.backup');
    const made = await runCli('backup', [sealed, '--recipient', recipients[0] ?? '', '--recipient', recipients[1] ?? ''], { DATABASE_URL: source });
    assert.equal(made.status, 0, made.stderr);
    assert.equal(readFileSync(sealed).subarray(0, 21).toString(), 'age-encryption.org/v1');
    for (const key of [first, second]) {
      assert.deepEqual(lines(execFileSync('age', ['-d', '-i', key, sealed])), lines(readFileSync(plain)), key);
    }
    assert.throws(() => execFileSync('age', ['-d', '-i', stranger, sealed], { stdio: 'pipe' }));

    const fromEnvironment = join(dir, 'environment.backup');
    assert.equal((await runCli('backup', [fromEnvironment], { DATABASE_URL: source, BACKUP_RECIPIENTS: ` ${recipients[1] ?? ''} ` })).status, 0);
    assert.deepEqual(lines(execFileSync('age', ['-d', '-i', second, fromEnvironment])), lines(readFileSync(plain)));

    for (const [args, problem] of [
      [[], /encrypted \(age\): give --identity/],
      [['--identity', stranger], /cannot be decrypted with this identity/],
      [['--identity', join(dir, 'missing.key')], /--identity: cannot read/],
    ] as const) {
      const target = join(dir, `refused-${args.length}-${String(args[1] ?? '').length}.db`);
      const refused = await runCli('restore', [sealed, ...args], { DATABASE_URL: target });
      assert.equal(refused.status, 1, refused.stderr);
      assert.match(refused.stderr, /^restore: [^\n]+\n$/);
      assert.match(refused.stderr, problem);
      assert.equal(existsSync(target), false, 'the store was never touched');
    }
    const target = join(dir, 'restored.db');
    const restored = await runCli('restore', [sealed, '--identity', second], { DATABASE_URL: target });
    assert.equal(restored.status, 0, restored.stderr);
    const backAgain = join(dir, 'again.backup');
    assert.equal((await runCli('backup', [backAgain], { DATABASE_URL: target })).status, 0);
    assert.deepEqual(lines(readFileSync(backAgain)).slice(1), lines(readFileSync(plain)).slice(1));

    const badRecipient = await runCli('backup', [join(dir, 'never.backup'), '--recipient', 'age1notakey'], { DATABASE_URL: source });
    assert.equal(badRecipient.status, 1);
    assert.match(badRecipient.stderr, /^backup: --recipient: "age1notakey" is not an age recipient/);
  });
});
