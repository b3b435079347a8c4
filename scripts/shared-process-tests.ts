/**
 * The test files that scripts/run-tests.ts runs one after another in a test process they share, instead of
 * a process each. A process's start-up (node, the runner, the bundle's modules; for a file that builds the
 * service, Fastify, its plugins and the emoji names too, and the JIT warming up on the same code again) cost
 * more CPU than many a file's tests: paid once a group here instead of once a file.
 *
 * A file belongs here only if sharing a process cannot change what it proves: it starts no server process,
 * command, browser or Redis connection of its own, makes a PostgreSQL database only as test/support/postgres.ts
 * does (one of its own, dropped at its end), changes nothing of the process another file could see
 * (process.env, globals, mocked timers, process.exitCode, listeners), and has no top-level before or after
 * hooks, which would run around every file's tests. Files long in CPU for their own work (property tests over
 * large catalogues, argon2, the fuzzers) are left out: sharing saves only the start-up, and they would lengthen
 * a shared process beyond any other file.
 */
import { pathToFileURL } from 'node:url';

/** The small pure unit files: a few milliseconds of work each, together in one process. */
const UNIT_FILES = [
  'test/architecture/import-circles.test.ts',
  'test/architecture/layers.test.ts',
  'test/bench/callgrind.test.ts',
  'test/bench/command-line.test.ts',
  'test/bench/options.test.ts',
  'test/bench/rounds.test.ts',
  'test/bench/verdicts.test.ts',
  'test/catalogue/bitset.test.ts',
  'test/catalogue/catalogue.test.ts',
  'test/catalogue/change.test.ts',
  'test/catalogue/emoji-words.test.ts',
  'test/catalogue/facet-order.test.ts',
  'test/catalogue/match.test.ts',
  'test/catalogue/order-prefixes.test.ts',
  'test/catalogue/packed-facet-values.test.ts',
  'test/catalogue/ranking.test.ts',
  'test/catalogue/top-counted.test.ts',
  'test/catalogue/validate.test.ts',
  'test/catalogue/word-dictionary.test.ts',
  'test/config.test.ts',
  'test/data/bundled-catalogue.test.ts',
  'test/docs/architecture.test.ts',
  'test/docs/configuration.test.ts',
  'test/docs/decisions.test.ts',
  'test/docs/durability.test.ts',
  'test/docs/limits.test.ts',
  'test/docs/links.test.ts',
  'test/emoji/emoji.test.ts',
  'test/emoji/parse.test.ts',
  'test/http/answers/fresh-decimal.test.ts',
  'test/http/answers/if-none-match.test.ts',
  'test/http/answers/slot-json.test.ts',
  'test/http/answers/snapshot-memo.test.ts',
  'test/http/caller/base-url.test.ts',
  'test/http/caller/client-address.test.ts',
  'test/http/caller/proxy-trust.test.ts',
  'test/http/connection/request-target.test.ts',
  'test/http/contract/lazy-validators.test.ts',
  'test/http/fast-path/recognise.test.ts',
  'test/http/follow/open-streams.test.ts',
  'test/http/input/catalogue-body.test.ts',
  'test/http/input/json-parser.test.ts',
  'test/http/observability/request-metrics.test.ts',
  'test/insights/counter.test.ts',
  'test/insights/popularity.test.ts',
  'test/insights/recent-asks.test.ts',
  'test/insights/top-k.test.ts',
  'test/ratelimit/client-key.test.ts',
  'test/ratelimit/cluster-limiter.test.ts',
  'test/ratelimit/memory-limiter.test.ts',
  'test/ratelimit/memory-stream-seats.test.ts',
  'test/ratelimit/windows.test.ts',
  'test/store/record-text.test.ts',
  'test/web/encoding.test.ts',
  'test/web/format.test.ts',
  'test/web/html.test.ts',
  'test/web/picker.test.ts',
  'test/web/search-query.test.ts',
  'test/webhooks/destination.test.ts',
  'test/webhooks/message-id.test.ts',
  'test/webhooks/signature.test.ts',
];

/**
 * The files that run the service or its SQLite store in this process (test/support/app.ts: over a SQLite
 * file in a temporary folder of their own, closed by the test) and speak to it through `inject` or a socket on
 * a free port. In their own processes, 33 of them used 73.5 s of CPU; in one, 34.7 s (one run each,
 * 2026-11-29, loaded by a helper's work beside them, so a guide rather than a result).
 */
const IN_PROCESS_APP_FILES = [
  'test/clients/typescript.test.ts',
  'test/http/answers/conditional.test.ts',
  'test/http/console/console-audit.test.ts',
  'test/http/console/console-forms.test.ts',
  'test/http/console/console-import.test.ts',
  'test/http/console/console-insights.test.ts',
  'test/http/console/console-session.test.ts',
  'test/http/console/console-timing.test.ts',
  'test/http/console/console-webhooks.test.ts',
  'test/http/follow/feed.test.ts',
  'test/http/follow/stream.test.ts',
  'test/http/insights/insight-reports.test.ts',
  'test/http/protection/cors-errors.test.ts',
  'test/http/protection/protocol.test.ts',
  'test/http/protection/rate-limit.test.ts',
  'test/http/protection/raw-request.test.ts',
  'test/http/protection/security.test.ts',
  'test/http/protection/slow-upload.test.ts',
  'test/http/routes/admin-history.test.ts',
  'test/http/routes/admin-import-body.test.ts',
  'test/http/routes/admin-operators.test.ts',
  'test/http/routes/discovery-distinct.test.ts',
  'test/http/routes/discovery.test.ts',
  'test/http/routes/emoji-search.test.ts',
  'test/http/routes/emojis.test.ts',
  'test/http/routes/match.test.ts',
  'test/http/routes/operations.test.ts',
  'test/http/routes/popular.test.ts',
  'test/http/routes/redirects.test.ts',
  'test/http/routes/slots.test.ts',
  'test/insights/overview.test.ts',
  'test/insights/privacy.test.ts',
  'test/service/catalogue-service.test.ts',
  'test/store/sqlite-load.test.ts',
  'test/web/discoverability.test.ts',
  'test/web/pages.test.ts',
  'test/web/search-page.test.ts',
];

/**
 * The files that speak to PostgreSQL (and to SQLite) through the stores or the service in this process, each
 * test on a database of its own that it drops (test/support/postgres.ts). In their own processes, 14 of them
 * used 31.0 s of CPU; in one, 19.2 s (one run each, 2026-11-29, loaded by a helper's work beside them).
 */
const STORE_FILES = [
  'test/http/console/console-import-race.test.ts',
  'test/http/console/console-instances.test.ts',
  'test/http/routes/admin-postgres.test.ts',
  'test/http/routes/admin-tokens.test.ts',
  'test/store/audit-contract.test.ts',
  'test/store/insight-blocks-statistics.test.ts',
  'test/store/insight-registers-by-key.test.ts',
  'test/store/insight-store.test.ts',
  'test/store/postgres-slot-write.test.ts',
  'test/store/schema-upgrade.test.ts',
  'test/store/session-store.test.ts',
  'test/store/store-ping.test.ts',
  'test/store/test-databases.test.ts',
  'test/webhooks/admin-routes.test.ts',
  'test/webhooks/delivery.test.ts',
];

/** Processes the in-process app files are dealt into: in one, the first 33 ran for a minute (loaded), a chain as long as a long file. */
const APP_PROCESSES = 3;

/** The groups of files that share a process, the longest first: the store files, the app files dealt in turn into APP_PROCESSES, the units. */
export const SHARED_PROCESSES: readonly (readonly string[])[] = [
  STORE_FILES,
  ...Array.from({ length: APP_PROCESSES }, (_, group) => IN_PROCESS_APP_FILES.filter((_file, index) => index % APP_PROCESSES === group)),
  UNIT_FILES,
];

export const SHARED_PROCESS_TESTS: ReadonlySet<string> = new Set(SHARED_PROCESSES.flat());

/**
 * A shared process's test file, for `files` (sources, with their bundles): it imports the bundles one
 * after another, so that each test still stands at its own place in its own bundle, which the reporter
 * maps back to its source. A file that fails to load becomes one failing test named after it, and the
 * files after it still run, as they would in processes of their own.
 */
export function sharedProcessEntry(files: readonly { source: string; bundle: string }[]): string {
  const imports = files.map(({ source, bundle }) => [source, pathToFileURL(bundle).href]);
  return `import { test } from 'node:test';
for (const [source, bundle] of ${JSON.stringify(imports)}) {
  try {
    await import(bundle);
  } catch (error) {
    test(\`\${source} loads\`, () => {
      throw error;
    });
  }
}
`;
}
