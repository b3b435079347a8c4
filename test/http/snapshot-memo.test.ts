import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import { bodyBytes, perSnapshotCache } from '../../src/http/snapshot-memo.js';

const empty = () => Catalogue.of([], {});

test('a per-snapshot cache computes a key once per snapshot', () => {
  const cache = perSnapshotCache<string>({ entries: 8 });
  const first = empty();
  const second = empty();
  let computed = 0;
  const value = (catalogue: Catalogue, key: string) => cache(catalogue, key, () => `${key} #${++computed}`);
  assert.equal(value(first, 'a'), 'a #1');
  assert.equal(value(first, 'a'), 'a #1');
  assert.equal(value(second, 'a'), 'a #2', 'another snapshot has its own values');
  assert.equal(value(first, 'b'), 'b #3');
});

test('a per-snapshot cache starts again when it holds its number of entries', () => {
  const cache = perSnapshotCache<number>({ entries: 2 });
  const catalogue = empty();
  let computed = 0;
  const value = (key: string) => cache(catalogue, key, () => ++computed);
  value('a');
  value('b');
  value('c');
  assert.equal(value('c'), 3, 'the newest value is kept');
  assert.equal(value('a'), 4, 'the older ones were dropped');
});

test('a per-snapshot cache bounded in bytes never holds more, and keeps nothing larger than its bound', () => {
  const cache = perSnapshotCache<Buffer>({ entries: 100, bytes: 10, bytesOf: bodyBytes });
  const catalogue = empty();
  let computed = 0;
  const value = (key: string, size: number) => cache(catalogue, key, () => (computed++, Buffer.alloc(size)));
  value('a', 6);
  value('a', 6);
  assert.equal(computed, 1);
  value('b', 6);
  value('b', 6);
  assert.equal(computed, 2, 'b was kept after dropping a');
  value('a', 6);
  assert.equal(computed, 3, 'a had been dropped to make room for b');
  value('huge', 11);
  value('huge', 11);
  assert.equal(computed, 5, 'a body over the bound is never kept');
  value('a', 6);
  assert.equal(computed, 5, 'and does not push out what fits');
});

test('bodyBytes counts a buffer or the body of a representation', () => {
  assert.equal(bodyBytes(Buffer.from('héllo')), 6);
  assert.equal(bodyBytes({ body: Buffer.alloc(3) }), 3);
});
