/**
 * Builds dist/server.js, the server, and dist/cli/NAME.js for every command src/cli/NAME.ts (npm run
 * operator, …), so an install pruned of the build tools runs them all. Each is its code and the
 * packages it imports in one ES module: Node then reads, compiles and links one file at start-up
 * instead of about a thousand (TypeBox alone is 709 modules), which took a third of a second off every
 * start (see bench/RESULTS.md). What only a dynamic import
 * reaches (the PostgreSQL store, the Redis limiter) goes to chunks beside it, loaded when configured.
 *
 * Left as packages of their own: better-sqlite3 and @node-rs/argon2 (native addons), pg and ioredis (imported only by those
 * chunks). @fastify/swagger-ui is bundled and serves its files from node_modules (scripts/bundling.ts).
 * Identifiers are kept, so stack traces read as they would from the sources; dist/server.js.map maps
 * them back to src/ under `node --enable-source-maps`.
 *
 *   node --import tsx scripts/build.ts [out-directory]   (default: dist/ of this project)
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { packageFolders, REQUIRE_IN_ESM, SERVER_EXTERNALS } from './bundling.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const outDirectory = resolve(process.argv[2] ?? join(ROOT, 'dist'));

/** Every module directly in src/cli/ is built as a command of its own; what they share goes to chunks beside them. */
const commands = readdirSync(join(ROOT, 'src', 'cli'))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `src/cli/${name}`);

/** Bundles `entryPoints` into `outdir`, each entry as `[name].js`. */
async function bundle(entryPoints: readonly string[], outdir: string): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [...entryPoints],
    outdir,
    entryNames: '[name]',
    bundle: true,
    // In one file, esbuild hoists the dynamically imported modules' `import pg` and `import { Redis }` to the
    // top, and every SQLite start loaded both clients (bench/history/2026-11-24.md).
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...SERVER_EXTERNALS],
    banner: { js: REQUIRE_IN_ESM },
    plugins: [packageFolders],
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

rmSync(outDirectory, { recursive: true, force: true });
// Two builds, so the server's bundle is what it was before the commands were built (nothing of it moves to shared chunks).
await bundle(['src/server.ts'], outDirectory);
await bundle(commands, join(outDirectory, 'cli'));
