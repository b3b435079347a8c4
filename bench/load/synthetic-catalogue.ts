import { seededRandom } from './seeded-random.js';
import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import type { SlotFields } from '../../src/catalogue/records/slot.js';

/**
 * A deterministic synthetic catalogue of any size, shaped like the real one: emoji popularity follows
 * a Zipf law over the bundled category map (a few emojis on many slots, most on few), 2–8 tags per
 * slot, texts of realistic length, providers and facts spread like a real catalogue's.
 */
export function syntheticCatalogue(size: number, categories: Readonly<Record<string, readonly string[]>>, seed = 42): CatalogueDocument {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const emojis = [...new Set(Object.values(categories).flat())];
  const zipf = cumulativeZipf(emojis.length, 0.5);
  const drawEmoji = () => emojis[lowerBound(zipf, random())] as string;
  const providers = Array.from({ length: 60 }, (_, i) => `Provider ${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26) || ''}`);
  const volatilities = ['Low', 'Medium', 'High', 'Extreme'] as const;
  const themes = ['fruit', 'gems', 'egypt', 'mythology', 'animals', 'sea', 'space', 'horror', 'asian', 'western', 'candy', 'music'];
  const features = ['free spins', 'multipliers', 'cascading reels', 'megaways', 'sticky wilds', 'hold and win', 'expanding wilds'];
  const words = 'spin reel wild bonus jackpot lucky golden mystic fortune treasure dragon royal cosmic candy fire ice storm lagoon temple quest'.split(' ');
  const sentence = (count: number) => Array.from({ length: count }, () => pick(words)).join(' ');
  const slots: SlotFields[] = [];
  for (let i = 0; i < size; i++) {
    const tags = new Set<string>();
    const tagCount = 2 + Math.floor(random() * 7);
    while (tags.size < tagCount) tags.add(drawEmoji());
    const hasBonusBuy = random() < 0.35;
    const slotFeatures = [...new Set([pick(features), pick(features)])];
    if (hasBonusBuy) slotFeatures.push('bonus buy');
    const name = `${sentence(2)} ${i + 1}`;
    slots.push({
      name: name.replace(/\b\w/g, (c) => c.toUpperCase()),
      slug: name.replace(/ /g, '-'),
      provider: pick(providers),
      rtp: Math.round((94 + random() * 4) * 100) / 100,
      volatility: pick(volatilities),
      maxWin: 500 * (1 + Math.floor(random() * 100)),
      hasBonusBuy,
      releaseYear: 2005 + Math.floor(random() * 21),
      emojiTags: [...tags],
      theme: [...new Set([pick(themes), pick(themes)])],
      features: slotFeatures,
      description: `${sentence(20)}.`,
      review: `${sentence(45)}.`,
      rating: Math.round(random() * 50) / 10,
      pros: [sentence(5), sentence(6)],
      cons: [sentence(6)],
    });
  }
  return { slots: slots.map((slot) => ({ ...slot, slug: slot.slug ?? '' })), categories };
}

function cumulativeZipf(n: number, exponent: number): number[] {
  const weights = Array.from({ length: n }, (_, rank) => 1 / (rank + 1) ** exponent);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let running = 0;
  return weights.map((weight) => (running += weight / total));
}

function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
