import type { SlotRecord } from '../records/slot.js';
import type { SlotKeys } from '../snapshot/slot-keys.js';
import { NO_RANKING, type PopularRanking } from './popular-ranking.js';

export const SORT_KEYS = ['relevance', 'id', 'name', 'rtp', 'rating', 'maxWin', 'releaseYear', 'popular'] as const;
type SortKey = (typeof SORT_KEYS)[number];

export interface SlotOrder {
  readonly key: SortKey;
  readonly descending: boolean;
  /** With `popular`: the order of the moment (none: every slot scores 0, so id order). */
  readonly ranking?: PopularRanking;
}

export const ID_ORDER: SlotOrder = { key: 'id', descending: false };

/** A slot that passed a search, with what ordering by relevance needs. */
export class Found {
  constructor(
    readonly record: SlotRecord,
    readonly keys: SlotKeys,
    /** Every word of the text matches a word of the name. */
    readonly nameMatches: boolean,
    /** Words of the text that are a prefix of none of the slot's words (they matched by a typo). */
    readonly typos: number,
  ) {}
}

type Compare = (a: Found, b: Found) => number;

const byId: Compare = (a, b) => a.record.id - b.record.id;

function byNumber(value: (record: SlotRecord) => number, descending: boolean): Compare {
  const sign = descending ? -1 : 1;
  return (a, b) => sign * (value(a.record) - value(b.record)) || byId(a, b);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Name matches first, then fewer typo words, then rating descending, then id (decisions §13). */
const byRelevance: Compare = (a, b) =>
  Number(b.nameMatches) - Number(a.nameMatches) || a.typos - b.typos || b.record.rating - a.record.rating || byId(a, b);

/** Ranked slots by their place, then the unranked (all scoring 0) by id. */
function byPopularity(ranking: PopularRanking): Compare {
  const { places } = ranking;
  const placeOf = (found: Found) => places.get(found.record.id) ?? Number.POSITIVE_INFINITY;
  return (a, b) => {
    const x = placeOf(a);
    const y = placeOf(b);
    return x === y ? byId(a, b) : x < y ? -1 : 1;
  };
}

/** Ties always go to id ascending; slots without a release year come last in either direction. */
export function comparator({ key, descending, ranking }: SlotOrder): Compare {
  const sign = descending ? -1 : 1;
  switch (key) {
    case 'relevance':
      return byRelevance;
    case 'popular':
      return byPopularity(ranking ?? NO_RANKING);
    case 'id':
      return (a, b) => sign * byId(a, b);
    case 'name':
      return (a, b) => sign * compareText(a.keys.foldedName, b.keys.foldedName) || byId(a, b);
    case 'rtp':
      return byNumber((record) => record.rtp, descending);
    case 'rating':
      return byNumber((record) => record.rating, descending);
    case 'maxWin':
      return byNumber((record) => record.maxWin, descending);
    case 'releaseYear':
      return (a, b) => {
        const x = a.record.releaseYear;
        const y = b.record.releaseYear;
        if (x === undefined || y === undefined) return Number(x === undefined) - Number(y === undefined) || byId(a, b);
        return sign * (x - y) || byId(a, b);
      };
  }
}
