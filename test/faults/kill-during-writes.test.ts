import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Slot } from '../../src/catalogue/records/slot.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { ADMIN_TOKEN, AUTH } from '../support/admin.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';
import { startServer } from '../support/process.js';

const WRITES = 50;
/**
 * Writers in parallel, each sending its next write when the last is answered. Fired all at once, the writes could
 * all be done before the kill lands (a fast disk, a client held off the CPU); with the writers, the server never
 * holds more than this many, so the burst always outlasts the kill.
 */
const WRITERS = 5;
/** The kill comes once this many creations have been confirmed, with the rest still to come. */
const KILL_AFTER = 10;

/** A slot's fields without what the service assigns (id, url, timestamps). */
function fieldsOf(slot: object): Record<string, unknown> {
  const { id: _id, url: _url, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = slot as Record<string, unknown>;
  return fields;
}

describe('SIGKILL during a burst of admin writes (SQLite, real server process), audit entries included', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-kill-'));
  const path = join(dir, 'catalogue.db');
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every confirmed slot whole, half-writes nothing, and never hands an id out twice', async () => {
    const seeding = new SqliteStore(path);
    await seeding.migrate();
    await seeding.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, '2026-01-01T00:00:00.000Z');
    await seeding.close();
    const env = { DATABASE_URL: `sqlite://${path}`, ADMIN_TOKEN, LOG_LEVEL: 'silent' };

    // Each write differs in every field it can, so a slot put together from parts of two would show.
    const sent = Array.from({ length: WRITES }, (_, index) =>
      slotFields({
        name: `Burst ${index}`,
        rtp: 90 + index / 10,
        maxWin: 1000 + index,
        emojiTags: [['🍒', '💎', '🎰', '🍀', '🎲'][index % 5] ?? '🍒', '🔥'],
        description: `Burst ${index} ${'d'.repeat(index * 20)}`,
        pros: Array.from({ length: 1 + (index % 3) }, (_, pro) => `pro ${index}.${pro}`),
      }),
    );
    const server = await startServer(env);
    const confirmed = new Map<string, Slot>();
    let killed: Promise<void> | undefined;
    const outcomes: string[] = [];
    const unsent = [...sent];
    const write = async (fields: (typeof sent)[number]): Promise<string> => {
      try {
        const response = await fetch(`${server.url}/api/admin/slots`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: JSON.stringify(fields),
        });
        const body = await response.text();
        if (response.status !== 201) return `status ${response.status}: ${body}`;
        confirmed.set(fields.name, JSON.parse(body) as Slot);
        if (confirmed.size === KILL_AFTER) killed ??= server.kill();
        return 'confirmed';
      } catch {
        return 'lost';
      }
    };
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let fields = unsent.shift(); fields !== undefined; fields = unsent.shift()) {
          const outcome = await write(fields);
          outcomes.push(outcome);
          if (outcome === 'lost') return;
        }
      }),
    );
    await (killed ?? server.kill());
    assert.deepEqual(outcomes.filter((outcome) => outcome !== 'confirmed' && outcome !== 'lost'), [], 'every answer was a 201');
    assert.ok(confirmed.size >= KILL_AFTER, `${confirmed.size} confirmed`);
    assert.ok(outcomes.includes('lost'), 'the kill came while writes were still being sent');

    const integrity = new Database(path, { readonly: true });
    try {
      assert.equal(integrity.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      integrity.close();
    }

    const restarted = await startServer(env);
    try {
      const exported = (await (await fetch(`${restarted.url}/api/admin/catalogue`, { headers: AUTH })).json()) as { slots: Slot[] };
      const byName = new Map(exported.slots.map((slot) => [slot.name, slot]));
      for (const [name, slot] of confirmed) {
        const stored = byName.get(name);
        assert.ok(stored !== undefined, `${name} was confirmed with a 201 and is gone`);
        const { url: _storedUrl, ...storedRest } = stored;
        const { url: _confirmedUrl, ...confirmedRest } = slot;
        assert.deepEqual(storedRest, confirmedRest, `${name} is stored exactly as confirmed`);
      }
      const seeded = new Set(SMALL_CATALOGUE.slots.map((slot) => slot.name));
      const sentByName = new Map(sent.map((fields) => [fields.name, fields]));
      for (const slot of exported.slots.filter((stored) => !seeded.has(stored.name))) {
        const fields = sentByName.get(slot.name);
        assert.ok(fields !== undefined, `${slot.name} was never sent`);
        // Present without a 201: it was in flight at the kill. Either way it is whole.
        assert.deepEqual(fieldsOf(slot), fieldsOf(fields), `${slot.name} is whole`);
      }
      // The audit entry is in the write's transaction: every slot written has its entry, every entry its slot.
      const audit = (await (await fetch(`${restarted.url}/api/admin/audit?action=slot.create&limit=200`, { headers: AUTH })).json()) as {
        entries: { target: { id: string }; after: Slot }[];
      };
      const written = exported.slots.filter((slot) => !seeded.has(slot.name));
      assert.deepEqual(
        audit.entries.map((entry) => entry.target.id).sort(),
        written.map((slot) => slot.id).sort(),
        'one slot.create entry per slot written, and no entry without its slot',
      );
      for (const entry of audit.entries) assert.deepEqual(entry.after, byName.get(entry.after.name), `the entry of ${entry.after.name} holds it as stored`);
      for (const name of confirmed.keys()) assert.ok(audit.entries.some((entry) => entry.after.name === name), `${name} was acknowledged and has its entry`);
      const ids = exported.slots.map((slot) => Number(slot.id));
      assert.equal(new Set(ids).size, ids.length, 'ids are distinct');

      const stats = (await (await fetch(`${restarted.url}/api/emojis/stats`)).json()) as { totalUsage: number };
      assert.equal(stats.totalUsage, exported.slots.reduce((sum, slot) => sum + slot.emojiTags.length, 0), 'the emoji figures agree with the slots');

      const next = await fetch(`${restarted.url}/api/admin/slots`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify(slotFields({ name: 'After The Kill' })),
      });
      assert.equal(next.status, 201);
      const handedOut = [...ids, ...[...confirmed.values()].map((slot) => Number(slot.id))];
      assert.ok(Number(((await next.json()) as Slot).id) > Math.max(...handedOut), 'a new id is above every id handed out before');
    } finally {
      await restarted.stop();
    }
  });
});
