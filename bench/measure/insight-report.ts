/**
 * The insight report over a long range against the same report over one day (decisions §21, issue 49:
 * at most 1.5x). The store is seeded through its own write path (`addCounts`, `addVisitors`), then
 * pruned as the service prunes, so it holds what a long-running service holds: the last 90 days as
 * hours, older days folded into daily rows, and each key's visitor registers per day; then rolled up as
 * the service's counter rolls up, one final day a call until caught up, so every day but today is in
 * blocks and today is read raw.
 */
import { report } from '../../src/insights/reports.js';
import { rollUpOneDay } from '../../src/insights/roll-up.js';
import type { HourCount, InsightStore, VisitorRegister } from '../../src/store/insights.js';
import { seededRandom } from '../load/seeded-random.js';
import { median } from './rounds.js';

const HOURS_KEPT_DAYS = 90;
/** Rows handed to the store in one write while seeding. */
const BATCH = 20_000;
/** Registers of a HyperLogLog (src/insights/hyperloglog.ts). */
const REGISTERS = 16_384;
const DAY_MS = 86_400_000;

export interface ReportSeed {
  readonly slots: number;
  readonly days: number;
  /** Distinct slots played in each hour. */
  readonly keysPerHour: number;
  /** The last day seeded (days since the Unix epoch, UTC). */
  readonly today: number;
}

export interface Seeded {
  readonly hours: number;
  readonly registers: number;
  readonly rolledDays: number;
  readonly rollUpMs: number;
}

/** Plays of `seed.keysPerHour` slots in every hour of `seed.days` days, popular slots drawn more often; resolves with the rows written and the roll-up's days and time. */
export async function seedPlays(store: InsightStore, seed: ReportSeed): Promise<Seeded> {
  const random = seededRandom(49);
  let counts: HourCount[] = [];
  let registers: VisitorRegister[] = [];
  let written = { hours: 0, registers: 0 };
  const flush = async () => {
    await store.addCounts(counts);
    await store.addVisitors(registers);
    // Back to the event loop between writes, as a server's flushes are: SQLite's checkpoint thread answers
    // there, and a loop of commits that never yields (each over 16 MiB of log) grew the log past 11 GB.
    await new Promise((resolve) => setImmediate(resolve));
    written = { hours: written.hours + counts.length, registers: written.registers + registers.length };
    counts = [];
    registers = [];
  };
  const firstDay = seed.today - seed.days + 1;
  for (let day = firstDay; day <= seed.today; day++) {
    const registersOfDay = new Set<string>();
    for (let hourOfDay = 0; hourOfDay < 24; hourOfDay++) {
      const keys = new Set<number>();
      while (keys.size < Math.min(seed.keysPerHour, seed.slots)) keys.add(1 + Math.floor(seed.slots * random() ** 2));
      for (const slot of keys) {
        const count = 1 + Math.floor(random() * 5);
        counts.push({ kind: 'play', hour: day * 24 + hourOfDay, key: String(slot), found: true, count });
        // One register per visitor, as the counter raises them; a register raised twice in a day is one row.
        for (let visitor = 0; visitor < count; visitor++) {
          const register = Math.floor(random() * REGISTERS);
          const name = `${slot} ${register}`;
          if (registersOfDay.has(name)) continue;
          registersOfDay.add(name);
          registers.push({ kind: 'play', day, key: String(slot), register, rank: 1 + Math.floor(-Math.log2(random() + Number.EPSILON)) });
        }
      }
      if (counts.length >= BATCH) await flush();
    }
  }
  await flush();
  // As the service's retention does: hours older than 90 days folded into days.
  await store.pruneInsights((seed.today - HOURS_KEPT_DAYS + 1) * 24, firstDay);
  // Noon of today: every day before it is final.
  const now = seed.today * DAY_MS + DAY_MS / 2;
  const rolling = process.hrtime.bigint();
  let rolledDays = 0;
  while ((await rollUpOneDay(store, now)) !== undefined) rolledDays++;
  return { ...written, rolledDays, rollUpMs: Number(process.hrtime.bigint() - rolling) / 1e6 };
}

export interface ReportTiming {
  readonly oneDayMs: number;
  readonly longMs: number;
  readonly ratio: number;
}

/** Medians over `repeats` alternating runs of the plays report over the last day and over the last `days` days. */
export async function timeReports(store: InsightStore, today: number, days: number, repeats: number): Promise<ReportTiming> {
  const ranges = { oneDay: { fromDay: today, toDay: today }, long: { fromDay: today - days + 1, toDay: today } };
  const timed = async (range: { fromDay: number; toDay: number }) => {
    const started = process.hrtime.bigint();
    await report(store, 'plays', range, 50);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  // Once each, untimed: the first reading of the tables' pages is the operating system's, not the query's.
  await timed(ranges.oneDay);
  await timed(ranges.long);
  const oneDay: number[] = [];
  const long: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    oneDay.push(await timed(ranges.oneDay));
    long.push(await timed(ranges.long));
  }
  const oneDayMs = median(oneDay);
  const longMs = median(long);
  return { oneDayMs, longMs, ratio: longMs / oneDayMs };
}
