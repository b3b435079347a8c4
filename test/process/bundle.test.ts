import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BESIDE_DIST } from '../../scripts/bundle-layout.js';
import { deleteKeys, keysUnder, REDIS_URL, testKeyPrefix } from '../ratelimit/redis-support.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { longSlots, slotFields } from '../support/fixtures.js';
import { createTestDatabase } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/process.js';
import { rowsInFileAlone } from '../support/sqlite-file.js';
import { eventually } from '../support/wait.js';

/**
 * The tests of src/ run the sources through tsx; `npm start` runs the esbuild bundle. These run the
 * bundle itself, built by scripts/build.ts, on what a bundle can get wrong: packages that read their
 * own files or `require` at run time, the clients left outside it, the files it finds from the root.
 */
describe('the built bundle, dist/server.js', () => {
  // A root of its own: the bundle built into its dist/, beside links to what it reads from the project.
  const root = mkdtempSync(join(tmpdir(), 'slotmoji-bundle-'));
  const entry = join(root, 'dist', 'server.js');
  const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

  before(() => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', join(root, 'dist')], { stdio: 'pipe' });
    for (const name of BESIDE_DIST) symlinkSync(join(process.cwd(), name), join(root, name));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const started = (env: Record<string, string>): Promise<ServerProcess> => startServer({ ADMIN_TOKEN, ...env }, 20_000, [entry]);

  it('serves the API, the compressed pages and assets, and the documentation from SQLite', async () => {
    const server = await started({ DATABASE_URL: `sqlite://${join(root, 'catalogue.db')}` });
    try {
      const slot = await fetch(`${server.url}/api/slots/wild-swarm`);
      assert.equal(slot.status, 200);
      assert.equal(((await slot.json()) as { name: string }).name, 'Wild Swarm');

      const match = await fetch(`${server.url}/api/match`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emojis: ['🐝'] }) });
      assert.equal(match.status, 200);
      assert.ok(((await match.json()) as { slots: unknown[] }).slots.length > 0);

      const invalid = await fetch(`${server.url}/api/slots?limit=abc`);
      assert.equal(invalid.status, 400);
      assert.match(((await invalid.json()) as { message: string }).message, /^limit: /);

      const home = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(home.status, 200);
      assert.equal(home.headers.get('content-encoding'), 'br');
      const asset = /\/assets\/site\.\w+\.css/.exec(await home.text())?.[0];
      assert.ok(asset !== undefined, 'the home page links its style sheet');
      const style = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(style.status, 200);
      assert.equal(style.headers.get('content-encoding'), 'gzip');
      assert.equal(await style.text(), readFileSync('src/web/assets/site.css', 'utf8'));

      const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { info: { version: string } };
      assert.equal(document.info.version, packageVersion);
      const docs = await fetch(`${server.url}/docs/static/swagger-ui.css`);
      assert.equal(docs.status, 200);
      assert.match(docs.headers.get('content-type') ?? '', /text\/css/);
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }
  });

  it('checkpoints the SQLite log on a thread of its own', async () => {
    const path = join(root, 'checkpointed.db');
    const server = await started({ DATABASE_URL: `sqlite://${path}` });
    try {
      // An import that takes the log past SQLite's threshold starts the thread (from the bundle), which copies it.
      // Left to SQLite it would be copied inside the commit; the thread copies it after the answer.
      const slots = longSlots(2500, 'Imported');
      const imported = await fetch(`${server.url}/api/admin/catalogue`, {
        method: 'PUT',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ slots, categories: { fruit: ['🍒'] } }),
      });
      assert.equal(imported.status, 200, await imported.text());
      await eventually(() => rowsInFileAlone(path, 'slots') === slots.length, 10_000, 'the import to be checkpointed');
      assert.doesNotMatch(server.output(), /checkpoint/);
    } finally {
      assert.equal(await server.stop(), 0, server.output());
    }
  });

  it('leaves the PostgreSQL and Redis clients out of what every start loads', () => {
    // The modules a start reads before running: the entry and the chunks it imports statically, in turn.
    const imported = (file: string): string[] =>
      [...readFileSync(file, 'utf8').matchAll(/(?:^|[;\s}])import\s*(?:[\w${},*\s]+?\s*from\s*)?"([^"]+)"/g)].map((match) => match[1] as string);
    const loaded = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const specifier of imported(file)) {
        if (specifier.startsWith('./')) visit(join(dirname(file), specifier));
        else packages.add(specifier);
      }
    };
    visit(entry);
    assert.ok(packages.has('better-sqlite3'), `static imports found: ${[...packages].join(', ')}`);
    assert.ok(!packages.has('pg') && !packages.has('ioredis'), `static imports found: ${[...packages].join(', ')}`);
  });

  it('runs on PostgreSQL and Redis, whose clients it loads from outside the bundle', async () => {
    const database = await createTestDatabase();
    const keyPrefix = testKeyPrefix();
    const server = await started({ DATABASE_URL: database.url, REDIS_URL, REDIS_KEY_PREFIX: keyPrefix });
    try {
      const created = await fetch(`${server.url}/api/admin/slots`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify(slotFields({ name: 'Built To Last', emojiTags: ['🦑'] })),
      });
      assert.equal(created.status, 201);
      const read = await fetch(`${server.url}/api/slots/built-to-last`);
      assert.equal(read.status, 200);
      assert.equal(read.headers.get('x-ratelimit-remaining'), '99');
      assert.ok(Object.keys(await keysUnder(REDIS_URL, keyPrefix)).length > 0, 'the counters live in Redis');
    } finally {
      assert.equal(await server.stop(), 0, server.output());
      await deleteKeys(keyPrefix);
      await database.drop();
    }
  });
});
