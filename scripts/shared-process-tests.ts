/**
 * The small pure unit test files, which scripts/run-tests.ts runs one after another in one test process
 * instead of a process each: their work is a few milliseconds, less than a process's start-up (about 0.2
 * to 0.3 s of CPU for node, the runner and the bundle's modules), paid here once instead of once a file.
 *
 * A file belongs here only if sharing a process cannot change what it proves: it starts no server,
 * process, browser, database (not even a SQLite file) or Redis connection of its own, changes nothing
 * of the process another file could see (process.env, globals, mocked timers, process.exitCode,
 * listeners), and has no top-level before or after hooks, which would run around every file's tests.
 * Files long in CPU for their own work (property tests over large catalogues, argon2) are left out:
 * sharing saves only the start-up, and they would lengthen the shared process beyond any other file.
 */
import { pathToFileURL } from 'node:url';

export const SHARED_PROCESS_TESTS: ReadonlySet<string> = new Set([
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
  'test/catalogue/top-counted.test.ts',
  'test/catalogue/validate.test.ts',
  'test/catalogue/word-dictionary.test.ts',
  'test/config.test.ts',
  'test/data/bundled-catalogue.test.ts',
  'test/docs/architecture.test.ts',
  'test/docs/configuration.test.ts',
  'test/docs/decisions.test.ts',
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
  'test/http/fast-path/recognise.test.ts',
  'test/http/follow/open-streams.test.ts',
  'test/http/input/catalogue-body.test.ts',
  'test/http/input/json-parser.test.ts',
  'test/http/observability/request-metrics.test.ts',
  'test/insights/counter.test.ts',
  'test/insights/popularity.test.ts',
  'test/insights/recent-asks.test.ts',
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
]);

/**
 * The shared process's test file, for `files` (sources, with their bundles): it imports the bundles one
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
