import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { HttpError } from '../../../src/http/answers/errors.js';
import { OpenStreams, type OpenStream } from '../../../src/http/follow/open-streams.js';

/** A stream whose end resolves when the test says its last chunk has left. */
function heldStream(): { stream: OpenStream; ended: () => boolean; deliver: () => void } {
  let ended = false;
  let deliver: () => void = () => undefined;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  return {
    stream: {
      heartbeat: () => undefined,
      end: () => {
        ended = true;
        return delivered;
      },
    },
    ended: () => ended,
    deliver: () => deliver(),
  };
}

describe('the open streams at shutdown', () => {
  // Node's server.close() destroys every connection whose answer is ended, written out or not: had endAll
  // resolved before each stream's last chunk left, a client reading slowly would lose that chunk (issue 48).
  it('ends every stream at once, and resolves only when the last of them has delivered its final chunk', async () => {
    const streams = new OpenStreams();
    const first = heldStream();
    const second = heldStream();
    await streams.open('client a', first.stream);
    await streams.open('client b', second.stream);
    let allEnded = false;
    const ending = streams.endAll().then(() => (allEnded = true));
    assert.deepEqual([first.ended(), second.ended()], [true, true], 'both told to end at once, not one after the other');
    first.deliver();
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    assert.equal(allEnded, false, 'still waiting for the second stream');
    second.deliver();
    await ending;
    assert.equal(allEnded, true);
  });

  it('refuses a stream opened while shutting down with a 503', async () => {
    const streams = new OpenStreams();
    await streams.endAll();
    await assert.rejects(streams.open('client a', heldStream().stream), (error: unknown) => error instanceof HttpError && error.statusCode === 503);
  });
});
