/*
 * Example values for the OpenAPI document, shaped exactly as the answers are (the linter checks
 * them against their schemas). Wild Swarm is the slot the original service's documentation used.
 */

const BASE = 'https://slotmoji.example.org';

export const SLOT_EXAMPLE = {
  id: '1',
  name: 'Wild Swarm',
  slug: 'wild-swarm',
  provider: 'Push Gaming',
  rtp: 97.03,
  volatility: 'Medium',
  maxWin: 3100,
  hasBonusBuy: false,
  releaseYear: 2018,
  emojiTags: ['🐝', '🍯', '🌸', '🍀', '🌿'],
  theme: ['nature', 'bees'],
  features: ['sticky wilds', 'free spins', 'pick bonus'],
  description: 'A 5x4, 20-line woodland slot where bees fill a hive meter that unlocks Swarm Mode.',
  review: 'Gentle to look at but cleverer than it seems, with the hive meter giving a reason to keep spinning.',
  rating: 4.1,
  pros: ['Excellent RTP', 'Satisfying hive progression'],
  cons: ['Limited maximum win'],
  url: `${BASE}/slots/wild-swarm`,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as const;

/** The fields an editor sends to create or replace that slot. */
export const SLOT_FIELDS_EXAMPLE = (({ id: _id, url: _url, createdAt: _createdAt, updatedAt: _updatedAt, ...fields }) => fields)(SLOT_EXAMPLE);

export const SLOT_LIST_EXAMPLE = { slots: [SLOT_EXAMPLE], count: 1, total: 1 } as const;

export const MATCH_REQUEST_EXAMPLE = { emojis: ['🐝🍀'], mode: 'any', limit: 10 } as const;

export const MATCH_EXAMPLE = {
  slots: [{ id: 1, name: 'Wild Swarm', url: `${BASE}/slots/wild-swarm`, emojis: ['🐝', '🍀'], rtp: 97.03, slug: 'wild-swarm', provider: 'Push Gaming', score: 2 }],
} as const;

export const EMOJI_USAGE_EXAMPLE = { emojis: [{ emoji: '🍀', count: 12, category: 'luck', name: 'four leaf clover' }], total: 1, totalUsage: 12 } as const;

export const EMOJI_STATS_EXAMPLE = {
  totalEmojis: 42,
  totalUsage: 180,
  averagePerSlot: 4.5,
  mostUsed: { emoji: '🍀', count: 12 },
  leastUsed: { emoji: '🐝', count: 1 },
} as const;

export const CATEGORIES_EXAMPLE = { categories: { luck: ['🍀', '🎲', '🎰'], nature: ['🐝', '🌸', '🌿'] } } as const;

export const NOT_FOUND_EXAMPLE = { statusCode: 404, error: 'Not Found', message: 'slot "no-such-slot" not found' } as const;
