/**
 * The test files that take longest, longest first, which scripts/run-tests.ts starts before all others.
 * In path order, long files late in the alphabet (store-contract, insight-blocks, sqlite-checkpointer)
 * started in a run's last 75 s and ended it; started first, the long files run beside the many short
 * ones, which fill the gaps they leave. Taken from the reporter's slowest files
 * (its summary after every run). A list out of date costs only speed; a file renamed or removed from it
 * is refused by the runner.
 */
export const LONG_TEST_FILES: readonly string[] = [
  'test/backup/refusals.test.ts',
  'test/backup/round-trip.test.ts',
  'test/browser/console-sign-in.test.ts',
  'test/browser/console-pages.test.ts',
  'test/browser/console-concurrent.test.ts',
  'test/http/follow/mirror.test.ts',
  'test/catalogue/incremental.test.ts',
  'test/backup/live.test.ts',
  'test/process/install.test.ts',
  'test/store/insight-blocks.test.ts',
  'test/clients/package.test.ts',
  'test/store/store-contract.test.ts',
  'test/faults/shutdown.test.ts',
  'test/process/insights.test.ts',
  'test/http/fast-path/fast-path.test.ts',
  'test/process/bundle.test.ts',
  'test/openapi/responses.test.ts',
  'test/browser/pages.test.ts',
  'test/cli/operator.test.ts',
  'test/fuzz/inject.test.ts',
  'test/store/sqlite-checkpointer.test.ts',
  'test/http/protection/limits.test.ts',
  'test/http/protection/rate-limit-redis.test.ts',
];
