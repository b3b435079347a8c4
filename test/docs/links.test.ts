import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, test } from 'node:test';
import { anchorOf, headings, read, textFiles } from './documents.js';

const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...textFiles('docs').filter((path) => path.endsWith('.md'))];

/** The targets of a markdown text's links, outside fenced code and inline code. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target ?? '');
}

/** What is wrong with a link from `from` to `target`, or undefined when it leads somewhere in the repository. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return 'points outside the repository';
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : normalize(join(dirname(from), path));
  if (file.startsWith('..')) return 'points outside the repository';
  if (!existsSync(file)) return 'leads to no file';
  if (anchor !== undefined && !headings(read(file)).some((heading) => anchorOf(heading) === anchor)) return `leads to no heading "${anchor}" of ${file}`;
  return undefined;
}

describe('the links between the documents', () => {
  test('each leads to a file and heading inside the repository', () => {
    assert.ok(DOCUMENTS.length >= 10, DOCUMENTS.join(', '));
    const broken = DOCUMENTS.flatMap((from) =>
      linkTargets(read(from)).flatMap((target) => {
        const wrong = brokenLink(from, target);
        return wrong === undefined ? [] : [`${from}: (${target}) ${wrong}`];
      }),
    );
    assert.deepEqual(broken, []);
  });

  test('a link out of the repository, to a missing file or to a missing heading is caught', () => {
    assert.equal(brokenLink('docs/api.md', 'https://example.com/'), 'points outside the repository');
    assert.equal(brokenLink('docs/api.md', '../../shared/spec/decisions.md'), 'points outside the repository');
    assert.equal(brokenLink('docs/api.md', 'nowhere.md'), 'leads to no file');
    assert.equal(brokenLink('docs/api.md', 'decisions.md#no-such-heading'), 'leads to no heading "no-such-heading" of docs/decisions.md');
    assert.equal(brokenLink('docs/api.md', '#limits'), undefined);
    assert.deepEqual(linkTargets('[a](one.md) `[b](two.md)`\n```\n[c](three.md)\n```\n'), ['one.md']);
  });

  test('the README stays a door: 200 lines at most', () => {
    const lines = read('README.md').split('\n').length;
    assert.ok(lines <= 200, `README.md has ${lines} lines`);
  });
});
