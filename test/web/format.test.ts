import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMaxWin, formatRating, formatRtp, ratingStars, truncate, volatilityLevel } from '../../src/web/markup/format.js';

describe('slot figures as a player reads them', () => {
  it('writes max win as a multiple of the stake with thousands separators', () => {
    assert.equal(formatMaxWin(5000), '5,000×');
    assert.equal(formatMaxWin(50000), '50,000×');
    assert.equal(formatMaxWin(1234.5), '1,235×');
    assert.equal(formatMaxWin(12.5), '12.5×');
  });

  it('writes RTP as a percentage with at most two decimals', () => {
    assert.equal(formatRtp(96.5), '96.5%');
    assert.equal(formatRtp(96), '96%');
    assert.equal(formatRtp(97.34), '97.34%');
  });

  it('writes the rating with one decimal and five stars rounded to the nearest', () => {
    assert.equal(formatRating(4), '4.0');
    assert.equal(formatRating(3.6), '3.6');
    assert.equal(ratingStars(3.6), '★★★★☆');
    assert.equal(ratingStars(3.4), '★★★☆☆');
    assert.equal(ratingStars(0), '☆☆☆☆☆');
    assert.equal(ratingStars(5), '★★★★★');
  });

  it('lights one to four volatility bars', () => {
    assert.deepEqual(
      (['Low', 'Medium', 'High', 'Extreme'] as const).map(volatilityLevel),
      [1, 2, 3, 4],
    );
  });
});

describe('truncate', () => {
  it('keeps short text whole, with white space collapsed', () => {
    assert.equal(truncate('  a   short\ntext ', 20), 'a short text');
  });

  it('cuts long text at a word boundary and marks the cut', () => {
    const cut = truncate('The rage meters give every session a sense of progress', 30);
    assert.equal(cut, 'The rage meters give every…');
    assert.ok(Array.from(cut).length <= 30);
  });

  it('never splits an emoji in half', () => {
    const cut = truncate('🍒'.repeat(50), 10);
    assert.equal(cut, `${'🍒'.repeat(9)}…`);
    assert.doesNotMatch(cut, /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
