import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { freshDecimal } from '../../src/http/fresh-decimal.js';

describe('freshDecimal', () => {
  it('writes every safe integer as String does', () => {
    const whole = fc.oneof(fc.nat(), fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 999_999_999, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
    fc.assert(
      fc.property(whole, (value) => {
        assert.equal(freshDecimal(value), String(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('writes the figures the headers carry', () => {
    assert.equal(freshDecimal(0), '0');
    assert.equal(freshDecimal(59), '59');
    assert.equal(freshDecimal(999_999_999), '999999999');
  });
});
