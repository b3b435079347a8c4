import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { PostgresStore } from '../../../src/store/postgres.js';
import { SqliteStore } from '../../../src/store/sqlite.js';
import type { Store } from '../../../src/store/store.js';
import { ADMIN_TOKEN, AUTH } from '../../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../../support/fixtures.js';
import { createTestDatabase } from '../../support/postgres.js';
import { startServer } from '../../support/process.js';

/** A database of one kind, filled beforehand so the server never reads the bundled catalogue. */
interface Database {
  readonly url: string;
  connect(): Store;
  destroy(): Promise<void>;
}

const KINDS: readonly { readonly name: string; create(): Promise<Database> }[] = [
  {
    name: 'SQLite',
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'slotmoji-durable-'));
      const path = join(dir, 'catalogue.db');
      return { url: `sqlite://${path}`, connect: () => new SqliteStore(path), destroy: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    async create() {
      const database = await createTestDatabase();
      return { url: database.url, connect: () => new PostgresStore(database.url), destroy: () => database.drop() };
    },
  },
];

for (const kind of KINDS) {
  describe(`a real server process on ${kind.name}`, () => {
    it('keeps a created slot after being killed with SIGKILL right after the 201', async () => {
      const database = await kind.create();
      try {
        const seeding = database.connect();
        await seeding.migrate();
        await seeding.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, '2026-01-01T00:00:00.000Z');
        await seeding.close();
        const env = { DATABASE_URL: database.url, ADMIN_TOKEN, LOG_LEVEL: 'silent' };

        const first = await startServer(env);
        let created: Slot;
        try {
          const response = await fetch(`${first.url}/api/admin/slots`, {
            method: 'POST',
            headers: { ...AUTH, 'content-type': 'application/json' },
            body: JSON.stringify(slotFields({ name: 'Survives Kill', emojiTags: ['🧟'] })),
          });
          assert.equal(response.status, 201, await response.clone().text());
          created = (await response.json()) as Slot;
        } finally {
          await first.kill();
        }

        const second = await startServer(env);
        try {
          const response = await fetch(`${second.url}/api/slots/${created.id}`);
          assert.equal(response.status, 200);
          const { url: _url, ...stored } = (await response.json()) as Slot;
          const { url: _createdUrl, ...expected } = created;
          assert.deepEqual(stored, expected);
          const emojis = (await (await fetch(`${second.url}/api/emojis`)).json()) as { emojis: { emoji: string }[] };
          assert.ok(emojis.emojis.some((entry) => entry.emoji === '🧟'));
        } finally {
          await second.stop();
        }
      } finally {
        await database.destroy();
      }
    });
  });
}
