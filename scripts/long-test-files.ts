/**
 * The test files that take longest, longest first, which scripts/run-tests.ts starts right after the shared
 * processes. In path order, long files late in the alphabet (store-contract, insight-blocks) started in a
 * run's last 20 s and ended it, the host partly idle; started early, they run beside the many short ones,
 * which fill the gaps they leave. Taken from the files' wall times in one run (2026-11-29) and the reporter's
 * slowest files (its summary after every run). A list out of date costs only speed; a file renamed or
 * removed from it is refused by the runner.
 */
export const LONG_TEST_FILES: readonly string[] = [
  'test/browser/console-pages.test.ts',
  'test/backup/round-trip.test.ts',
  'test/browser/console-concurrent.test.ts',
  'test/browser/console-sign-in.test.ts',
  'test/backup/refusals.test.ts',
  'test/http/follow/mirror.test.ts',
  'test/catalogue/incremental.test.ts',
  'test/faults/shutdown.test.ts',
  'test/clients/package.test.ts',
  'test/browser/emoji-search.test.ts',
  'test/browser/pages.test.ts',
  'test/process/install.test.ts',
  'test/backup/live.test.ts',
  'test/process/insights.test.ts',
  'test/process/bundle.test.ts',
  'test/http/protection/limits.test.ts',
  'test/store/insight-blocks.test.ts',
  'test/browser/search.test.ts',
  'test/store/store-contract.test.ts',
  'test/browser/docs.test.ts',
  'test/catalogue/search-scale.test.ts',
  'test/fuzz/inject.test.ts',
  'test/fuzz/socket.test.ts',
  'test/cli/operator.test.ts',
  'test/store/sqlite-checkpointer.test.ts',
  'test/openapi/responses.test.ts',
];
