/**
 * Work split into steps: a generator that yields between stretches of at most a few milliseconds,
 * so the same code can run at once (tests, small catalogues) or sliced around other events.
 */
export type Steps<T> = Generator<void, T>;

export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * Runs `steps`, giving the event loop back before a stretch of them would run past `maxBlockMs`
 * (judged by the longest step so far), so requests keep being answered meanwhile.
 */
export async function runSliced<T>(steps: Steps<T>, maxBlockMs: number): Promise<T> {
  let started = performance.now();
  let longestStep = 0;
  for (;;) {
    const before = performance.now();
    const step = steps.next();
    const after = performance.now();
    if (step.done === true) return step.value;
    longestStep = Math.max(longestStep, after - before);
    if (after - started + longestStep >= maxBlockMs) {
      await new Promise((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
}
