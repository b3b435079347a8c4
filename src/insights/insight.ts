import type { InsightKind } from '../store/insights.js';

/** One countable ask, as the HTTP layer names it: its kind, its key, and for a match or a search whether it found anything. */
export interface Insight {
  readonly kind: InsightKind;
  readonly key: string;
  readonly found?: boolean;
}
