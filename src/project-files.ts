import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The project's root, where the files the server reads at run time live (data/, the web assets,
 * package.json): the nearest folder above this module with a package.json. The module sits in src/,
 * or, built, in dist/ or in dist/cli/ (a command's own code), so the root is found from any of them.
 */
function projectRoot(): URL {
  let folder = new URL('./', import.meta.url);
  while (!existsSync(new URL('package.json', folder))) {
    const parent = new URL('../', folder);
    if (parent.href === folder.href) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
  return folder;
}

const ROOT = projectRoot();

/** The absolute path of `relative`, a path from the project's root. */
export function projectPath(relative: string): string {
  return fileURLToPath(new URL(relative, ROOT));
}
