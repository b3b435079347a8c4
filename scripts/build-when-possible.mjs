// Run before `npm start` and the commands (npm run operator, …): builds dist/ from the sources when the
// build tools are installed, so a fresh clone's `npm start` builds first. In an install pruned of them
// (`npm prune --omit=dev`) it keeps the dist/ built before the prune; with neither, it says what to do.
// Plain JavaScript: it has to run where TypeScript cannot.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function installed(name) {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
}

if (installed('esbuild') && installed('tsx')) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  process.exit(built.status ?? 1);
}
if (!existsSync(new URL('../dist/server.js', import.meta.url))) {
  process.stderr.write('slotmoji: dist/ is not built and the build tools are not installed: run `npm ci && npm run build` first (then `npm prune --omit=dev` if you like).\n');
  process.exit(1);
}
