import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSlotmojiClient } from '../../clients/typescript/index.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { slotFields } from '../support/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/process.js';
import { eventually } from '../support/wait.js';
import { COMMAND_TIMEOUT_MS, runCli } from './cli.js';

const SERVER_ENV = { ADMIN_TOKEN, PUBLIC_BASE_URL: 'https://slots.test', RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };

interface Catalogue {
  sequence: number;
  history: string;
  slots: { id: string }[];
  categories: Record<string, string[]>;
}
interface Change {
  sequence: number;
  type: string;
  slot?: { id: string };
  id?: string;
  categories?: Record<string, string[]>;
}

const get = async <T>(server: ServerProcess, path: string): Promise<T> => {
  const answer = await fetch(`${server.url}${path}`, { headers: AUTH });
  assert.equal(answer.status, 200, path);
  return (await answer.json()) as T;
};

const create = async (server: ServerProcess, name: string): Promise<void> => {
  const answer = await fetch(`${server.url}/api/admin/slots`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: JSON.stringify(slotFields({ name })) });
  assert.equal(answer.status, 201, await answer.text());
};

/** A copy of the catalogue: slots by id, and the category map. */
class Copy {
  slots = new Map<string, { id: string }>();
  categories: Record<string, string[]> = {};
  sequence = 0;

  start(snapshot: Catalogue): void {
    this.slots = new Map(snapshot.slots.map((slot) => [slot.id, slot]));
    this.categories = snapshot.categories;
    this.sequence = snapshot.sequence;
  }

  apply(change: Change): void {
    if (change.type === 'slot.upserted' && change.slot !== undefined) this.slots.set(change.slot.id, change.slot);
    if (change.type === 'slot.deleted') this.slots.delete(change.id ?? '');
    if (change.type === 'categories.replaced') this.categories = change.categories ?? {};
    this.sequence = change.sequence;
  }

  /** The slots in id order, as the snapshot lists them. */
  view(): { slots: { id: string }[]; categories: Record<string, string[]>; sequence: number } {
    return { slots: [...this.slots.values()].sort((a, b) => Number(a.id) - Number(b.id)), categories: this.categories, sequence: this.sequence };
  }
}

/** 500 admin writes from a process of its own, five at a time; resolves when it exits. */
function burst(url: string): Promise<number | null> {
  const script = `
    const body = (i) => JSON.stringify(${JSON.stringify(slotFields({ name: 'Burst' }))}).replace('"Burst"', '"Burst ' + i + '"').replace('"burst"', '"burst-' + i + '"');
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < 500; i = next++) {
        const answer = await fetch(process.env.URL + '/api/admin/slots', { method: 'POST', headers: { authorization: 'Bearer ${ADMIN_TOKEN}', 'content-type': 'application/json' }, body: body(i) });
        if (answer.status !== 201) throw new Error(await answer.text());
      }
    };
    Promise.all(Array.from({ length: 5 }, worker)).catch((error) => { console.error(error); process.exit(1); });
  `;
  const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, URL: url }, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    const hung = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the burst of 500 writes: still running after ${COMMAND_TIMEOUT_MS / 1000} s, killed`));
    }, COMMAND_TIMEOUT_MS);
    child.on('exit', (code) => {
      clearTimeout(hung);
      resolve(code);
    });
  });
}

describe('backups of a running service', { timeout: 600_000 }, () => {
  let dir: string;
  let database: TestDatabase;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-live-'));
    database = await createTestDatabase();
  });
  after(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken during a burst of 500 writes from another process restores to the catalogue at its sequence', async () => {
    const sourcePath = join(dir, 'burst.db');
    const source = await startServer({ ...SERVER_ENV, DATABASE_URL: sourcePath });
    const file = join(dir, 'burst.backup');
    const copy = new Copy();
    try {
      copy.start(await get<Catalogue>(source, '/api/catalogue'));
      const writing = burst(source.url);
      await eventually(async () => (await get<{ latest: number }>(source, '/api/changes?limit=1')).latest > copy.sequence + 50, 60_000, 'the burst under way');
      const backedUp = await runCli('backup', [file], { DATABASE_URL: sourcePath });
      assert.equal(backedUp.status, 0, backedUp.stderr);
      assert.equal(await writing, 0);
      const at = Number(/at change (\d+)/.exec(backedUp.stderr)?.[1]);
      assert.ok(at > copy.sequence + 50 && at < copy.sequence + 500, `taken during the burst: ${at}`);
      // The catalogue at the backup's sequence: the snapshot before the burst and the changes up to it.
      for (let after = copy.sequence; after < at; ) {
        const page = await get<{ changes: Change[]; next: number }>(source, `/api/changes?after=${after}&limit=1000`);
        for (const change of page.changes) if (change.sequence <= at) copy.apply(change);
        after = page.next;
      }
    } finally {
      await source.stop();
    }
    assert.equal((await runCli('restore', [file], { DATABASE_URL: database.url })).status, 0);
    const restored = await startServer({ ...SERVER_ENV, DATABASE_URL: database.url });
    try {
      const snapshot = await get<Catalogue>(restored, '/api/catalogue');
      assert.deepEqual({ slots: snapshot.slots, categories: snapshot.categories, sequence: snapshot.sequence }, copy.view());
    } finally {
      await restored.stop();
    }
  });

  it('a copy kept with client.follow() before a restore converges to the restored catalogue (the reset, then the snapshot)', async () => {
    const firstPath = join(dir, 'followed.db');
    const first = await startServer({ ...SERVER_ENV, DATABASE_URL: firstPath });
    const copy = new Copy();
    const controller = new AbortController();
    const histories: string[] = [];
    const following = (async () => {
      const client = createSlotmojiClient({ baseUrl: first.url });
      for await (const event of client.follow({ signal: controller.signal, reconnectDelayMs: 100 })) {
        if (event.kind === 'snapshot') {
          copy.start(event.snapshot as Catalogue);
          histories.push(event.snapshot.history);
        } else {
          copy.apply(event.change as Change);
        }
      }
    })();
    let second: ServerProcess | undefined;
    try {
      await create(first, 'Before The Backup');
      const file = join(dir, 'followed.backup');
      assert.equal((await runCli('backup', [file], { DATABASE_URL: firstPath })).status, 0);
      // Changes the copy takes that the backup will not hold: lost with the old database.
      for (const name of ['Lost One', 'Lost Two', 'Lost Three']) await create(first, name);
      const latest = (await get<Catalogue>(first, '/api/catalogue')).sequence;
      await eventually(() => copy.sequence === latest, 30_000, 'the copy following the first database');
      await first.stop();
      const secondPath = join(dir, 'restored.db');
      assert.equal((await runCli('restore', [file], { DATABASE_URL: secondPath })).status, 0);
      // More changes than were lost, written before the copy can reach the new database (on another port):
      // a copy that went on from its old position would skip some and keep the lost ones.
      const elsewhere = await startServer({ ...SERVER_ENV, DATABASE_URL: secondPath });
      for (const name of ['New One', 'New Two', 'New Three', 'New Four', 'New Five', 'New Six']) await create(elsewhere, name);
      await elsewhere.stop();
      second = await startServer({ ...SERVER_ENV, DATABASE_URL: secondPath, PORT: String(first.port) });
      const server = second;
      const expected = await get<Catalogue>(server, '/api/catalogue');
      await eventually(async () => JSON.stringify(copy.view()) === JSON.stringify({ slots: expected.slots, categories: expected.categories, sequence: expected.sequence }), 60_000, 'the copy converging');
      assert.deepEqual(histories, [histories[0], expected.history], 'one snapshot at the start, one after the restore');
      assert.ok(![...copy.slots.values()].some((slot) => JSON.stringify(slot).includes('Lost')));
    } finally {
      controller.abort();
      await following.catch(() => undefined);
      await first.stop();
      await second?.stop();
    }
  });
});
