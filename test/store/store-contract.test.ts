import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import type { SlotRecord } from '../../src/catalogue/records/slot.js';
import type { ImportedSlot } from '../../src/catalogue/records/document.js';
import { CatalogueMovedError, DuplicateSlugError, type LoggedChange, type Store } from '../../src/store/store.js';
import { SMALL_CATALOGUE, slotFields, TEST_ACTOR } from '../support/fixtures.js';
import { STORE_KINDS as KINDS, storesOfEachTest } from '../support/stores.js';
import { within } from '../support/wait.js';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-02-02T00:00:00.000Z';

const ids = (slots: readonly SlotRecord[]) => slots.map((slot) => slot.id);

/** The changes after `after` without their times (checked on their own), or undefined when the log cannot go on from it. */
async function changesSince(store: Store, after: number, limit: number): Promise<{ sequence: number; change: unknown }[] | undefined> {
  return (await store.readChanges(after, limit)).changes?.map(({ sequence, change }: LoggedChange) => ({ sequence, change }));
}

for (const kind of KINDS) {
  describe(`${kind.name} store`, () => {
    const { connect, open, seeded, closeEarly } = storesOfEachTest(kind, { beforeEach, afterEach }, { ...SMALL_CATALOGUE, at: T0 });

    test('a database has one history id, random, from its creation on, the same on every connection', async () => {
      const store = await open();
      const { history } = await store.load();
      assert.match(history, /^[A-Za-z0-9_-]{22}$/);
      const other = await open();
      assert.equal((await other.readChanges(0, 1)).history, history);
      await store.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, T0);
      assert.equal((await other.load()).history, history, 'seeding keeps it');
      const database = await kind.create();
      const elsewhere = database.connect();
      try {
        await elsewhere.migrate();
        assert.notEqual((await elsewhere.load()).history, history, 'another database, another history');
      } finally {
        await elsewhere.close();
        await database.destroy();
      }
    });

    test('a new database is fresh until seeded, and a second seed changes nothing', async () => {
      const store = connect();
      assert.deepEqual(await store.migrate(), { fresh: true });
      await store.seed(SMALL_CATALOGUE.slots, SMALL_CATALOGUE.categories, T0);
      assert.deepEqual(await store.migrate(), { fresh: false });
      await store.seed([slotFields({ name: 'Intruder' })], {}, T1);

      const other = await open();
      const data = await other.load();
      assert.deepEqual(ids(data.slots), [1, 2, 3, 4, 5]);
      assert.deepEqual(data.slots.map((slot) => slot.slug), SMALL_CATALOGUE.slots.map((slot) => slot.slug));
      assert.deepEqual(data.categories, SMALL_CATALOGUE.categories);
      assert.equal(data.slots[0]?.createdAt, T0);
    });

    test('created slots get increasing ids, and an id is never reused, even after a restart', async () => {
      const store = await seeded();
      const { record: first } = await store.createSlot(slotFields({ name: 'New One' }), T1, TEST_ACTOR);
      assert.equal(first.id, 6);
      assert.equal(first.createdAt, T1);
      assert.equal(first.updatedAt, T1);
      assert.notEqual(await store.deleteSlot(6, T1, TEST_ACTOR), undefined);
      assert.equal((await store.createSlot(slotFields({ name: 'New Two' }), T1, TEST_ACTOR)).record.id, 7);
      assert.notEqual(await store.deleteSlot(7, T1, TEST_ACTOR), undefined);
      await closeEarly(store);

      const restarted = await open();
      assert.equal((await restarted.createSlot(slotFields({ name: 'New Three' }), T1, TEST_ACTOR)).record.id, 8);
      assert.deepEqual(ids((await restarted.load()).slots), [1, 2, 3, 4, 5, 8]);
    });

    test('replacing a slot keeps its id and creation time and replaces every field', async () => {
      const store = await seeded();
      const { releaseYear: _dropped, ...fields } = slotFields({ name: 'Renamed', slug: 'renamed' });
      const replaced = await store.replaceSlot(2, fields, T1, TEST_ACTOR);
      assert.deepEqual(replaced?.record, { id: 2, ...fields, createdAt: T0, updatedAt: T1 });
      const loaded = (await (await open()).load()).slots.find((slot) => slot.id === 2);
      assert.equal(loaded?.name, 'Renamed');
      assert.equal(loaded?.createdAt, T0);
      assert.equal(loaded?.updatedAt, T1);
      assert.equal('releaseYear' in (loaded ?? {}), false, 'a field left out of a replacement is gone');
      assert.equal(await store.replaceSlot(99, slotFields({ name: 'Nobody' }), T1, TEST_ACTOR), undefined);
    });

    test('deleting reports whether the slot existed', async () => {
      const store = await seeded();
      assert.equal(typeof (await store.deleteSlot(3, T1, TEST_ACTOR)), 'number');
      assert.equal(await store.deleteSlot(3, T1, TEST_ACTOR), undefined);
      assert.equal(await store.deleteSlot(42, T1, TEST_ACTOR), undefined);
      assert.deepEqual(ids((await store.load()).slots), [1, 2, 4, 5]);
    });

    test('a duplicate slug is refused and nothing is written', async () => {
      const store = await seeded();
      const before = await store.load();
      await assert.rejects(store.createSlot(slotFields({ name: 'Again', slug: 'lucky-dice' }), T1, TEST_ACTOR), (error: unknown) => {
        return error instanceof DuplicateSlugError && error.slug === 'lucky-dice';
      });
      await assert.rejects(store.replaceSlot(1, slotFields({ name: 'Taken', slug: 'lemon-drop' }), T1, TEST_ACTOR), DuplicateSlugError);
      assert.deepEqual(await store.load(), before);
      const same = await store.replaceSlot(2, slotFields({ name: 'Lucky Dice', slug: 'lucky-dice', rtp: 90 }), T1, TEST_ACTOR);
      assert.equal(same?.record.rtp, 90, 'a slot may keep its own slug');
      assert.equal((await store.createSlot(slotFields({ name: 'Next' }), T1, TEST_ACTOR)).record.id, 6, 'a refused create used up no id');
    });

    test('a catalogue import keeps the ids it carries and gives the others ids above any ever used', async () => {
      const store = await seeded();
      await store.createSlot(slotFields({ name: 'Short Lived' }), T1, TEST_ACTOR);
      await store.deleteSlot(6, T1, TEST_ACTOR);
      const imported: ImportedSlot[] = [
        { ...slotFields({ name: 'Kept Three' }), id: 3, createdAt: T0 },
        slotFields({ name: 'Fresh' }),
        { ...slotFields({ name: 'Kept Ten' }), id: 10 },
      ];
      const { records } = await store.replaceCatalogue(imported, { luck: ['🍀'] }, T1, TEST_ACTOR);
      assert.deepEqual(ids(records), [3, 11, 10]);
      assert.deepEqual(
        records.map((record) => [record.createdAt, record.updatedAt]),
        [[T0, T1], [T1, T1], [T1, T1]],
      );
      const data = await (await open()).load();
      assert.deepEqual(ids(data.slots), [3, 10, 11]);
      assert.deepEqual(data.categories, { luck: ['🍀'] });
      assert.equal((await store.createSlot(slotFields({ name: 'After Import' }), T1, TEST_ACTOR)).record.id, 12);
    });

    test('an import that fails part-way writes nothing at all', async () => {
      const store = await seeded();
      const before = await store.load();
      const clash = [slotFields({ name: 'One', slug: 'same' }), slotFields({ name: 'Two', slug: 'same' })];
      await assert.rejects(store.replaceCatalogue(clash, { other: ['🎲'] }, T1, TEST_ACTOR), DuplicateSlugError);
      assert.deepEqual(await (await open()).load(), before);
    });

    test('the category map is replaced whole and keeps its order', async () => {
      const store = await seeded();
      const map = { zebra: ['🦓'], apple: ['🍎', '🍏'], middle: [] };
      await store.replaceCategories(map, T1, TEST_ACTOR);
      const loaded = await (await open()).load();
      assert.deepEqual(Object.entries(loaded.categories), Object.entries(map));
      assert.equal(loaded.slots.length, 5, 'slots are untouched');
    });

    test('any text is stored and returned verbatim', async () => {
      const store = await seeded();
      const nasty = [
        "Robert'); DROP TABLE slots;--",
        '" OR 1=1 --',
        '\\ \\\\ %_ $1 ? :name @p0 `tick`',
        'nul\u0000inside',
        'lone \ud800 surrogate',
        'émoji 🍒‍🔥 RTL \u202e',
        "E'\\x00' $$ dollar $$",
      ];
      const slot = slotFields({
        name: nasty[0] ?? '',
        provider: nasty[1] ?? '',
        description: nasty.join('\n'),
        review: nasty[3] ?? '',
        pros: nasty,
        cons: [nasty[4] ?? ''],
      });
      const { record: created } = await store.createSlot(slot, T1, TEST_ACTOR);
      const map = { [nasty[0] ?? '']: ['🍒'], [nasty[3] ?? '']: ['💎'] };
      await store.replaceCategories(map, T1, TEST_ACTOR);
      const loaded = await (await open()).load();
      assert.deepEqual(loaded.slots.find((record) => record.id === created.id), created);
      assert.deepEqual(loaded.categories, map);
      assert.equal(loaded.slots.length, 6);
      const logged = (await changesSince(store, loaded.sequence - 2, 10))?.map((entry) => entry.change);
      assert.deepEqual(logged, [
        { kind: 'slot', record: created },
        { kind: 'categories', categories: map },
      ]);
    });

    test('every write logs its change under the next sequence number, in the same transaction', async () => {
      const store = await seeded();
      const start = (await store.load()).sequence;
      assert.deepEqual(await changesSince(store, start - 1, 10), [{ sequence: start, change: { kind: 'imported' } }], 'the seed is an import');
      const { record: created, sequence: one } = await store.createSlot(slotFields({ name: 'Logged' }), T1, TEST_ACTOR);
      const replaced = await store.replaceSlot(2, slotFields({ name: 'Logged Again' }), T1, TEST_ACTOR);
      const deleted = await store.deleteSlot(3, T1, TEST_ACTOR);
      const categorised = await store.replaceCategories({ luck: ['🍀'] }, T1, TEST_ACTOR);
      assert.deepEqual([one, replaced?.sequence, deleted, categorised], [start + 1, start + 2, start + 3, start + 4]);
      // Refused or empty writes log nothing.
      await assert.rejects(store.createSlot(slotFields({ name: 'Taken', slug: 'cherry-gems' }), T1, TEST_ACTOR), DuplicateSlugError);
      assert.equal(await store.deleteSlot(3, T1, TEST_ACTOR), undefined);
      assert.equal(await store.replaceSlot(99, slotFields({ name: 'Nobody' }), T1, TEST_ACTOR), undefined);

      const other = await open();
      assert.equal((await other.load()).sequence, start + 4);
      assert.deepEqual(await changesSince(other, start, 10), [
        { sequence: start + 1, change: { kind: 'slot', record: created } },
        { sequence: start + 2, change: { kind: 'slot', record: replaced?.record } },
        { sequence: start + 3, change: { kind: 'slotDeleted', id: 3, slug: 'lemon-drop' } },
        { sequence: start + 4, change: { kind: 'categories', categories: { luck: ['🍀'] } } },
      ]);
      assert.deepEqual(
        (await changesSince(other, start + 1, 2))?.map((entry) => entry.sequence),
        [start + 2, start + 3],
        'a page of at most `limit` changes',
      );
      assert.deepEqual(await changesSince(other, start + 4, 10), [], 'up to date');
      assert.equal(await changesSince(other, start + 5, 10), undefined, 'a position the log never reached');
      const { sequence: imported } = await store.replaceCatalogue([slotFields({ name: 'Only' })], {}, T1, TEST_ACTOR);
      assert.deepEqual(await changesSince(other, start + 4, 10), [{ sequence: imported, change: { kind: 'imported' } }]);
    });

    test('an import given the sequence it expects happens only while that is the latest change', async () => {
      const store = await seeded();
      const other = await open();
      const seen = (await store.load()).sequence;
      await other.replaceCategories({ moved: ['🎲'] }, T1, TEST_ACTOR);
      const refused = store.replaceCatalogue([slotFields({ name: 'Late' })], {}, T1, TEST_ACTOR, seen);
      await assert.rejects(refused, (error) => error instanceof CatalogueMovedError && error.latest === seen + 1);
      const after = await store.load();
      assert.deepEqual(after.categories, { moved: ['🎲'] }, 'nothing of the refused import was written');
      assert.equal(after.sequence, seen + 1);
      const { sequence } = await store.replaceCatalogue([slotFields({ name: 'On time' })], {}, T1, TEST_ACTOR, seen + 1);
      assert.equal(sequence, seen + 2);
    });

    test('the log keeps only the latest changes; a reader behind them is told so', async () => {
      const store = await seeded();
      await closeEarly(store);
      const pruning = await open({ changeRetention: { kind: 'count', changes: 3 } });
      const start = (await pruning.load()).sequence;
      for (let i = 0; i < 5; i++) await pruning.createSlot(slotFields({ name: `Pruned ${i}` }), T1, TEST_ACTOR);
      assert.equal(await changesSince(pruning, start, 10), undefined, 'the changes after `start` are gone');
      assert.equal(await changesSince(pruning, start + 1, 10), undefined);
      assert.deepEqual(
        (await changesSince(pruning, start + 2, 10))?.map((entry) => entry.sequence),
        [start + 3, start + 4, start + 5],
      );
    });

    test('changes carry the time they were committed; the log can keep them by age', async () => {
      const store = await seeded();
      await closeEarly(store);
      const aging = await open({ changeRetention: { kind: 'age', ms: 1000 } });
      const start = (await aging.load()).sequence;
      const before = Date.now();
      await aging.createSlot(slotFields({ name: 'Aged Out' }), T1, TEST_ACTOR);
      const first = (await aging.readChanges(start, 10)).changes?.[0];
      assert.ok(first !== undefined && Math.abs(Date.parse(first.time) - before) < 5_000, `a time near now: ${first?.time}`);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await aging.createSlot(slotFields({ name: 'Kept' }), T1, TEST_ACTOR);
      const page = await aging.readChanges(start, 10);
      assert.equal(page.changes, undefined, 'the change older than a second is gone');
      assert.equal(page.latest, start + 2);
      assert.deepEqual((await aging.readChanges(start + 1, 10)).changes?.map((change) => change.sequence), [start + 2]);
    });

    test('by age, each change goes once it has expired, and a failed write does not hold back the next prune', async () => {
      const store = await seeded();
      await closeEarly(store);
      const aging = await open({ changeRetention: { kind: 'age', ms: 1000 } });
      const start = (await aging.load()).sequence;
      const sequences = async () => (await aging.readChanges(start, 10)).changes?.map((change) => change.sequence);
      await aging.createSlot(slotFields({ name: 'First' }), T1, TEST_ACTOR);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      // Fails after its change was logged and the log pruned: all of it rolls back.
      await assert.rejects(aging.replaceSlot(1, slotFields({ name: 'Clash', slug: SMALL_CATALOGUE.slots[1]?.slug ?? '' }), T1, TEST_ACTOR), DuplicateSlugError);
      await aging.createSlot(slotFields({ name: 'Second' }), T1, TEST_ACTOR);
      assert.equal(await sequences(), undefined, 'the first change, expired, went with the next write that committed');
      await aging.createSlot(slotFields({ name: 'Third' }), T1, TEST_ACTOR);
      assert.deepEqual((await aging.readChanges(start + 1, 10)).changes?.map((change) => change.sequence), [start + 2, start + 3], 'nothing younger than a second goes');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await aging.createSlot(slotFields({ name: 'Fourth' }), T1, TEST_ACTOR);
      assert.deepEqual((await aging.readChanges(start + 3, 10)).changes?.map((change) => change.sequence), [start + 4]);
      assert.equal((await aging.readChanges(start + 2, 10)).changes, undefined, 'the second and third changes, expired, went too');
    });

    test('a load spanning many pages returns every slot once, in id order, as one moment saw them', async () => {
      const store = await open();
      const slots = Array.from({ length: 4_500 }, (_, index) => ({ ...slotFields({ name: `Paged ${index}` }), id: 4_500 - index }));
      await store.seed(slots, { luck: ['🍀'] }, T0);
      const [loaded] = await Promise.all([store.load(), (async () => (await open()).createSlot(slotFields({ name: 'Late' }), T1, TEST_ACTOR))()]);
      const loadedIds = ids(loaded.slots);
      assert.ok(loadedIds.length === 4_500 || loadedIds.length === 4_501, 'the slot written meanwhile is in it whole or not at all');
      assert.deepEqual(loadedIds.slice(0, 4_500), Array.from({ length: 4_500 }, (_, index) => index + 1));
      assert.equal(loaded.sequence, loadedIds.length === 4_500 ? 1 : 2, 'the sequence number is of the same moment as the slots');
    });

    test('another connection hears about a committed change', async () => {
      const watcher = await seeded();
      const writer = await open();
      let heard!: () => void;
      const change = new Promise<void>((resolve) => (heard = resolve));
      await watcher.onChange(() => heard());
      await writer.createSlot(slotFields({ name: 'Seen Elsewhere' }), T1, TEST_ACTOR);
      await within(change, 5_000, 'change notification');
      assert.deepEqual(ids((await watcher.load()).slots), [1, 2, 3, 4, 5, 6]);
    });
  });
}
