/**
 * The files that took longest, each as the sum of its top-level tests' and suites' durations (hooks
 * included; the process's own start and exit are not), printed after the spec reporter's lines by
 * scripts/test-reporter.ts. Where to look first when the suite slows.
 */
import { relative } from 'node:path';
import type { TestEvent } from 'node:test/reporters';

/** How many files the summary names. */
const SHOWN = 12;

export class SlowestFiles {
  private readonly seconds = new Map<string, number>();

  /** Counts a top-level test or suite that ended, by its file (already a source's, not a bundle's). */
  note(event: TestEvent): void {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') return;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || file === undefined) return;
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + details.duration_ms / 1000);
  }

  /** The slowest files, one a line, under a heading; nothing when no test ran. */
  summary(): string {
    const slowest = [...this.seconds].sort(([, a], [, b]) => b - a).slice(0, SHOWN);
    if (slowest.length === 0) return '';
    const lines = slowest.map(([file, taken]) => `${taken.toFixed(1).padStart(8)}  ${relative(process.cwd(), file)}\n`);
    return `\nSlowest test files (seconds in their tests and hooks):\n${lines.join('')}`;
  }
}
