import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BEHIND_LOG_GROWTH_BYTES, LOG_PAGES_LIMIT } from '../../src/store/sqlite-checkpointer.js';
import { read } from './documents.js';

test("docs/operations.md's durability section states the checkpointer's bounds as src/store/sqlite-checkpointer.ts holds them", () => {
  const operations = read('docs/operations.md');
  const start = operations.indexOf('\n## Durability\n');
  assert.ok(start >= 0, 'docs/operations.md has a Durability section');
  const end = operations.indexOf('\n## ', start + 1);
  const section = operations.slice(start, end < 0 ? undefined : end);
  const pages = [...section.matchAll(/([\d,]+) pages/g)].map(([, count = '']) => Number(count.replaceAll(',', '')));
  const mebibytes = [...section.matchAll(/(\d+) MiB/g)].map(([, count = '']) => Number(count) * 1024 * 1024);
  assert.deepEqual(pages, [LOG_PAGES_LIMIT], 'the threshold that starts the thread');
  assert.deepEqual(mebibytes, [BEHIND_LOG_GROWTH_BYTES], 'the growth past which the writer catches up');
});
