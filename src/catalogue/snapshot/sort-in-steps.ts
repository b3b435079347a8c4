import type { Steps } from './steps.js';

/** Items sorted natively in one stretch, and merged between two chances to yield. */
const STRETCH = 4096;

/** A sorted copy of `items`: runs sorted natively, then merged pairwise, so no stretch of the work is long. */
export function* sortInSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Steps<T[]> {
  let source: T[] = [];
  for (let start = 0; start < items.length; start += STRETCH) {
    source.push(...items.slice(start, start + STRETCH).sort(compare));
    yield;
  }
  let target = new Array<T>(items.length);
  for (let width = STRETCH; width < items.length; width *= 2) {
    for (let start = 0; start < items.length; start += 2 * width) {
      const middle = Math.min(start + width, items.length);
      const end = Math.min(start + 2 * width, items.length);
      let left = start;
      let right = middle;
      for (let next = start; next < end; next++) {
        const takeLeft = right >= end || (left < middle && compare(source[left] as T, source[right] as T) <= 0);
        target[next] = takeLeft ? (source[left++] as T) : (source[right++] as T);
        if (next % STRETCH === STRETCH - 1) yield;
      }
    }
    [source, target] = [target, source];
  }
  return source;
}
