import fc from 'fast-check';
import type { Catalogue, SlotQuery } from '../../src/catalogue/catalogue.js';
import { FACET_NAMES, type FacetName } from '../../src/catalogue/search/facets.js';
import type { SlotFilter } from '../../src/catalogue/search/filter.js';
import { searchWords } from '../../src/catalogue/search/search-words.js';
import { VOLATILITIES, type SlotRecord } from '../../src/catalogue/records/slot.js';
import { SORT_KEYS, type SlotOrder } from '../../src/catalogue/search/slot-order.js';
import { PopularRanking } from '../../src/catalogue/search/popular-ranking.js';
import { compareCodePoints, emojiKey } from '../../src/emoji/emoji.js';
import { slotRecord } from './fixtures.js';

/*
 * A brute-force reading of decisions §13, written independently of the index: words by a plain regex,
 * typos by an edit-distance table, every slot checked against every rule.
 */

/**
 * The pure functions below are asked about the same few texts again for every slot of every question
 * (20,000 slots in search-scale.test.ts): each answer is worked out once and kept, as read-only.
 */
function remembered<T>(work: (key: string) => T): (key: string) => T {
  const answers = new Map<string, T>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = work(key);
      answers.set(key, answer);
    }
    return answer;
  };
}

export const referenceWords: (text: string) => readonly string[] = remembered((text) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== ''),
);

const editDistances = remembered((pair) => {
  const [a = '', b = ''] = pair.split('\n');
  return optimalAlignmentDistance(a, b);
});
const editDistance = (a: string, b: string): number => editDistances(`${a}\n${b}`);

/** Optimal string alignment distance (insert, delete, replace, swap neighbours). */
function optimalAlignmentDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const table = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const row = table[i] as number[];
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row[j] = Math.min(((table[i - 1] as number[])[j] as number) + 1, (row[j - 1] as number) + 1, ((table[i - 1] as number[])[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        row[j] = Math.min(row[j] as number, ((table[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (table[x.length] as number[])[y.length] as number;
}

const isPrefix = (word: string, of: readonly string[]) => of.some((candidate) => candidate.startsWith(word));
const matches = (word: string, of: readonly string[]) =>
  isPrefix(word, of) || (Array.from(word).length >= 5 && of.some((candidate) => editDistance(word, candidate) === 1));

export interface ReferenceHit {
  readonly record: SlotRecord;
  readonly nameMatches: boolean;
  readonly typos: number;
}

function referencePasses(record: SlotRecord, filter: SlotFilter): boolean {
  const slug = (name: string) => name.toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const inRange = (value: number | undefined, low: number | undefined, high: number | undefined) =>
    (low === undefined || (value !== undefined && value >= low)) && (high === undefined || (value !== undefined && value <= high));
  return (
    (filter.providers === undefined || filter.providers.some((p) => p === record.provider.toLowerCase() || p === slug(record.provider))) &&
    (filter.volatilities === undefined || filter.volatilities.includes(record.volatility)) &&
    (filter.hasBonusBuy === undefined || filter.hasBonusBuy === record.hasBonusBuy) &&
    (filter.themes === undefined || filter.themes.every((theme) => record.theme.includes(theme))) &&
    (filter.features === undefined || filter.features.every((feature) => record.features.includes(feature))) &&
    (filter.emojiKeys === undefined || record.emojiTags.some((tag) => filter.emojiKeys?.includes(emojiKey(tag)))) &&
    inRange(record.rtp, filter.minRtp, filter.maxRtp) &&
    inRange(record.rating, filter.minRating, filter.maxRating) &&
    inRange(record.maxWin, filter.minMaxWin, filter.maxMaxWin) &&
    inRange(record.releaseYear, filter.minYear, filter.maxYear)
  );
}

export function referenceSearch(records: readonly SlotRecord[], query: SlotQuery): ReferenceHit[] {
  const hits: ReferenceHit[] = [];
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    if (!referencePasses(record, query.filter)) continue;
    const words = query.words ?? [];
    const all = [record.name, record.provider, ...record.theme, ...record.features].flatMap(referenceWords);
    const name = referenceWords(record.name);
    if (!words.every((word) => matches(word, all))) continue;
    hits.push({ record, nameMatches: words.every((word) => matches(word, name)), typos: words.filter((word) => !isPrefix(word, all)).length });
  }
  return hits.sort(referenceOrder(query.order));
}

const fold = remembered((text) => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, ''));

function referenceOrder({ key, descending, ranking }: SlotOrder): (a: ReferenceHit, b: ReferenceHit) => number {
  const id = (a: ReferenceHit, b: ReferenceHit) => a.record.id - b.record.id;
  // Popular (decisions §21): ranked slots by their first place in the ranking, then the rest by id; one direction.
  const ranked = ranking?.ids ?? [];
  const placeOf = (hit: ReferenceHit) => (ranked.includes(hit.record.id) ? ranked.indexOf(hit.record.id) : ranked.length);
  const direction = descending ? -1 : 1;
  return (a, b) => {
    switch (key) {
      case 'relevance':
        return (a.nameMatches === b.nameMatches ? 0 : a.nameMatches ? -1 : 1) || a.typos - b.typos || b.record.rating - a.record.rating || id(a, b);
      case 'releaseYear': {
        const [x, y] = [a.record.releaseYear, b.record.releaseYear];
        if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || id(a, b);
        return direction * (x - y) || id(a, b);
      }
      case 'name': {
        const [x, y] = [fold(a.record.name), fold(b.record.name)];
        return direction * (x < y ? -1 : x > y ? 1 : 0) || id(a, b);
      }
      case 'id':
        return direction * id(a, b);
      case 'popular':
        return placeOf(a) - placeOf(b) || id(a, b);
      default:
        return direction * (a.record[key] - b.record[key]) || id(a, b);
    }
  };
}

export function referenceFacet(hits: readonly ReferenceHit[], name: FacetName, catalogue: Catalogue): { value: string | number; count: number }[] {
  const counts = new Map<string | number, number>();
  const shownProvider = new Map<string, string>();
  for (const { record } of hits) {
    const values: (string | number)[] =
      name === 'provider'
        ? [record.provider.toLowerCase()]
        : name === 'volatility'
          ? [record.volatility]
          : name === 'theme'
            ? [...record.theme]
            : name === 'feature'
              ? [...record.features]
              : name === 'emoji'
                ? record.emojiTags.map(emojiKey)
                : record.releaseYear === undefined
                  ? []
                  : [record.releaseYear];
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  // Shown forms: a provider by the first of its spellings across the catalogue, an emoji as GET /api/emojis shows it.
  for (const record of catalogue.slots) {
    const key = record.provider.toLowerCase();
    const known = shownProvider.get(key);
    if (known === undefined || record.provider < known) shownProvider.set(key, record.provider);
  }
  const emojiForms = new Map(catalogue.emojis.usage.map((entry) => [emojiKey(entry.emoji), entry.emoji]));
  return [...counts]
    .map(([value, count]) => ({
      value: name === 'provider' ? (shownProvider.get(value as string) as string) : name === 'emoji' ? (emojiForms.get(value as string) as string) : value,
      count,
    }))
    .sort((a, b) => b.count - a.count || (typeof a.value === 'number' ? a.value - (b.value as number) : compareCodePoints(a.value, b.value as string)))
    .slice(0, 50);
}

/* Generated catalogues: words chosen so that prefixes, typos, accents and apostrophes all collide. */
const NAME_WORDS = ['Olympus', 'Gates', 'Book', 'Dead', 'Dragon', 'Dragons', 'Drag', 'Fire', 'Fortune', 'Ölfürst', 'Café', "Play'n", 'Bonanza', 'Bonanzo', 'Olympsu', 'Sweet', 'Swete', 'Wild', '7s'];
const PROVIDERS = ['Pragmatic Play', "Play'n GO", 'NetEnt', 'Netent', 'Push Gaming', 'ELK Studios'];
const THEMES = ['mythology', 'fruit', 'egypt', 'candy', 'dragons'];
const FEATURES = ['free spins', 'megaways', 'multipliers', 'bonus buy'];
const TAGS = ['🍒', '💎', '❤️', '❤', '👍🏽', '👍', '🔥', '🐉'];

export const record = (id: number) =>
  fc
    .record({
      name: fc.array(fc.constantFrom(...NAME_WORDS), { minLength: 1, maxLength: 3 }).chain((words) =>
        fc.constantFrom(' ', ' - ', ': ', '_').map((separator) => words.join(separator)),
      ),
      provider: fc.constantFrom(...PROVIDERS),
      rtp: fc.constantFrom(94, 95.5, 96, 96.5, 97.12),
      rating: fc.constantFrom(0, 3.5, 4, 4.5, 5),
      maxWin: fc.constantFrom(500, 5000, 21100, 50000),
      volatility: fc.constantFrom(...VOLATILITIES),
      releaseYear: fc.constantFrom(undefined, 2012, 2019, 2024),
      theme: fc.subarray(THEMES),
      features: fc.subarray(FEATURES),
      emojiTags: fc.shuffledSubarray(TAGS, { minLength: 1, maxLength: 4 }).map((tags) => [...new Map(tags.map((tag) => [emojiKey(tag), tag])).values()]),
    })
    .map((fields) => slotRecord(id, { ...fields, slug: `slot-${id}`, hasBonusBuy: fields.features.includes('bonus buy') }));

export const records: fc.Arbitrary<SlotRecord[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 40 })
  .chain((ids) => (ids.length === 0 ? fc.constant<SlotRecord[]>([]) : fc.tuple(...ids.map(record))));

/** A query word as a person types it: a word of the catalogue, cut short, misspelt, in other case or accents. */
const typedWord = fc
  .tuple(fc.constantFrom(...NAME_WORDS, ...PROVIDERS, ...THEMES, ...FEATURES, 'zzz', 'é'), fc.nat(), fc.constantFrom('as is', 'prefix', 'swap', 'drop', 'add', 'replace', 'upper', 'accent'))
  .map(([text, at, change]) => {
    const word = text.split(' ')[0] as string;
    const i = at % Math.max(word.length, 1);
    switch (change) {
      case 'prefix':
        return word.slice(0, i + 1);
      case 'swap':
        return word.slice(0, i) + word.slice(i + 1, i + 2) + word.slice(i, i + 1) + word.slice(i + 2);
      case 'drop':
        return word.slice(0, i) + word.slice(i + 1);
      case 'add':
        return `${word.slice(0, i)}x${word.slice(i)}`;
      case 'replace':
        return `${word.slice(0, i)}q${word.slice(i + 1)}`;
      case 'upper':
        return word.toUpperCase();
      case 'accent':
        return word.replace(/e/g, 'é').replace(/o/g, 'ô');
      default:
        return word;
    }
  });

export const text = fc.array(typedWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

const filter: fc.Arbitrary<SlotFilter> = fc
  .record(
    {
      providers: fc.subarray(['pragmatic play', 'playn-go', 'netent', 'push-gaming'], { minLength: 1 }),
      volatilities: fc.subarray([...VOLATILITIES], { minLength: 1 }),
      hasBonusBuy: fc.boolean(),
      themes: fc.subarray(THEMES, { minLength: 1, maxLength: 2 }),
      features: fc.subarray(FEATURES, { minLength: 1, maxLength: 2 }),
      emojiKeys: fc.subarray(['🍒', '❤', '👍', '🐉'], { minLength: 1 }),
      minRtp: fc.constantFrom(95, 96),
      maxRtp: fc.constantFrom(96, 97.12),
      minRating: fc.constantFrom(3.5, 4.5),
      maxRating: fc.constantFrom(4, 5),
      minMaxWin: fc.constantFrom(500, 5000),
      maxMaxWin: fc.constantFrom(21100, 50000),
      minYear: fc.constantFrom(2012, 2019),
      maxYear: fc.constantFrom(2019, 2024),
    },
    { requiredKeys: [] },
  )
  // Keep a few filters at a time, any of them (a bound alone too), so that some slots still pass.
  .chain((all) => fc.shuffledSubarray(Object.entries(all), { maxLength: 3 }))
  .map((kept) => Object.fromEntries(kept) as SlotFilter);

/** A popular order over ids in `pageRecords`' range, some of them no slot's, some given twice. */
const popular: fc.Arbitrary<SlotOrder> = fc
  .array(fc.integer({ min: 1, max: 500 }), { maxLength: 30 })
  .map((ranked) => ({ key: 'popular', descending: false, ranking: new PopularRanking(1, ranked) }));

const order: fc.Arbitrary<SlotOrder> = fc.oneof(
  fc.record({ key: fc.constantFrom(...SORT_KEYS.filter((key) => key !== 'relevance' && key !== 'popular')), descending: fc.boolean() }),
  popular,
);

export const query: fc.Arbitrary<SlotQuery> = fc.oneof(
  fc.record({ filter, order }),
  fc.record({ filter, words: text.map(searchWords), order: fc.oneof(order, fc.constant<SlotOrder>({ key: 'relevance', descending: false })) }),
);

export const ids = (found: readonly { record: SlotRecord }[]) => found.map(({ record: slot }) => slot.id);

/** Catalogues of a few dozen slots and questions of at most two filters, so that most questions find several slots. */
export const pageRecords: fc.Arbitrary<SlotRecord[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 5, maxLength: 60 })
  .chain((ids) => fc.tuple(...ids.map(record)));

export const pageQuery: fc.Arbitrary<SlotQuery> = fc
  .tuple(query, fc.nat({ max: 2 }))
  .map(([asked, kept]) => ({ ...asked, filter: Object.fromEntries(Object.entries(asked.filter).slice(0, kept)) as SlotFilter }));

export const pageRequest = fc.record({
  offset: fc.oneof(fc.constant(0), fc.nat({ max: 45 })),
  limit: fc.oneof(fc.constant(24), fc.integer({ min: 1, max: 60 })),
  facets: fc.subarray([...FACET_NAMES]),
});

/** What `Catalogue.page` must answer, worked out from the reference. */
export function referencePage(slots: readonly SlotRecord[], catalogue: Catalogue, request: SlotQuery, offset: number, limit: number, facets: readonly FacetName[]) {
  const hits = referenceSearch(slots, request);
  return {
    ids: ids(hits.slice(offset, offset + limit)),
    total: hits.length,
    facets: facets.length === 0 ? undefined : Object.fromEntries(facets.map((name) => [name, referenceFacet(hits, name, catalogue)])),
  };
}

export function observedPage(catalogue: Catalogue, request: SlotQuery, offset: number, limit: number, facets: readonly FacetName[]) {
  const page = catalogue.page(request, { offset, limit }, facets);
  return { ids: page.slots.map((slot) => slot.id), total: page.total, facets: page.facets };
}

