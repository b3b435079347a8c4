import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messageIds } from '../../src/webhooks/message-id.js';

describe('webhook message ids across restores', () => {
  it('names a change of a database\'s first history by its sequence, and one made after a restore by that history too', () => {
    assert.equal(messageIds([])(7), 'msg_7');
    // Restored from a backup at 10 (history A), whose copy was restored again from a backup at 15 (history B).
    const named = messageIds([
      { since: 10, history: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { since: 15, history: 'BBBBBBBBBBBBBBBBBBBBBB' },
    ]);
    assert.deepEqual([1, 10, 11, 15, 16].map(named), ['msg_1', 'msg_10', 'msg_AAAAAAAAAAAAAAAAAAAAAA_11', 'msg_AAAAAAAAAAAAAAAAAAAAAA_15', 'msg_BBBBBBBBBBBBBBBBBBBBBB_16']);
  });
});
