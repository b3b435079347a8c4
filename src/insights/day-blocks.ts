import type { DayBlock, DayRange } from '../store/insights.js';

/** The longest block: 2^8 = 256 days, so a year and more is a handful of blocks. */
const MAX_LEVEL = 8;
const MAX_SIZE = 2 ** MAX_LEVEL;

/** The fewest aligned blocks (start a multiple of size) that tile the range: at most two of each size. */
export function blocksOf(range: DayRange): DayBlock[] {
  const blocks: DayBlock[] = [];
  let start = range.fromDay;
  while (start <= range.toDay) {
    let size = MAX_SIZE;
    while (size > 1 && (start % size !== 0 || start + size - 1 > range.toDay)) size /= 2;
    blocks.push({ start, size });
    start += size;
  }
  return blocks;
}

/** The blocks of two days or more that end on `day`, smallest first: each is built once its last day is rolled up. */
export function blocksEndingOn(day: number): DayBlock[] {
  const blocks: DayBlock[] = [];
  for (let size = 2; size <= MAX_SIZE && (day + 1) % size === 0; size *= 2) blocks.push({ start: day + 1 - size, size });
  return blocks;
}
