import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SqliteStore } from '../../src/store/sqlite.js';
import { slotFields, TEST_ACTOR } from '../support/fixtures.js';

const T0 = '2026-01-01T00:00:00.000Z';
/** Enough slots for several pages of the paged load. */
const SLOTS = 1500;

describe('SqliteStore.load on a large catalogue', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotmoji-load-'));
  let store: SqliteStore;
  before(async () => {
    store = new SqliteStore(join(dir, 'catalogue.db'));
    await store.migrate();
    const slots = Array.from({ length: SLOTS }, (_, index) => slotFields({ name: `Slot ${index + 1}` }));
    await store.seed(slots, { fruit: ['🍒'] }, T0);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets other work run while it reads', async () => {
    let turns = 0;
    let loaded = false;
    const counting = async () => {
      while (!loaded) {
        turns += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const [data] = await Promise.all([store.load().finally(() => (loaded = true)), counting()]);
    assert.equal(data.slots.length, SLOTS);
    assert.deepEqual(data.slots.map((slot) => slot.id), Array.from({ length: SLOTS }, (_, index) => index + 1));
    assert.ok(turns >= 2, `other work ran ${turns} times during the load`);
  });

  it('sees the catalogue as it was when it began, though a write commits between its pages', async () => {
    const loading = store.load();
    // The first page is read by now; these commit before the later pages are.
    await new Promise((resolve) => setImmediate(resolve));
    const replaced = await store.replaceSlot(SLOTS, slotFields({ name: 'Renamed Last Slot' }), '2026-02-01T00:00:00.000Z', TEST_ACTOR);
    assert.equal(replaced?.record.slug, 'renamed-last-slot');
    assert.notEqual(await store.deleteSlot(SLOTS - 1, T0, TEST_ACTOR), undefined);
    const { record: created } = await store.createSlot(slotFields({ name: 'Brand New Slot' }), '2026-02-01T00:00:00.000Z', TEST_ACTOR);

    const before = await loading;
    assert.equal(before.slots.length, SLOTS);
    assert.equal(before.slots.at(-1)?.slug, `slot-${SLOTS}`);
    assert.ok(before.slots.some((slot) => slot.id === SLOTS - 1));

    const now = await store.load();
    assert.equal(now.slots.length, SLOTS);
    assert.deepEqual(now.slots.slice(-2).map((slot) => slot.slug), ['renamed-last-slot', 'brand-new-slot']);
    assert.equal(now.slots.at(-1)?.id, created.id);
    assert.ok(!now.slots.some((slot) => slot.id === SLOTS - 1));
  });
});
