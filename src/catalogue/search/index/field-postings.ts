import type { SlotRecord } from '../../records/slot.js';
import type { SlotKeys } from '../../snapshot/slot-keys.js';
import { postingOf, withMember, withoutMember, type Posting } from './postings.js';

/** The values a slot is filtered and faceted by, one table per field. */
const FIELD_VALUES = {
  /** Lower-case provider names, and below their slugs: the provider filter takes either. */
  providerName: (_record: SlotRecord, keys: SlotKeys) => [keys.providerName],
  providerSlug: (_record: SlotRecord, keys: SlotKeys) => [keys.providerSlug],
  volatility: (record: SlotRecord) => [record.volatility],
  bonusBuy: (record: SlotRecord) => [record.hasBonusBuy],
  theme: (record: SlotRecord) => record.theme,
  feature: (record: SlotRecord) => record.features,
  /** Comparison keys, each once. */
  emoji: (_record: SlotRecord, keys: SlotKeys) => keys.tagKeys,
  releaseYear: (record: SlotRecord) => (record.releaseYear === undefined ? [] : [record.releaseYear]),
} as const;

export type FieldName = keyof typeof FIELD_VALUES;
type FieldValue = string | number | boolean;
const FIELD_NAMES = Object.keys(FIELD_VALUES) as FieldName[];

/** Per field, the posting of every value some slot carries. */
export type FieldPostings = Readonly<Record<FieldName, ReadonlyMap<FieldValue, Posting>>>;

/** The postings of `records` (by slot number; undefined for a number no longer in use). */
export function buildFieldPostings(records: readonly (SlotRecord | undefined)[], keys: readonly (SlotKeys | undefined)[]): FieldPostings {
  const postings = {} as Record<FieldName, ReadonlyMap<FieldValue, Posting>>;
  for (const field of FIELD_NAMES) {
    const members = new Map<FieldValue, number[]>();
    const values = FIELD_VALUES[field];
    for (let number = 0; number < records.length; number++) {
      const record = records[number];
      if (record === undefined) continue;
      for (const value of values(record, keys[number] as SlotKeys)) {
        const list = members.get(value);
        if (list === undefined) members.set(value, [number]);
        // Numbers come in ascending order, so a value a slot repeats is the list's last member.
        else if (list[list.length - 1] !== number) list.push(number);
      }
    }
    postings[field] = new Map([...members].map(([value, list]) => [value, postingOf(list, records.length)]));
  }
  return postings;
}

/** The postings after slot `number` changed from `before` to `after` (either absent for a new or removed slot). */
export function fieldPostingsWithChange(
  postings: FieldPostings,
  number: number,
  numbers: number,
  before: { record: SlotRecord; keys: SlotKeys } | undefined,
  after: { record: SlotRecord; keys: SlotKeys } | undefined,
): FieldPostings {
  const next = { ...postings };
  for (const field of FIELD_NAMES) {
    const old = new Set<FieldValue>(before === undefined ? [] : FIELD_VALUES[field](before.record, before.keys));
    const now = new Set<FieldValue>(after === undefined ? [] : FIELD_VALUES[field](after.record, after.keys));
    const leaving = [...old].filter((value) => !now.has(value));
    const joining = [...now].filter((value) => !old.has(value));
    if (leaving.length === 0 && joining.length === 0) continue;
    const map = new Map(postings[field]);
    for (const value of leaving) {
      const left = withoutMember(map.get(value) as Posting, number);
      if (left === undefined) map.delete(value);
      else map.set(value, left);
    }
    for (const value of joining) map.set(value, withMember(map.get(value), number, numbers));
    next[field] = map;
  }
  return next;
}
