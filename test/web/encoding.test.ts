import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { negotiateCoding } from '../../src/web/encoding.js';

describe('negotiateCoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    assert.equal(negotiateCoding('gzip, deflate, br, zstd'), 'br');
    assert.equal(negotiateCoding('gzip, deflate'), 'gzip');
  });

  it('sends the original without an Accept-Encoding or with only unknown codings', () => {
    assert.equal(negotiateCoding(undefined), 'identity');
    assert.equal(negotiateCoding(''), 'identity');
    assert.equal(negotiateCoding('deflate, compress'), 'identity');
  });

  it('honours a refusal with q=0, in any case and spacing', () => {
    assert.equal(negotiateCoding('br;q=0, gzip'), 'gzip');
    assert.equal(negotiateCoding('BR ; Q=0 , GZIP;q=0.5'), 'gzip');
    assert.equal(negotiateCoding('br;q=0, gzip;q=0'), 'identity');
  });

  it('reads the wildcard, unless a coding is refused by name', () => {
    assert.equal(negotiateCoding('*'), 'br');
    assert.equal(negotiateCoding('br;q=0, *'), 'gzip');
    assert.equal(negotiateCoding('*;q=0'), 'identity');
  });
});
