/**
 * A reporter for node's test runner, beside the spec reporter in `npm run test:only`: after the run,
 * the files that took longest, each as the sum of its top-level tests' and suites' durations (hooks
 * included; the process's own start and exit are not). Where to look first when the suite slows.
 */
import { relative } from 'node:path';
import type { TestEvent } from 'node:test/reporters';

/** How many files the summary names. */
const SHOWN = 12;

export default async function* slowestFiles(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const seconds = new Map<string, number>();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || file === undefined) continue;
    seconds.set(file, (seconds.get(file) ?? 0) + details.duration_ms / 1000);
  }
  const slowest = [...seconds].sort(([, a], [, b]) => b - a).slice(0, SHOWN);
  if (slowest.length === 0) return;
  yield `\nSlowest test files (seconds in their tests and hooks):\n`;
  for (const [file, taken] of slowest) yield `${taken.toFixed(1).padStart(8)}  ${relative(process.cwd(), file)}\n`;
}
