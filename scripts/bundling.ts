/**
 * What the server's build (scripts/build.ts) and the tests' (scripts/run-tests.ts) bundle alike.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';

/** CommonJS packages inside an ES module call `require`, which an ES module has to make for itself. */
export const REQUIRE_IN_ESM = "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";

/** Left as packages of their own: the native addons, and the database clients only the chunks of their stores import. */
export const SERVER_EXTERNALS: readonly string[] = ['better-sqlite3', '@node-rs/argon2', 'pg', 'ioredis'];

/**
 * Bundled packages that find files beside their code through `__dirname`, which an ES module lacks:
 * swagger-ui serves its page's scripts and styles from its own folder. Left out of the bundle, it
 * loaded its own yaml and @fastify/static file by file at every start: bundled, a server's start took
 * about 55 ms less of its 700-800 ms of CPU in two rounds of 24 alternated starts, within a wide scatter
 * (a first round of 16 read 65 ms more; bench/history/2026-11-30.md, "Day").
 */
const PACKAGES_WITH_FILES = ['@fastify/swagger-ui'];

const inPackageWithFiles = new RegExp(`/node_modules/(${PACKAGES_WITH_FILES.join('|')})/(.*)\\.js$`);

/**
 * In the modules of PACKAGES_WITH_FILES, `__dirname` is the module's folder in the package as
 * installed, found at run time: a bundle copied elsewhere (an install, the bench's frozen build) finds
 * the files in the node_modules it runs beside.
 */
export const packageFolders: Plugin = {
  name: 'package-folders',
  setup(esbuild) {
    esbuild.onLoad({ filter: inPackageWithFiles }, (args) => {
      const [, name = '', inside = ''] = inPackageWithFiles.exec(args.path) ?? [];
      const path = "require('node:path')";
      const found = `${path}.join(${path}.dirname(require.resolve(${JSON.stringify(`${name}/package.json`)})), ${JSON.stringify(dirname(inside))})`;
      return { contents: readFileSync(args.path, 'utf8').replaceAll('__dirname', `(${found})`), loader: 'js' };
    });
  },
};
