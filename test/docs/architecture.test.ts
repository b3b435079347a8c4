import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LAYERS } from '../../eslint.config.js';
import { read } from './documents.js';

const ARCHITECTURE = read('docs/architecture.md');
/** Modules every layer may need, named in a sentence under the diagram rather than drawn. */
const NOT_DRAWN = ['config', 'project-files', 'v8-tuning'];

/** The diagram's node for a layer: one box stands for the store's three contracts. */
const nodeOf = (layer: string) => (layer.startsWith('store/') ? 'storecontract' : layer.replaceAll('-', ''));

/** The arrows the layer table allows, as `from --> to` between the diagram's nodes. */
function arrowsOfTable(): string[] {
  const arrows = Object.entries(LAYERS).flatMap(([layer, allowed]: [string, readonly string[]]) =>
    allowed.filter((target) => !NOT_DRAWN.includes(target)).map((target) => `${nodeOf(layer)} --> ${nodeOf(target)}`),
  );
  return [...new Set(arrows)].sort();
}

/** The arrows of the mermaid diagram in `markdown`. */
function arrowsOfDiagram(markdown: string): string[] {
  const diagram = /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  return [...diagram.matchAll(/^\s*(\w+)(?:\[[^\]]*\])?\s*-->\s*(\w+)/gm)].map(([, from, to]) => `${from} --> ${to}`).sort();
}

/** Who the sentence under the diagram says imports each module not drawn, as `module <- layer`. */
function importersInProse(markdown: string): string[] {
  return NOT_DRAWN.flatMap((module) => {
    const sentence = new RegExp(`\`${module}\\.ts\` \\([^)]*\\) is imported by\\s+([^;.]*)`).exec(markdown)?.[1] ?? '';
    return [...sentence.matchAll(/`([\w-]+)`/g)].map(([, layer]) => `${module} <- ${layer}`);
  }).sort();
}

describe("docs/architecture.md's diagram of the layers", () => {
  test('draws exactly the arrows the layer table of eslint.config.js allows', () => {
    assert.deepEqual(arrowsOfDiagram(ARCHITECTURE), arrowsOfTable());
  });

  test('names, under the diagram, every layer that may import the modules it does not draw', () => {
    const fromTable = Object.entries(LAYERS).flatMap(([layer, allowed]: [string, readonly string[]]) =>
      allowed.filter((target) => NOT_DRAWN.includes(target)).map((target) => `${target} <- ${layer}`),
    );
    assert.deepEqual(importersInProse(ARCHITECTURE), fromTable.sort());
  });

  test('an arrow missing from the diagram, or one too many, is caught', () => {
    const drawn = arrowsOfDiagram(ARCHITECTURE);
    const table = arrowsOfTable();
    assert.notDeepEqual(arrowsOfDiagram(ARCHITECTURE.replace(/^.*-->.*$/m, '')), table);
    assert.deepEqual(arrowsOfDiagram('```mermaid\nflowchart TD\n  a[A<br/>x] --> b\n  b --> c[C]\n```\n'), ['a --> b', 'b --> c']);
    assert.ok(drawn.length > 20);
  });
});
