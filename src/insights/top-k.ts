/**
 * The k best keys over a sum of lists, exactly, with a batched threshold algorithm (Fagin et al., 2003):
 * read each list's first `depth` keys; a key read nowhere totals at most the sum of each list's last value
 * read (0 for a list read whole; a list not read yet may stand for its bound, a score none of its keys
 * exceeds). A key read somewhere is a candidate, with a lower bound (its values read) and an upper bound
 * (plus each other list's last value); one whose upper bound is below the k-th best lower bound cannot be
 * among the k best, the others get their exact totals. Once the k-th best eligible candidate
 * is strictly above the bound of the keys read nowhere (a key at the bound could win its tie), or every list
 * was read whole, no other key can enter the k best; else read twice as deep.
 */

export interface Scored {
  readonly kind: string;
  readonly key: string;
  readonly score: number;
}

export interface Candidate extends Scored {
  /** Whether the key may be shown (the typed kinds' 3-visitor rule). */
  readonly eligible: boolean;
}

/** A list's first keys, the highest score first; `whole` when it holds no more. */
export interface ListHead {
  readonly entries: readonly Scored[];
  readonly whole: boolean;
  /** A list not read yet (no entries): a score none of its keys exceeds. */
  readonly bound?: number;
}

export interface TopKSource<T extends Candidate> {
  /** Each list's first `depth` keys. */
  lists(depth: number): Promise<ListHead[]>;
  /** The candidates' exact totals over every list. */
  exact(candidates: readonly Scored[]): Promise<T[]>;
  /** Whether every key with a score above 0 is eligible, so lower bounds can rule candidates out before `exact`. */
  readonly everyKeyEligible: boolean;
}

const codePoints = (text: string) => Buffer.from(text, 'utf8');

/** Highest score first, then keys in code point order (UTF-8 bytes compare so), then kind, as the stores order. */
function byScoreThenKey(a: Scored, b: Scored): number {
  return b.score - a.score || Buffer.compare(codePoints(a.key), codePoints(b.key)) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

/** The highest score a key not read in the list can have. */
const lastOf = ({ entries, whole, bound }: ListHead) => (whole ? 0 : (entries.at(-1)?.score ?? bound ?? 0));

/** The most a key read in no list can total. */
const unseenBound = (heads: readonly ListHead[]) => heads.reduce((sum, head) => sum + lastOf(head), 0);

/** The k-th largest of `values`; undefined when there are fewer than k. */
const kthLargest = (values: Iterable<number>, k: number): number | undefined => [...values].sort((a, b) => b - a)[k - 1];

/**
 * Whether the k-th best lower bound of the keys read is above what a key read nowhere can total: then every key
 * of the k best was read (with every key eligible, the k best are known once their totals are), and a list
 * known by its bound alone need not be read.
 */
export function keysReadSuffice(heads: readonly ListHead[], k: number): boolean {
  const lower = new Map<string, number>();
  for (const head of heads) for (const { kind, key, score } of head.entries) lower.set(`${kind} ${key}`, (lower.get(`${kind} ${key}`) ?? 0) + score);
  const kthLower = kthLargest(lower.values(), k);
  return kthLower !== undefined && kthLower > unseenBound(heads);
}

/** The candidates that can still be among the k best: every one, or only those whose upper bound reaches the k-th best lower bound. */
function worthExact(heads: readonly ListHead[], k: number, everyKeyEligible: boolean): Scored[] {
  const bounds = new Map<string, { entry: Scored; lower: number; slack: number }>();
  const unseen = unseenBound(heads);
  for (const head of heads) {
    for (const entry of head.entries) {
      const name = `${entry.kind} ${entry.key}`;
      const known = bounds.get(name) ?? { entry, lower: 0, slack: unseen };
      bounds.set(name, { entry, lower: known.lower + entry.score, slack: known.slack - lastOf(head) });
    }
  }
  const all = [...bounds.values()];
  if (!everyKeyEligible || all.length <= k) return all.map(({ entry }) => entry);
  const kthLower = kthLargest(all.map(({ lower }) => lower), k) ?? 0;
  return all.filter(({ lower, slack }) => lower + slack >= kthLower).map(({ entry }) => entry);
}

export async function topK<T extends Candidate>(source: TopKSource<T>, k: number): Promise<T[]> {
  for (let depth = 2 * Math.max(k, 1); ; depth *= 2) {
    const heads = await source.lists(depth);
    const best = (await source.exact(worthExact(heads, k, source.everyKeyEligible))).filter((candidate) => candidate.eligible).sort(byScoreThenKey);
    const kth = best[k - 1];
    if (heads.every(({ whole }) => whole) || (kth !== undefined && kth.score > unseenBound(heads))) return best.slice(0, k);
  }
}
