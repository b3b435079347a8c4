import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { signedHeaders } from '../../src/webhooks/signature.js';
import { ADMIN_TOKEN } from '../support/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { slotFields, TEST_ACTOR } from '../support/fixtures.js';

/*
 * The client as a partner gets it: built to JavaScript and declarations, packed by npm, installed
 * from the tarball into a project of its own (offline: its dependencies are packed from this
 * project's node_modules), and run there against a live server, as plain JavaScript and as
 * TypeScript compiled with --strict.
 */

const run = promisify(execFile);
const ROOT = resolve('.');
const CLIENT = join(ROOT, 'clients/typescript');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const manifest = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string>; exports: unknown; types: string };

/** The dependencies of the client and theirs, as packed from node_modules. */
function dependencyTree(): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const own = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dependency of Object.keys(own.dependencies ?? {})) visit(dependency);
  };
  for (const name of Object.keys(manifest.dependencies)) visit(name);
  return [...seen];
}

/** What both scripts do: read slots, follow the catalogue through one write of their own, verify a webhook. */
const script = (typed: boolean) => `
import { createSlotmojiClient, verifyWebhook${typed ? ', type FollowEvent, type paths' : ''} } from '${manifest.name}';
${typed ? "type SlotBody = paths['/api/admin/slots']['post']['requestBody']['content']['application/json'];" : ''}
const CONFIG = __CONFIG__;
const slot${typed ? ': SlotBody' : ''} = __SLOT__;
const client = createSlotmojiClient({ baseUrl: CONFIG.baseUrl, adminToken: CONFIG.adminToken });
const page = await client.GET('/api/slots', { params: { query: { limit: 2 } } });
const controller = new AbortController();
const seen${typed ? ': string[]' : ''} = [];
for await (const event of client.follow({ signal: controller.signal, reconnectDelayMs: 100 })) {
  if (event.kind === 'snapshot') {
    seen.push('snapshot ' + event.snapshot.slots.length);
    await client.POST('/api/admin/slots', { body: slot });
  } else {
    const change${typed ? ': Extract<FollowEvent, { kind: "change" }>["change"]' : ''} = event.change;
    seen.push(change.type + ' ' + (change.type === 'slot.upserted' ? change.slot.name : ''));
    controller.abort();
  }
}
const verified = verifyWebhook(CONFIG.secret, CONFIG.headers, CONFIG.body);
console.log(JSON.stringify({ total: page.data${typed ? '?' : ''}.total, seen, verified: 'sequence' in verified ? verified.sequence : verified.type }));
`;

describe('the client package', { timeout: 180_000 }, () => {
  let dir: string;
  let test: TestApp;
  let config: Record<string, unknown>;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-client-package-'));
    test = await startTestApp({ env: { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '1000' } });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const body = JSON.stringify({ sequence: 9, time: new Date().toISOString(), type: 'catalogue.imported' });
    config = {
      baseUrl: `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`,
      adminToken: ADMIN_TOKEN,
      secret,
      headers: signedHeaders({ current: secret, previous: undefined, previousUntil: 0 }, 'msg_9', new Date(), body),
      body,
    };
  });
  after(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('declares its entry points and only the dependencies it imports', () => {
    assert.deepEqual(manifest.exports, { '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    assert.equal(manifest.types, './dist/index.d.ts');
    const imported = new Set<string>();
    for (const file of ['index.ts', 'follow.ts', 'verify.ts']) {
      for (const [, from = ''] of readFileSync(join(CLIENT, file), 'utf8').matchAll(/^import .* from '([^.'][^']*)';$/gm)) imported.add(from.split('/')[0] ?? from);
    }
    assert.deepEqual([...imported].sort(), Object.keys(manifest.dependencies).sort());
  });

  it('is built, packed, installed from its tarball, and used from JavaScript and from TypeScript under --strict', async () => {
    await run(process.execPath, [TSC, '-p', join(CLIENT, 'tsconfig.json')]);
    const packs = join(dir, 'packs');
    mkdirSync(packs);
    // One npm for the client and its dependencies (each npm start costs about a second of CPU), packing
    // them as they are: without --ignore-scripts, standardwebhooks' prepare script rebuilds it with tsc.
    const folders = [CLIENT, ...dependencyTree().map((dependency) => join(ROOT, 'node_modules', dependency))];
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs, ...folders], { cwd: dir });
    const project = join(dir, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'partner-app', private: true, type: 'module' }));
    const tarballs = readdirSync(packs).map((file) => join(packs, file));
    await run('npm', ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', ...tarballs], { cwd: project });

    const filled = (text: string) => text.replace('__CONFIG__', JSON.stringify(config)).replace('__SLOT__', JSON.stringify(slotFields({ name: 'Packed Slot' })));
    writeFileSync(join(project, 'follow.mjs'), filled(script(false)));
    writeFileSync(join(project, 'follow.ts'), filled(script(true)));
    // The partner's code and every declaration it reaches (the package's and its dependencies') checked under
    // --strict; TypeScript's own lib files are left unchecked, a third of the check's time and none of ours.
    await run(process.execPath, [TSC, '--strict', '--noUncheckedIndexedAccess', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom,dom.iterable', '--skipDefaultLibCheck', 'follow.ts'], { cwd: project });

    for (const file of ['follow.mjs', 'follow.js']) {
      const { stdout } = await run(process.execPath, [file], { cwd: project, timeout: 30_000 });
      const result = JSON.parse(stdout) as { total: number; seen: string[]; verified: number };
      assert.equal(result.total > 0, true, file);
      assert.deepEqual(result.seen, [`snapshot ${result.seen[0]?.split(' ')[1]}`, 'slot.upserted Packed Slot'], file);
      assert.equal(result.verified, 9, file);
      // The next run writes its own slot of the same name: make room for it.
      const slots = test.catalogue.current.slots.filter((slot) => slot.slug === 'packed-slot');
      for (const slot of slots) await test.catalogue.deleteSlot(slot.id, TEST_ACTOR);
    }
  });
});
