import type { SlotRecord } from '../records/slot.js';
import type { SlotKeys } from './slot-keys.js';
import { slugify } from '../records/slot.js';
import type { Steps } from './steps.js';

export interface ProviderSummary {
  readonly name: string;
  readonly slug: string;
  readonly count: number;
  readonly averageRtp: number;
}

/** One provider's slots, counted so that a one-slot change adjusts them exactly. */
interface ProviderCount {
  readonly count: number;
  /** RTPs in hundredths of a percent: RTPs have at most two decimals, so these sums are exact. */
  readonly rtpHundredths: number;
  /** How many slots write the name each way: the provider is shown in the first of these in code-point order. */
  readonly spellings: ReadonlyMap<string, number>;
}

/** Providers by their name in lower case (the provider filter's notion of one provider). */
export type ProviderTally = ReadonlyMap<string, ProviderCount>;

function adjusted(count: ProviderCount | undefined, record: SlotRecord, sign: 1 | -1): ProviderCount | undefined {
  const spellings = new Map(count?.spellings);
  const spelled = (spellings.get(record.provider) ?? 0) + sign;
  if (spelled > 0) spellings.set(record.provider, spelled);
  else spellings.delete(record.provider);
  const next = (count?.count ?? 0) + sign;
  if (next === 0) return undefined;
  return { count: next, rtpHundredths: (count?.rtpHundredths ?? 0) + sign * Math.round(record.rtp * 100), spellings };
}

/** Slots counted between two chances to yield. */
const STRETCH = 8192;

/** Counts every slot's provider. */
export function* tallyProviders(slots: readonly SlotRecord[], keys: readonly SlotKeys[]): Steps<ProviderTally> {
  const byName = new Map<string, { count: number; rtpHundredths: number; spellings: Map<string, number> }>();
  for (let position = 0; position < slots.length; position++) {
    const record = slots[position] as SlotRecord;
    const name = (keys[position] as SlotKeys).providerName;
    let count = byName.get(name);
    if (count === undefined) {
      count = { count: 0, rtpHundredths: 0, spellings: new Map() };
      byName.set(name, count);
    }
    count.count += 1;
    count.rtpHundredths += Math.round(record.rtp * 100);
    count.spellings.set(record.provider, (count.spellings.get(record.provider) ?? 0) + 1);
    if (position % STRETCH === STRETCH - 1) yield;
  }
  return byName;
}

/** The tally after one slot's change: `before` (none for a new slot) gives way to `after` (none for a removed one). */
export function providersWithChange(tally: ProviderTally, before: SlotRecord | undefined, after: SlotRecord | undefined): ProviderTally {
  if (before !== undefined && after !== undefined && before.provider === after.provider && before.rtp === after.rtp) return tally;
  const next = new Map(tally);
  const apply = (record: SlotRecord, sign: 1 | -1) => {
    const name = record.provider.toLowerCase();
    const count = adjusted(next.get(name), record, sign);
    if (count === undefined) next.delete(name);
    else next.set(name, count);
  };
  if (before !== undefined) apply(before, -1);
  if (after !== undefined) apply(after, 1);
  return next;
}

/**
 * How a provider is shown: the first of its spellings in code-unit order (a counted provider has at
 * least one, and no spelling is empty). The least is found, not all sorted: a provider facet asks
 * this for each of up to 50 providers.
 */
export function shownProviderName(spellings: ReadonlyMap<string, number>): string {
  let first = '';
  for (const spelling of spellings.keys()) if (first === '' || spelling < first) first = spelling;
  return first;
}

/** Every provider, most slots first, then by name (decisions §13). */
export function summariseProviders(tally: ProviderTally): ProviderSummary[] {
  return [...tally.values()]
    .map(({ count, rtpHundredths, spellings }) => {
      const name = shownProviderName(spellings);
      return { name, slug: slugify(name), count, averageRtp: Math.round(rtpHundredths / count) / 100 };
    })
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
