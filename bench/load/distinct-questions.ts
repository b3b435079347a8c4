import type { CatalogueDocument } from '../../src/catalogue/records/document.js';
import { searchWords } from '../../src/catalogue/search/search-words.js';
import { seededRandom } from './seeded-random.js';

export const PAGE_SIZE = 24;
const SORTS = ['id', '-id', 'name', '-name', 'rtp', '-rtp', 'rating', '-rating', 'maxWin', '-maxWin', 'releaseYear', '-releaseYear'];
const FACETS = ['provider', 'volatility', 'theme', 'feature', 'emoji', 'releaseYear'];
const VOLATILITIES = ['low', 'medium', 'high', 'extreme'];

/** One question of a search page, as its parameters. */
export type Question = readonly (readonly [string, string])[];

/** A word with one typo: a letter dropped, doubled, replaced or two neighbours swapped. */
function misspelt(word: string, random: () => number): string {
  const at = Math.floor(random() * (word.length - 1));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + (word[at] as string) + word.slice(at);
    case 2:
      return `${word.slice(0, at)}${word[at] === 'x' ? 'q' : 'x'}${word.slice(at + 1)}`;
    default:
      return word.slice(0, at) + (word[at + 1] as string) + (word[at] as string) + word.slice(at + 2);
  }
}

/**
 * Questions as a search page's real traffic asks them (issue 38): each keystroke and ticked box a new
 * question, so none repeats: `q` as whole words, prefixes, one-typo words or two words; provider and
 * volatility lists; theme and feature; RTP and year bounds; every sort; facets on a third; offsets up to
 * the tenth page, 24 slots a page. Seeded: the same seed gives the same questions.
 */
export function distinctQuestions(document: CatalogueDocument, count: number, seed: number): Question[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const some = <T>(items: readonly T[], most: number): T[] => {
    const wanted = 1 + Math.floor(random() * most);
    return [...new Set(Array.from({ length: wanted }, () => pick(items)))];
  };
  const slots = document.slots;
  const providers = [...new Set(slots.map((slot) => slot.provider))];
  const themes = [...new Set(slots.flatMap((slot) => slot.theme))];
  const features = [...new Set(slots.flatMap((slot) => slot.features))];
  const nameWords = [...new Set(slots.slice(0, 2000).flatMap((slot) => searchWords(slot.name)))].filter((word) => !/^[0-9]+$/.test(word));
  const vocabulary = [...new Set([...nameWords, ...themes.flatMap(searchWords), ...features.flatMap(searchWords), ...providers.flatMap(searchWords)])];
  const long = vocabulary.filter((word) => word.length >= 5);
  const text = (): string => {
    switch (Math.floor(random() * 4)) {
      case 0:
        return pick(vocabulary);
      case 1: {
        const word = pick(vocabulary);
        return word.slice(0, 1 + Math.floor(random() * Math.min(word.length, 4)));
      }
      case 2:
        return misspelt(pick(long), random);
      default:
        return `${pick(vocabulary)} ${pick(vocabulary)}`;
    }
  };
  const seen = new Set<string>();
  const questions: Question[] = [];
  while (questions.length < count) {
    const question: [string, string][] = [];
    const hasText = random() < 0.6;
    if (hasText) question.push(['q', text()]);
    if (random() < 0.3) question.push(['provider', some(providers, 3).join(',')]);
    if (random() < 0.3) question.push(['volatility', some(VOLATILITIES, 2).join(',')]);
    if (random() < 0.2) question.push(['theme', pick(themes)]);
    if (random() < 0.2) question.push(['feature', pick(features)]);
    // Lower bounds below the upper ones' least value, so that no question is a 400.
    if (random() < 0.2) question.push(['minRtp', String(94 + Math.floor(random() * 20) / 10)]);
    if (random() < 0.1) question.push(['maxRtp', String(96 + Math.floor(random() * 20) / 10)]);
    if (random() < 0.2) question.push(['minYear', String(2005 + Math.floor(random() * 10))]);
    if (random() < 0.1) question.push(['maxYear', String(2015 + Math.floor(random() * 11))]);
    if (random() < 0.6) question.push(['sort', hasText && random() < 0.3 ? 'relevance' : pick(SORTS)]);
    if (random() < 1 / 3) question.push(['facets', some(FACETS, 3).join(',')]);
    const page = Math.floor(random() * 10);
    if (page > 0) question.push(['offset', String(page * PAGE_SIZE)]);
    question.push(['limit', String(PAGE_SIZE)]);
    const key = JSON.stringify(question);
    if (seen.has(key)) continue;
    seen.add(key);
    questions.push(question);
  }
  return questions;
}

/** The path of `GET /api/slots` asking `question`, percent-encoded as a browser sends it. */
export function questionPath(question: Question): string {
  return `/api/slots?${question.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}
