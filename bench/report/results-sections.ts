import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * bench/RESULTS.md holds the report of `npm run bench` and sections it keeps as they are: at the top,
 * the hand-written summary of what limits speed today; after the report, those other benchmarks write
 * (each under its own `## ` heading). A section runs to the next `## ` heading, so a kept section uses
 * `###` and below inside. The history of findings lives in bench/history/, which no run touches.
 */
export const FOLLOW_HEADING = '## Two instances following each other (PostgreSQL + Redis)';
const SPEED_TODAY_HEADING = '## What limits speed today';
/** What the summary holds until someone writes it. */
const SPEED_TODAY_PLACEHOLDER = '(the lead fills this in)';
export const CHANGES_HEADING = '## Following the catalogue from outside: streams, the feed, webhooks';
export const DISCOVERY_HEADING = '## Distinct questions (issue 38)';
const KEPT_AFTER_REPORT = [FOLLOW_HEADING, CHANGES_HEADING, DISCOVERY_HEADING];

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

function keptSection(text: string, heading: string): string | undefined {
  const found = sectionIn(text, heading);
  return found ? text.slice(found.start, found.end).trimEnd() : undefined;
}

/** The summary `npm run bench` keeps at the top of the file at `path` (a placeholder when there is none yet). */
export function speedTodaySection(path: string): string {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return keptSection(text, SPEED_TODAY_HEADING) ?? `${SPEED_TODAY_HEADING}\n\n${SPEED_TODAY_PLACEHOLDER}`;
}

/** The sections of the file at `path` that `npm run bench` keeps after its report: what other benchmarks wrote. */
export function otherSections(path: string): string {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return KEPT_AFTER_REPORT.map((heading) => {
    const found = keptSection(text, heading);
    return found ? `\n${found}\n` : '';
  }).join('');
}
