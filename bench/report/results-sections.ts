import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * bench/RESULTS.md holds the report of `npm run bench` and, after it, sections it keeps as they are:
 * the findings written by hand, then those other benchmarks write (each under its own `## ` heading).
 * A section runs to the next `## ` heading, so a kept section uses `###` and below inside.
 */
export const FOLLOW_HEADING = '## Two instances following each other (PostgreSQL + Redis)';
export const DISCOVERY_HEADING = '## Distinct questions (issue 38)';
const FINDINGS_HEADING = '## Findings';
/** What the findings section holds until someone writes it. */
const FINDINGS_PLACEHOLDER = '(the lead fills this in)';
const KEPT_SECTIONS = [FINDINGS_HEADING, DISCOVERY_HEADING, FOLLOW_HEADING];

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

/**
 * The sections of the file at `path` that `npm run bench` keeps when it rewrites it: the findings
 * (a placeholder when there are none yet) and what other benchmarks wrote.
 */
export function otherSections(path: string): string {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return KEPT_SECTIONS.map((heading) => {
    const found = sectionIn(text, heading);
    if (found) return `\n${text.slice(found.start, found.end).trimEnd()}\n`;
    return heading === FINDINGS_HEADING ? `\n${FINDINGS_HEADING}\n\n${FINDINGS_PLACEHOLDER}\n` : '';
  }).join('');
}
