import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * bench/RESULTS.md holds the report of `npm run bench` and, after it, sections other benchmarks write
 * (each under its own `## ` heading). A section runs to the next `## ` heading that no other benchmark owns.
 */
export const FOLLOW_HEADING = '## Two instances following each other (PostgreSQL + Redis)';
const OWN_SECTIONS = [FOLLOW_HEADING];

function sectionIn(text: string, heading: string): { readonly start: number; readonly end: number } | undefined {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) return undefined;
  const next = text.indexOf('\n## ', start + heading.length);
  return { start, end: next < 0 ? text.length : next + 1 };
}

/** Puts `section` (starting with `heading`) into the file at `path`, in place of its previous version or at the end. */
export function writeSection(path: string, heading: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const old = sectionIn(text, heading);
  const body = `${section.trimEnd()}\n`;
  const next = old ? `${text.slice(0, old.start)}${body}${text.slice(old.end)}` : `${text.trimEnd()}\n\n${body}`;
  writeFileSync(path, next);
}

/** The sections other benchmarks wrote into the file at `path`, for `npm run bench` to keep when it rewrites it. */
export function otherSections(path: string): string {
  if (!existsSync(path)) return '';
  const text = readFileSync(path, 'utf8');
  return OWN_SECTIONS.map((heading) => {
    const found = sectionIn(text, heading);
    return found ? `\n${text.slice(found.start, found.end).trimEnd()}\n` : '';
  }).join('');
}
