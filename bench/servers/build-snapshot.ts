import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BESIDE_DIST } from '../../scripts/bundle-layout.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** A frozen copy of the build the whole run measures. */
export interface BuildSnapshot {
  /** Stands in for the repository root: dist/ copied, the rest linked. */
  readonly root: string;
  readonly serverEntry: string;
  /** The commit built, and how many files under src/ differed from it. */
  readonly description: string;
}

/**
 * Copies dist/ into `directory`, beside links to what it reads from the repository, so that someone
 * rebuilding dist/ during a long run cannot swap the server's code between two measurements.
 */
export function snapshotBuild(directory: string): BuildSnapshot {
  const dist = join(REPO, 'dist');
  if (!existsSync(join(dist, 'server.js'))) throw new Error('dist/server.js is missing: run `npm run build` first (`npm run bench` does)');
  const root = join(directory, 'build');
  mkdirSync(root);
  cpSync(dist, join(root, 'dist'), { recursive: true });
  for (const name of BESIDE_DIST) symlinkSync(join(REPO, name), join(root, name));
  return { root, serverEntry: join(root, 'dist', 'server.js'), description: describeSource() };
}

function describeSource(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--', 'src').split('\n').filter((line) => line !== '').length;
    return changed === 0 ? `commit ${commit}` : `commit ${commit} with ${changed} uncommitted file(s) under src/`;
  } catch {
    return 'not a git checkout';
  }
}
