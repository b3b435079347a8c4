import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FreshDecimals } from '../../../src/http/answers/fresh-decimal.js';

describe('FreshDecimals', () => {
  it('writes every safe integer as String does, whatever it wrote before', () => {
    const texts = new FreshDecimals();
    const whole = fc.oneof(fc.nat(), fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -0, 999, 1000, 999_999_999_999, 1e12, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
    fc.assert(
      fc.property(whole, (value) => {
        assert.equal(texts.text(value), String(value));
      }),
      { numRuns: 5000 },
    );
  });

  it('writes runs of consecutive numbers, up or down across thousands, as String does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e12 }), fc.boolean(), (start, upwards) => {
        const texts = new FreshDecimals();
        for (let step = 0; step < 2500; step += 1) {
          const value = upwards ? start + step : Math.max(0, start - step);
          assert.equal(texts.text(value), String(value));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('writes the figures the headers carry', () => {
    const texts = new FreshDecimals();
    assert.equal(texts.text(0), '0');
    assert.equal(texts.text(59), '59');
    assert.equal(texts.text(1_007), '1007');
    assert.equal(texts.text(999_999_999), '999999999');
    assert.equal(texts.text(999_999_998), '999999998');
  });

  it('writes what is not a whole number below a trillion as toFixed(0) does, not by looking up digits', () => {
    const texts = new FreshDecimals();
    for (const value of [0.5, 999.5, 1234.5, -1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      assert.equal(texts.text(value), value.toFixed(0));
    }
  });
});
