/**
 * The test files that take longest, longest first, which scripts/run-tests.ts starts right after the shared
 * processes. In path order, long files late in the alphabet (store-contract, insight-blocks) started in a
 * run's last 20 s and ended it, the host partly idle; started early, they run beside the many short ones,
 * which fill the gaps they leave. Taken from the files' wall times in one run (2026-11-29) and the reporter's
 * slowest files (its summary after every run). The files of 4.5 s and more that followed in path order
 * (2026-11-30) are listed too: the last of them, started in a run's last 10 s, ended it alone. A list out of
 * date costs only speed; a file renamed or removed from it is refused by the runner.
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
  'test/http/routes/follow-postgres.test.ts',
  'test/deploy/nginx.test.ts',
  'test/webhooks/lease.test.ts',
  'test/http/routes/admin.test.ts',
  'test/http/routes/admin-durability.test.ts',
  'test/http/fast-path/fast-path.test.ts',
  'test/http/protection/rate-limit-redis.test.ts',
  'test/browser/popular.test.ts',
  'test/process/startup.test.ts',
  'test/http/follow/stream-redis.test.ts',
  'test/process/cluster.test.ts',
  'test/faults/postgres-outage.test.ts',
  'test/faults/kill-during-writes-postgres.test.ts',
  'test/http/caller/client-identity.test.ts',
  'test/faults/kill-during-writes.test.ts',
  'test/catalogue/search.test.ts',
];
