import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { recognise } from '../../../src/http/fast-path/recognise.js';
import { MAX_PATH_SEGMENT_LENGTH } from '../../../src/http/plugins/errors.js';

/** Characters that are plain in a path segment, and ones that are not (escapes, separators, non-ASCII). */
const segmentCharacter = fc.constantFrom(...'aZ09_.~-', '/', '%', '?', '#', ' ', '+', 'é', '🎰', '\u0000');

describe('recognise', () => {
  it('takes /api/slots/{segment} as the slot lookup exactly when the segment is plain: [\\w.~-]+, not over-long', () => {
    fc.assert(
      fc.property(fc.array(segmentCharacter, { maxLength: 12 }).map((parts) => parts.join('')), (segment) => {
        const found = recognise('GET', `/api/slots/${segment}`);
        const plain = /^[\w.~-]+$/.test(segment);
        assert.equal(found?.route === '/api/slots/:idOrSlug', plain, segment);
        if (plain) assert.equal(found?.route === '/api/slots/:idOrSlug' && found.idOrSlug, segment);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves an over-long segment to Fastify, which names its error', () => {
    assert.equal(recognise('GET', `/api/slots/${'a'.repeat(MAX_PATH_SEGMENT_LENGTH)}`)?.route, '/api/slots/:idOrSlug');
    assert.equal(recognise('GET', `/api/slots/${'a'.repeat(MAX_PATH_SEGMENT_LENGTH + 1)}`), undefined);
  });

  it('takes the slot lookup on GET only', () => {
    for (const method of ['HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', undefined]) assert.equal(recognise(method, '/api/slots/cherry-gems'), undefined, method);
  });
});
