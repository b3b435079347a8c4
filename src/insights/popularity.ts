import type { KeyDayCount } from '../store/insights.js';

/** Plays count towards popularity for this many UTC days, today included (decisions §21). */
export const POPULAR_WINDOW_DAYS = 14;
/** A day's plays weigh half as much every this many days. */
export const POPULAR_HALF_LIFE_DAYS = 3;

/**
 * The weight of a day's plays when `age` whole UTC days old (today 0, yesterday 1, …):
 * 0.5^(age / 3) inside the 14-day window, 0 outside it.
 */
export function dayWeight(age: number): number {
  return age >= 0 && age < POPULAR_WINDOW_DAYS ? 0.5 ** (age / POPULAR_HALF_LIFE_DAYS) : 0;
}

/** The UTC days the popular order reads, ending today. */
export function popularDays(today: number): { readonly fromDay: number; readonly toDay: number } {
  return { fromDay: today - POPULAR_WINDOW_DAYS + 1, toDay: today };
}

/** A slot's play key (its id as written by the counter) as an id, or undefined for any other key (`(other)`). */
function slotId(key: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(key)) return undefined;
  const id = Number(key);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The ids of the slots played in the window, most popular first: each one's score is the sum over
 * the window's days of that day's plays times `dayWeight` of its age; equal scores go to the lower id.
 * Slots without a play in the window score 0 and are not listed (they follow in id order).
 */
export function popularIds(plays: readonly KeyDayCount[], today: number): number[] {
  // Counts per id and age, summed in age order: two slots with the same plays get the very same score.
  const countsByAge = new Map<number, Float64Array>();
  for (const { key, day, count } of plays) {
    const id = slotId(key);
    const age = today - day;
    if (id === undefined || dayWeight(age) === 0 || count <= 0) continue;
    let counts = countsByAge.get(id);
    if (counts === undefined) countsByAge.set(id, (counts = new Float64Array(POPULAR_WINDOW_DAYS)));
    counts[age] = (counts[age] as number) + count;
  }
  const scores = new Map<number, number>();
  for (const [id, counts] of countsByAge) {
    let score = 0;
    counts.forEach((count, age) => {
      score += count * dayWeight(age);
    });
    scores.set(id, score);
  }
  return [...scores.keys()].sort((a, b) => (scores.get(b) as number) - (scores.get(a) as number) || a - b);
}
