import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { pruneAudit } from '../../src/access/audit-pruner.js';
import type { Actor } from '../../src/store/access.js';
import { DuplicateSlugError, VersionConflictError } from '../../src/store/store.js';
import { SMALL_CATALOGUE, slotFields, TEST_ACTOR } from '../support/fixtures.js';
import { STORE_KINDS, storesOfEachTest } from '../support/stores.js';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-02-02T00:00:00.000Z';
const T2 = '2026-02-03T00:00:00.000Z';
const EDITOR: Actor = { type: 'operator', name: 'eve' };

for (const kind of STORE_KINDS) {
  describe(`${kind.name} store: audit, versions, history and restore`, () => {
    const { connect, seeded } = storesOfEachTest(kind, { beforeEach, afterEach }, { ...SMALL_CATALOGUE, at: T0 });

    test('every write has its entry, with the records before and after; a refused write has none', async () => {
      const store = await seeded();
      const { record: created, sequence: createdAt } = await store.createSlot(slotFields({ name: 'Audited' }), T1, EDITOR);
      const replaced = await store.replaceSlot(created.id, slotFields({ name: 'Audited Again' }), T2, TEST_ACTOR);
      await store.deleteSlot(1, T2, EDITOR);
      await store.replaceCategories({ luck: ['🍀'] }, T2, EDITOR);
      await assert.rejects(store.createSlot(slotFields({ name: 'Clash', slug: 'audited-again' }), T2, EDITOR), DuplicateSlugError);
      const entries = await store.access.audit({ limit: 10 });
      assert.deepEqual(
        entries.map((entry) => [entry.action, entry.actor.name, entry.target]),
        [
          ['categories.replace', 'eve', { type: 'categories', id: 'categories' }],
          ['slot.delete', 'eve', { type: 'slot', id: '1' }],
          ['slot.replace', 'admin-token', { type: 'slot', id: String(created.id) }],
          ['slot.create', 'eve', { type: 'slot', id: String(created.id) }],
        ],
      );
      const [, deleted, replacedEntry, createdEntry] = entries;
      assert.equal(createdEntry?.before, null);
      assert.deepEqual(createdEntry?.after, created);
      assert.equal(createdEntry?.version, createdAt);
      assert.deepEqual(replacedEntry?.before, created);
      assert.deepEqual(replacedEntry?.after, replaced?.record);
      assert.equal(deleted?.after, null);
      assert.equal(deleted?.before?.slug, SMALL_CATALOGUE.slots[0]?.slug);
    });

    test('a slot is at the version that last wrote it; a stale ifVersion changes nothing', async () => {
      const store = await seeded();
      const seededVersion = (await store.readSlot(2))?.version;
      assert.equal(typeof seededVersion, 'number');
      const written = await store.replaceSlot(2, slotFields({ name: 'Versioned' }), T1, EDITOR, seededVersion);
      assert.equal((await store.readSlot(2))?.version, written?.sequence);
      await assert.rejects(store.replaceSlot(2, slotFields({ name: 'Stale' }), T2, EDITOR, seededVersion), (error: unknown) => {
        assert.ok(error instanceof VersionConflictError);
        assert.equal(error.current.version, written?.sequence);
        assert.equal(error.current.record.name, 'Versioned');
        return true;
      });
      await assert.rejects(store.deleteSlot(2, T2, EDITOR, seededVersion), VersionConflictError);
      assert.equal((await store.readSlot(2))?.record.name, 'Versioned');
      assert.equal((await store.access.audit({ limit: 10 })).length, 1, 'refused writes left no entry');
      assert.equal(await store.readSlot(999), undefined);
    });

    test('history lists versions newest first, and restore writes one back, a deleted slot under its id', async () => {
      const store = await seeded();
      const first = await store.replaceSlot(3, slotFields({ name: 'First Edit' }), T1, EDITOR);
      await store.replaceSlot(3, slotFields({ name: 'Second Edit' }), T1, EDITOR);
      const deletion = await store.deleteSlot(3, T2, EDITOR);
      const history = await store.access.slotHistory(3, 100);
      assert.deepEqual(
        history.map((version) => version.record?.name ?? null),
        [null, 'Second Edit', 'First Edit'],
      );
      assert.equal(history[0]?.version, deletion);
      const restored = await store.restoreSlot(3, first?.sequence ?? 0, T2, TEST_ACTOR);
      assert.ok('written' in restored);
      assert.equal(restored.written.record.name, 'First Edit');
      assert.equal(restored.written.record.id, 3);
      assert.equal((await store.readSlot(3))?.version, restored.written.sequence);
      assert.deepEqual(await store.restoreSlot(3, deletion ?? 0, T2, TEST_ACTOR), { missing: 'record' });
      assert.deepEqual(await store.restoreSlot(3, 424242, T2, TEST_ACTOR), { missing: 'version' });
      const other = await store.replaceSlot(4, slotFields({ name: 'Other Slot' }), T2, EDITOR);
      assert.deepEqual(await store.restoreSlot(3, other?.sequence ?? 0, T2, TEST_ACTOR), { missing: 'version' }, "another slot's version");
      const follower = connect();
      const loaded = await follower.load();
      assert.equal(loaded.slots.find((slot) => slot.id === 3)?.name, 'First Edit');
    });

    test('a deleted slot whose slug was taken meanwhile is not restored', async () => {
      const store = await seeded();
      const slug = SMALL_CATALOGUE.slots[4]?.slug ?? '';
      const edited = await store.replaceSlot(5, slotFields({ name: 'Taken Later', slug: 'taken-later' }), T1, EDITOR);
      await store.deleteSlot(5, T1, EDITOR);
      await store.createSlot(slotFields({ name: 'Squatter', slug: 'taken-later' }), T1, EDITOR);
      await assert.rejects(store.restoreSlot(5, edited?.sequence ?? 0, T2, TEST_ACTOR), DuplicateSlugError);
      assert.equal(await store.readSlot(5), undefined);
      assert.notEqual(slug, '');
    });

    test('the audit pages newest first by filter and cursor, and prunes in batches', async () => {
      const store = await seeded();
      for (let i = 0; i < 7; i++) {
        const time = `2026-02-0${i + 1}T00:00:00.000Z`;
        await store.createSlot(slotFields({ name: `Paged ${i}` }), time, i % 2 === 0 ? EDITOR : TEST_ACTOR);
      }
      const first = await store.access.audit({ limit: 3 });
      const last = first[first.length - 1];
      assert.ok(last !== undefined);
      const second = await store.access.audit({ limit: 3, below: { time: last.time, id: last.id } });
      assert.deepEqual(
        [...first, ...second].map((entry) => entry.after?.name),
        ['Paged 6', 'Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1'],
      );
      assert.deepEqual(
        (await store.access.audit({ limit: 10, actor: 'eve', since: '2026-02-03T00:00:00.000Z', until: '2026-02-07T00:00:00.000Z' })).map((entry) => entry.after?.name),
        ['Paged 4', 'Paged 2'],
      );
      assert.equal((await store.access.audit({ limit: 10, action: 'slot.delete' })).length, 0);
      assert.equal((await store.access.audit({ limit: 10, slot: 6 })).length, 1);
      const deleted = await pruneAudit(store.access, 1, Date.parse('2026-02-05T12:00:00.000Z'), { batch: 2 });
      assert.equal(deleted, 4, 'the four entries before 4 February, two per batch');
      assert.equal((await store.access.audit({ limit: 10 })).length, 3);
    });
  });
}
