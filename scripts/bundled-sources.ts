/**
 * The reporters' way back from the test bundles to the sources. The test processes run without
 * `--enable-source-maps`: with it, each one read and measured the map of every bundle it loaded, and
 * searched every function Fastify and Ajv compile for a map of its own, about 0.05 s of CPU per test
 * file for stack traces that only failures print. The reporters map what they print instead, with
 * the maps beside the bundles, each read once and only when a place in its bundle is asked for.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PROGRAMS_VARIABLE } from '../test/support/programs.js';

/** The folder of the bundles: scripts/run-tests.ts names it to the test runner, whose reporters these are. */
const BUNDLES = process.env[PROGRAMS_VARIABLE];

const maps = new Map<string, SourceMap | undefined>();

function mapOf(bundle: string): SourceMap | undefined {
  if (BUNDLES === undefined || !bundle.startsWith(BUNDLES + sep)) return undefined;
  if (!maps.has(bundle)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = undefined;
    }
    maps.set(bundle, map);
  }
  return maps.get(bundle);
}

export interface SourcePlace {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Where `line`:`column` (from 1) of `bundle` was written, or undefined for a place of no test bundle. */
export function sourcePlace(bundle: string, line: number, column: number): SourcePlace | undefined {
  const entry = mapOf(bundle)?.findEntry(line - 1, column - 1);
  if (entry === undefined || !('originalSource' in entry)) return undefined;
  return {
    file: fileURLToPath(new URL(entry.originalSource, pathToFileURL(bundle))),
    line: entry.originalLine + 1,
    column: entry.originalColumn + 1,
  };
}

/** A place in a stack trace: a path or file URL, a line and a column. */
const PLACE = /(?:file:\/\/)?(\/[^\s()]+?\.mjs):(\d+):(\d+)/g;

/** `text` (a stack trace, a line of output) with the places in test bundles it names turned into places in the sources. */
export function sourceText(text: string): string {
  return text.replace(PLACE, (place, bundle: string, line: string, column: string) => {
    const source = sourcePlace(bundle, Number(line), Number(column));
    return source === undefined ? place : `${source.file}:${source.line}:${source.column}`;
  });
}
