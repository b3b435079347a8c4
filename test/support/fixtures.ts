import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import type { SlotFields, SlotRecord } from '../../src/catalogue/records/slot.js';

type Fields = SlotFields & { slug: string };

/** A valid slot with every field filled; override what a test is about. */
export function slotFields(overrides: Partial<Fields> & { name: string }): Fields {
  const hasBonusBuy = overrides.hasBonusBuy ?? false;
  return {
    slug: overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    provider: 'Test Provider',
    rtp: 96,
    volatility: 'Medium',
    maxWin: 5000,
    hasBonusBuy,
    releaseYear: 2020,
    emojiTags: ['🍒'],
    theme: ['fruit'],
    features: hasBonusBuy ? ['free spins', 'bonus buy'] : ['free spins'],
    description: `${overrides.name} description`,
    review: `${overrides.name} review`,
    rating: 4,
    pros: ['pro'],
    cons: ['con'],
    ...overrides,
  };
}

/**
 * `count` slots named `${name} 1`, `${name} 2`, … with descriptions of 1,900 characters: written at once,
 * 2,500 of them take a SQLite log past the 1,000 pages that start the checkpoint thread.
 */
export function longSlots(count: number, name = 'Slot'): Fields[] {
  return Array.from({ length: count }, (_, index) => slotFields({ name: `${name} ${index + 1}`, description: 'd'.repeat(1900) }));
}

/** A stored record built from fields, as the store would hand it back. */
export function slotRecord(id: number, overrides: Partial<Fields> & { name: string }): SlotRecord {
  return { id, ...slotFields(overrides), createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
}

/** A small catalogue whose every figure the tests can work out by hand. */
export const SMALL_CATALOGUE: CatalogueDocument = {
  categories: {
    luck: ['🍀', '🎲', '🎰'],
    fruit: ['🍒', '🍋'],
    gems: ['💎', '🍒'],
    love: ['❤️'],
  },
  slots: [
    slotFields({ name: 'Cherry Gems', provider: 'Pragmatic Play', rtp: 96.5, volatility: 'High', hasBonusBuy: true, emojiTags: ['🍒', '💎', '🎰'], rating: 4.5 }),
    slotFields({ name: 'Lucky Dice', provider: 'Pragmatic Play', rtp: 95.5, volatility: 'Low', emojiTags: ['🎲', '🍀'], rating: 3.9 }),
    slotFields({ name: 'Lemon Drop', provider: "Play'n GO", rtp: 97.1, volatility: 'Medium', emojiTags: ['🍋', '🍒'], rating: 4.5 }),
    slotFields({ name: 'Heart Of Gold', provider: 'Push Gaming', rtp: 94, volatility: 'Extreme', hasBonusBuy: true, emojiTags: ['❤️', '💎', '🐉'], rating: 2.5 }),
    slotFields({ name: 'Fruit Frenzy', provider: 'NetEnt', rtp: 96.5, volatility: 'Medium', emojiTags: ['🍒', '🍋', '🎰', '🍀'], rating: 4.5 }),
  ],
};

/** Who writes in tests that call the store or the service directly. */
export const TEST_ACTOR = { type: 'admin-token', name: 'admin-token' } as const;
