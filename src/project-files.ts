import { fileURLToPath } from 'node:url';

/**
 * The project's root, where the files the server reads at run time live (data/, the web assets,
 * package.json). This module sits directly in src/, and the built bundle dist/server.js that carries
 * it sits directly in dist/, so `..` is the root from either.
 */
const ROOT = new URL('../', import.meta.url);

/** The absolute path of `relative`, a path from the project's root. */
export function projectPath(relative: string): string {
  return fileURLToPath(new URL(relative, ROOT));
}
