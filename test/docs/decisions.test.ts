import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { citingFiles, headings, read } from './documents.js';

/** Written as an escape, so that this file's own source holds no citation to resolve. */
const SIGN = '\u00a7';
const DECISIONS = 'docs/decisions.md';

/** The section numbers docs/decisions.md defines, from its `## §N. Title` headings. */
function sectionsOf(markdown: string): number[] {
  return headings(markdown).flatMap((heading) => {
    const section = new RegExp(`^${SIGN}(\\d+)\\. \\S`).exec(heading);
    return section ? [Number(section[1])] : [];
  });
}

/**
 * The citations of `text` that name no section of `sections`, as `line: citation`. A section sign
 * after an RFC's name (`RFC 9110 §13.1.2`) is the RFC's and not ours; every other is a decision.
 */
function unresolved(text: string, sections: ReadonlySet<number>): string[] {
  const citation = new RegExp(`(RFC\\s*\\d+\\s*)?${SIGN}\\s*(\\d+(?:\\.\\d+)*)`, 'g');
  return text.split('\n').flatMap((line, index) =>
    [...line.matchAll(citation)]
      .filter(([, rfc, number]) => rfc === undefined && !sections.has(Number(number)))
      .map(([whole]) => `${index + 1}: ${whole}`),
  );
}

describe('docs/decisions.md, the contract in the repository', () => {
  const sections = sectionsOf(read(DECISIONS));

  test('numbers its sections from 1 without a gap or a repeat', () => {
    assert.ok(sections.length >= 21, `only ${sections.length} sections`);
    assert.deepEqual(sections, sections.map((_, index) => index + 1));
  });

  test('holds every section the code, tests and documents cite', () => {
    const known = new Set(sections);
    const files = citingFiles();
    assert.ok(files.length > 300, `only ${files.length} files scanned`);
    const broken = files.flatMap((path) => unresolved(read(path), known).map((where) => `${path}:${where}`));
    assert.deepEqual(broken, []);
  });

  test('a citation of a section it lacks is caught, and an RFC section is not taken for one', () => {
    const known = new Set([1, 2, 3]);
    assert.deepEqual(unresolved(`decisions ${SIGN}3 and ${SIGN}4\nRFC 9110 ${SIGN}13.1.2`, known), [`1: ${SIGN}4`]);
    assert.deepEqual(unresolved(`as ${SIGN}2.5 says`, known), [`1: ${SIGN}2.5`]);
    assert.deepEqual(unresolved(`(${SIGN}1) and ${SIGN} 2`, known), []);
  });
});
