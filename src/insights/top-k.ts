/**
 * The k best keys over a sum of lists, exactly, with a batched threshold algorithm (Fagin et al., 2003):
 * read each list's first `depth` keys; every key read is a candidate and gets its exact total; a key in
 * none of them totals at most the sum of each list's last value read. Once the k-th best eligible
 * candidate is strictly above that bound (a key at the bound could win its tie), or every list was read
 * whole, no other key can enter the k best; else read twice as deep.
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

export interface TopKSource<T extends Candidate> {
  /** Each list's first `depth` keys, the highest score first. */
  lists(depth: number): Promise<Scored[][]>;
  /** The candidates' exact totals over every list. */
  exact(candidates: readonly Scored[]): Promise<T[]>;
}

const codePoints = (text: string) => Buffer.from(text, 'utf8');

/** Highest score first, then keys in code point order (UTF-8 bytes compare so), then kind, as the stores order. */
function byScoreThenKey(a: Scored, b: Scored): number {
  return b.score - a.score || Buffer.compare(codePoints(a.key), codePoints(b.key)) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);
}

export async function topK<T extends Candidate>(source: TopKSource<T>, k: number): Promise<T[]> {
  for (let depth = Math.max(k, 1); ; depth *= 2) {
    const lists = await source.lists(depth);
    const candidates = new Map<string, Scored>();
    for (const list of lists) for (const entry of list) candidates.set(`${entry.kind} ${entry.key}`, entry);
    const best = (await source.exact([...candidates.values()])).filter((candidate) => candidate.eligible).sort(byScoreThenKey);
    const readWhole = lists.every((list) => list.length < depth);
    const bound = lists.reduce((sum, list) => sum + (list.length < depth ? 0 : (list[depth - 1]?.score ?? 0)), 0);
    const kth = best[k - 1];
    if (readWhole || (kth !== undefined && kth.score > bound)) return best.slice(0, k);
  }
}
