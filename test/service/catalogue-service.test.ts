import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import { emojiKey } from '../../src/emoji/emoji.js';
import { CatalogueService } from '../../src/service/catalogue-service.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { DuplicateSlugError } from '../../src/store/store.js';
import { tickingClock } from '../support/admin.js';
import { SMALL_CATALOGUE, slotFields, TEST_ACTOR } from '../support/fixtures.js';

const KEY_SETS = [['🍒'], ['💎', '🍋'], ['🐉', '🍀', '❤️']].map((emojis) => emojis.map(emojiKey));

/** What readers can see of a snapshot, as plain data. */
function answers(catalogue: Catalogue): unknown {
  return {
    slots: catalogue.slots,
    maxId: catalogue.maxId,
    categories: catalogue.categories,
    emojis: catalogue.emojis,
    bySlug: catalogue.slots.map((slot) => catalogue.find(slot.slug.toUpperCase())?.id),
    netEnt: catalogue.filter({ providers: ['netent'] }),
    providers: catalogue.providers(),
    matches: KEY_SETS.flatMap((keys) => [catalogue.match(keys, 'any', 50), catalogue.match(keys, 'all', 50)]),
  };
}

describe('CatalogueService one-slot writes', () => {
  let directory: string;
  let store: SqliteStore;
  let service: CatalogueService;
  const rebuilds: number[] = [];

  /** The snapshot answers as one rebuilt from what the store holds. */
  async function assertMatchesStore(): Promise<void> {
    const data = await store.load();
    assert.deepEqual(answers(service.current), answers(Catalogue.of(data.slots, data.categories)));
  }

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'slotmoji-service-'));
    store = new SqliteStore(join(directory, 'catalogue.db'));
    service = await CatalogueService.open(store, async () => SMALL_CATALOGUE, tickingClock());
    rebuilds.length = 0;
    service.onRebuild((_seconds, slots) => rebuilds.push(slots));
  });

  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('answers after each create, replace and delete as a snapshot rebuilt from the store', async () => {
    const created = await service.createSlot(slotFields({ name: 'Dragon Gold', provider: 'NetEnt', rating: 5, rtp: 97, emojiTags: ['🐉', '🍒'] }), TEST_ACTOR);
    await assertMatchesStore();
    const cherry = service.current.find('cherry-gems');
    assert.ok(cherry);
    await service.replaceSlot(cherry.id, slotFields({ name: 'Cherry Gems', slug: 'cherry-gems-2', rating: 1, rtp: 90, emojiTags: ['💎', '🍀', '❤️'] }), TEST_ACTOR);
    await assertMatchesStore();
    assert.equal(service.current.find('cherry-gems'), undefined);
    await service.replaceSlot(created.id, slotFields({ name: 'Dragon Gold', provider: 'NetEnt', rating: 5, rtp: 97, emojiTags: ['🐉', '🍒'], description: 'edited' }), TEST_ACTOR);
    await assertMatchesStore();
    assert.equal(await service.deleteSlot(cherry.id, TEST_ACTOR), true);
    await assertMatchesStore();
    await service.createSlot(slotFields({ name: 'Cherry Gems', emojiTags: ['🍒'] }), TEST_ACTOR);
    await assertMatchesStore();
    assert.deepEqual(rebuilds, [6, 6, 6, 5, 6]);
  });

  it('takes concurrent writes in turn, losing none', async () => {
    const names = ['One', 'Two', 'Three', 'Four'];
    await Promise.all([...names.map((name) => service.createSlot(slotFields({ name, emojiTags: ['🍀'] }), TEST_ACTOR)), service.deleteSlot(2, TEST_ACTOR)]);
    await assertMatchesStore();
    assert.equal(service.current.size, 8);
  });

  it('swaps in a new snapshot per write and leaves the old one answering as before', async () => {
    const before = service.current;
    const seen = answers(before);
    await service.replaceSlot(1, slotFields({ name: 'Renamed', emojiTags: ['🐉'] }), TEST_ACTOR);
    assert.notEqual(service.current, before);
    assert.deepEqual(answers(before), seen);
  });

  it('keeps the snapshot when a write changes nothing or fails', async () => {
    const before = service.current;
    assert.equal(await service.deleteSlot(999, TEST_ACTOR), false);
    assert.equal(await service.replaceSlot(999, slotFields({ name: 'Nobody' }), TEST_ACTOR), undefined);
    await assert.rejects(service.createSlot(slotFields({ name: 'Lucky Dice' }), TEST_ACTOR), DuplicateSlugError);
    assert.equal(service.current, before);
    assert.deepEqual(rebuilds, []);
  });

  it('rebuilds whole for an import and a category change, then goes on deriving', async () => {
    await service.replaceCatalogue({ slots: SMALL_CATALOGUE.slots.slice(0, 3), categories: { gems: ['💎'] } }, TEST_ACTOR);
    await assertMatchesStore();
    await service.replaceCategories({ fruit: ['🍒', '🍋'] }, TEST_ACTOR);
    await assertMatchesStore();
    await service.createSlot(slotFields({ name: 'After Import', emojiTags: ['🍋'] }), TEST_ACTOR);
    await assertMatchesStore();
  });
});

describe('CatalogueService following another process on the same SQLite file', () => {
  let directory: string;
  const stores: SqliteStore[] = [];

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'slotmoji-follow-'));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function open(): Promise<{ service: CatalogueService; causes: string[]; troubles: unknown[] }> {
    const store = new SqliteStore(join(directory, 'catalogue.db'));
    stores.push(store);
    const troubles: unknown[] = [];
    const service = await CatalogueService.open(store, async () => SMALL_CATALOGUE, tickingClock(), (error) => troubles.push(error));
    const causes: string[] = [];
    service.onRebuild((_seconds, _slots, cause) => causes.push(cause));
    return { service, causes, troubles };
  }

  const settled = async (writer: CatalogueService, follower: CatalogueService) => {
    for (let waited = 0; follower.position !== writer.position; waited += 20) {
      assert.ok(waited < 5_000, `follower at ${follower.position}, writer at ${writer.position}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('applies every kind of write change by change, and answers as a rebuild of the same data', async () => {
    const writer = await open();
    const follower = await open();
    const created = await writer.service.createSlot(slotFields({ name: 'Seen By Both', emojiTags: ['🐙', '🍒'] }), TEST_ACTOR);
    await writer.service.replaceSlot(1, slotFields({ name: 'Replaced Elsewhere', emojiTags: ['🍋'] }), TEST_ACTOR);
    await writer.service.deleteSlot(2, TEST_ACTOR);
    await writer.service.replaceCategories({ sea: ['🐙'], fruit: ['🍋', '🍒'] }, TEST_ACTOR);
    await settled(writer.service, follower.service);
    assert.deepEqual(answers(follower.service.current), answers(writer.service.current));
    assert.equal(follower.service.current.find(String(created.id))?.name, 'Seen By Both');
    assert.deepEqual([...new Set(follower.causes)], ['change']);
    assert.deepEqual(follower.troubles, []);

    // A change applied twice (a catch-up that overlaps what the snapshot holds) changes nothing.
    const before = answers(follower.service.current);
    await follower.service.catchUp();
    assert.deepEqual(answers(follower.service.current), before);

    await writer.service.replaceCatalogue({ slots: SMALL_CATALOGUE.slots.slice(0, 2), categories: {} }, TEST_ACTOR);
    await settled(writer.service, follower.service);
    assert.equal(follower.causes.at(-1), 'reload');
    assert.deepEqual(answers(follower.service.current), answers(writer.service.current));
  });

  it('replays the log when a write of its own came after one it had not applied yet', async () => {
    const one = await open();
    const two = await open();
    await one.service.createSlot(slotFields({ name: 'First Elsewhere' }), TEST_ACTOR);
    // Before `two` polls: its own write is numbered after one it has not seen.
    await two.service.createSlot(slotFields({ name: 'Then Here' }), TEST_ACTOR);
    await settled(one.service, two.service);
    await settled(two.service, one.service);
    assert.deepEqual(answers(two.service.current), answers(one.service.current));
    assert.ok(two.service.current.find('first-elsewhere'));
  });
});
