import type { InsightStore } from '../../src/store/insights.js';

/** The reads and upkeep of an insight store that holds nothing: for stand-ins that only take counts (the memory bench, tests of counting). */
export const NO_INSIGHT_READS = {
  pruneInsights: async () => undefined,
  totals: async () => [],
  totalBound: async () => 0,
  daily: async () => [],
  dayTotals: async () => [],
  daySketches: async () => [],
  rollUpState: async () => ({ throughDay: undefined, keptFrom: undefined }),
  firstInsightDay: async () => undefined,
  addRolledDay: async () => undefined,
  blockTops: async () => [],
  blockTotals: async () => [],
} satisfies Omit<InsightStore, 'addCounts' | 'addVisitors' | 'daySecret'>;
