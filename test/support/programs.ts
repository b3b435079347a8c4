import { join } from 'node:path';

/** The programs tests start as processes of their own, by their source files. */
export const PROGRAMS = {
  server: 'src/server.ts',
  operator: 'src/cli/operator.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  webhookWorker: 'test/support/webhook-worker.ts',
  printRequestId: 'test/support/print-request-id.ts',
  nextTickFeedback: 'test/support/next-tick-feedback.ts',
} as const;

/** Set by scripts/run-tests.ts to the folder where it bundled the programs beside the tests. */
export const PROGRAMS_VARIABLE = 'SLOTMOJI_TEST_PROGRAMS';

/**
 * The node arguments that run `program`: its bundle when the suite's runner built one (no loader to
 * start, a handful of modules to read), else its source through tsx.
 */
export function programArguments(program: keyof typeof PROGRAMS): string[] {
  const source = PROGRAMS[program];
  const bundles = process.env[PROGRAMS_VARIABLE];
  return bundles === undefined ? ['--import', 'tsx', source] : [join(bundles, source.replace(/\.ts$/, '.mjs'))];
}
