import type { Catalogue } from '../../catalogue/catalogue.js';
import type { PopularRanking } from '../../catalogue/search/popular-ranking.js';
import type { Config } from '../../config.js';

/** What route handlers need from the rest of the service. */
export interface RouteContext {
  readonly config: Config;
  /** The catalogue snapshot to answer from; read once per request. */
  readonly catalogue: () => Catalogue;
  /** The popular order of the moment (decisions §21), read once per request; id order without insights. */
  readonly popular: () => PopularRanking;
  /** Random number in [0, 1), injectable so the lucky spin can be tested. */
  readonly random: () => number;
}
