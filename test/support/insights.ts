import { NO_INSIGHT_READS } from '../../bench/measure/no-insight-reads.js';
import { InsightCounter } from '../../src/insights/counter.js';
import type { HourCount, InsightStore, VisitorRegister } from '../../src/store/insights.js';

/** An insight store that keeps what it is given, for tests of counting that need no database. */
export interface RecordingInsightStore extends InsightStore {
  readonly addedCounts: HourCount[];
  readonly raisedRegisters: VisitorRegister[];
}

export function recordingInsightStore(secret = Buffer.alloc(32, 7)): RecordingInsightStore {
  const counts: HourCount[] = [];
  const registers: VisitorRegister[] = [];
  return {
    addedCounts: counts,
    raisedRegisters: registers,
    addCounts: async (added) => void counts.push(...added),
    addVisitors: async (added) => void registers.push(...added),
    daySecret: async () => secret,
    ...NO_INSIGHT_READS,
  };
}

/** A started counter over `store` with a clock tests set; stop it after the test. */
export async function startedCounter(store: InsightStore, now: () => number, cap?: number): Promise<InsightCounter> {
  const counter = new InsightCounter({ store, retentionDays: 400, warn: () => undefined, now, ...(cap === undefined ? {} : { cap }) });
  await counter.start();
  return counter;
}

/** Counts summed by kind, key and outcome, sorted: what two runs are compared by. */
export function summed(counts: readonly HourCount[]): string[] {
  const sums = new Map<string, number>();
  for (const { kind, key, found, count } of counts) {
    const name = `${kind} ${found ? 'found' : 'not found'} ${key}`;
    sums.set(name, (sums.get(name) ?? 0) + count);
  }
  return [...sums].map(([name, count]) => `${name}: ${count}`).sort();
}
