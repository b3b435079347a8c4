import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ifNoneMatchMatches } from '../../../src/http/answers/if-none-match.js';

const TAG = '"abc-123"';

describe('If-None-Match, read as RFC 9110 says', () => {
  it('matches the tag itself, strong or weak, anywhere in a list', () => {
    for (const field of ['"abc-123"', 'W/"abc-123"', '"x", "abc-123"', '"x","abc-123" , W/"y"', ' \t"abc-123"\t', '"x",,"abc-123",']) {
      assert.equal(ifNoneMatchMatches(field, TAG), true, field);
    }
  });

  it('compares weakly when the current tag is weak', () => {
    assert.equal(ifNoneMatchMatches('"abc-123"', 'W/"abc-123"'), true);
  });

  it('matches any current representation with *', () => {
    assert.equal(ifNoneMatchMatches('*', TAG), true);
    assert.equal(ifNoneMatchMatches('"x", *', TAG), true);
  });

  it('matches nothing else', () => {
    for (const field of ['', ',', '"abc-12"', '"abc-1234"', 'W/"x"', '"ABC-123"', '"abc-123 "']) {
      assert.equal(ifNoneMatchMatches(field, TAG), false, field);
    }
    assert.equal(ifNoneMatchMatches(undefined, TAG), false);
  });

  it('treats a field that is not valid syntax as naming nothing', () => {
    for (const field of ['abc-123', '"abc-123', 'w/"abc-123"', 'W/abc-123', '"abc-123" "x"', '"x" *', '**', '"abc-123" junk', '"a"b"', 'W/ "abc-123"', '"a\u0000b", "abc-123"']) {
      assert.equal(ifNoneMatchMatches(field, TAG), false, field);
    }
  });

  it('reads thousands of tags and a huge field in one pass', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => `W/"t${i}"`).join(', ');
    assert.equal(ifNoneMatchMatches(many, TAG), false);
    assert.equal(ifNoneMatchMatches(`${many}, ${TAG}`, TAG), true);
    assert.equal(ifNoneMatchMatches(`"${'a'.repeat(1_000_000)}`, TAG), false);
    assert.equal(ifNoneMatchMatches(`${'W/'.repeat(100_000)}`, TAG), false);
  });
});
