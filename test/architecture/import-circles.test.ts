import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, test } from 'node:test';

type Graph = ReadonlyMap<string, readonly string[]>;

/** Every module of src/ with the modules of src/ it imports: static, type-only, re-exported or import(). */
function importGraph(): Graph {
  const files = readdirSync('src', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  const specifier = /(?:^|\s)(?:import|export)\s[^;]*?from\s*'([^']+)'|import\s*\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm;
  return new Map(
    files.map((file) => {
      const targets = [...readFileSync(file, 'utf8').matchAll(specifier)]
        .map(([, from, dynamic, bare]) => from ?? dynamic ?? bare ?? '')
        .filter((target) => target.startsWith('.'))
        .map((target) => normalize(join(dirname(file), target.replace(/\.js$/, '.ts'))))
        .filter((target) => existsSync(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The circles of `graph`, each as the modules around it (the first repeated at the end), found by depth-first search. */
function circles(graph: Graph): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): void => {
    const onPath = path.indexOf(module);
    if (onPath >= 0) {
      found.push([...path.slice(onPath), module]);
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const target of graph.get(module) ?? []) visit(target);
    path.pop();
    done.add(module);
  };
  for (const module of [...graph.keys()].sort()) visit(module);
  return found;
}

describe('the imports of src/', () => {
  test('go round in no circle, type-only imports included', () => {
    const graph = importGraph();
    assert.ok(graph.size > 200, `only ${graph.size} modules read`);
    assert.ok([...graph.values()].some((targets) => targets.length > 5), 'no imports read');
    assert.deepEqual(circles(graph).map((circle) => circle.join(' -> ')), []);
  });

  test('a circle is found, however long', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
    ]);
    assert.deepEqual(circles(graph), [['a', 'b', 'c', 'a']]);
    assert.deepEqual(circles(new Map([['a', ['a']]])), [['a', 'a']]);
    assert.deepEqual(circles(new Map([['a', ['b']], ['b', []]])), []);
  });
});
