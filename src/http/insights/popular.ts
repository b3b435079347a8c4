import { NO_RANKING, PopularRanking } from '../../catalogue/search/popular-ranking.js';
import type { PopularIds } from '../../insights/popular-order.js';

/**
 * The popular order of the moment as the snapshot's sort reads it, made once per generation of
 * `source` (so its places are worked out once, not per request); id order when there is no source.
 */
export function popularRankings(source: { readonly current: PopularIds } | undefined): () => PopularRanking {
  if (source === undefined) return () => NO_RANKING;
  let ranking = NO_RANKING;
  return () => {
    const { generation, ids } = source.current;
    if (ranking.generation !== generation) ranking = new PopularRanking(generation, ids);
    return ranking;
  };
}
