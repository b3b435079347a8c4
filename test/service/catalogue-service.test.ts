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
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';

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
    const created = await service.createSlot(slotFields({ name: 'Dragon Gold', provider: 'NetEnt', rating: 5, rtp: 97, emojiTags: ['🐉', '🍒'] }));
    await assertMatchesStore();
    const cherry = service.current.find('cherry-gems');
    assert.ok(cherry);
    await service.replaceSlot(cherry.id, slotFields({ name: 'Cherry Gems', slug: 'cherry-gems-2', rating: 1, rtp: 90, emojiTags: ['💎', '🍀', '❤️'] }));
    await assertMatchesStore();
    assert.equal(service.current.find('cherry-gems'), undefined);
    await service.replaceSlot(created.id, slotFields({ name: 'Dragon Gold', provider: 'NetEnt', rating: 5, rtp: 97, emojiTags: ['🐉', '🍒'], description: 'edited' }));
    await assertMatchesStore();
    assert.equal(await service.deleteSlot(cherry.id), true);
    await assertMatchesStore();
    await service.createSlot(slotFields({ name: 'Cherry Gems', emojiTags: ['🍒'] }));
    await assertMatchesStore();
    assert.deepEqual(rebuilds, [6, 6, 6, 5, 6]);
  });

  it('takes concurrent writes in turn, losing none', async () => {
    const names = ['One', 'Two', 'Three', 'Four'];
    await Promise.all([...names.map((name) => service.createSlot(slotFields({ name, emojiTags: ['🍀'] }))), service.deleteSlot(2)]);
    await assertMatchesStore();
    assert.equal(service.current.size, 8);
  });

  it('swaps in a new snapshot per write and leaves the old one answering as before', async () => {
    const before = service.current;
    const seen = answers(before);
    await service.replaceSlot(1, slotFields({ name: 'Renamed', emojiTags: ['🐉'] }));
    assert.notEqual(service.current, before);
    assert.deepEqual(answers(before), seen);
  });

  it('keeps the snapshot when a write changes nothing or fails', async () => {
    const before = service.current;
    assert.equal(await service.deleteSlot(999), false);
    assert.equal(await service.replaceSlot(999, slotFields({ name: 'Nobody' })), undefined);
    await assert.rejects(service.createSlot(slotFields({ name: 'Lucky Dice' })), DuplicateSlugError);
    assert.equal(service.current, before);
    assert.deepEqual(rebuilds, []);
  });

  it('rebuilds whole for an import and a category change, then goes on deriving', async () => {
    await service.replaceCatalogue({ slots: SMALL_CATALOGUE.slots.slice(0, 3), categories: { gems: ['💎'] } });
    await assertMatchesStore();
    await service.replaceCategories({ fruit: ['🍒', '🍋'] });
    await assertMatchesStore();
    await service.createSlot(slotFields({ name: 'After Import', emojiTags: ['🍋'] }));
    await assertMatchesStore();
  });
});
