import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecentAsks } from '../../src/insights/recent-asks.js';

const WINDOW_MS = 30 * 60_000;

/** Whether `recent` takes `key` as a repeat, asked by a visitor with no latest ask of its own, so only the 30-minute memory answers. */
const seen = (recent: RecentAsks, key: string, now: number) => recent.seen({ id: 'visitor', latest: undefined }, 'search', key, now);

describe('the asks a visitor made in the last 30 minutes', () => {
  it('takes an ask again within the window as a repeat, and after it as new', () => {
    const recent = new RecentAsks(WINDOW_MS, 10);
    assert.equal(seen(recent, 'a', 0), false);
    assert.equal(seen(recent, 'a', WINDOW_MS - 1), true);
    assert.equal(seen(recent, 'a', WINDOW_MS), false, 'the window has passed');
    assert.equal(seen(recent, 'a', 2 * WINDOW_MS - 1), true, 'remembered again from its new ask');
    assert.equal(recent.size, 1);
  });

  it('forgets expired asks as new ones come, so its size follows the window', () => {
    const recent = new RecentAsks(WINDOW_MS, 1_000_000);
    for (let minute = 0; minute < 120; minute++) seen(recent, `ask ${minute}`, minute * 60_000);
    assert.equal(recent.size, 30, 'the last 30 minutes only');
    assert.equal(seen(recent, 'ask 90', 119 * 60_000 + 1), true);
    assert.equal(seen(recent, 'ask 89', 119 * 60_000 + 1), false);
  });

  it('at its cap forgets the oldest first', () => {
    const recent = new RecentAsks(WINDOW_MS, 3);
    for (const [index, ask] of ['a', 'b', 'c', 'd'].entries()) seen(recent, ask, index);
    assert.equal(recent.size, 3);
    assert.equal(seen(recent, 'b', 4), true);
    assert.equal(seen(recent, 'a', 5), false, 'a was the oldest');
  });

  it('never forgets an ask for its earlier, expired entry', () => {
    const recent = new RecentAsks(WINDOW_MS, 3);
    seen(recent, 'a', 0);
    seen(recent, 'a', WINDOW_MS); // expired and asked again: now the newest
    seen(recent, 'b', WINDOW_MS + 1);
    seen(recent, 'c', WINDOW_MS + 2);
    seen(recent, 'd', WINDOW_MS + 3); // the cap: the oldest live ask, a's new entry, goes
    assert.equal(seen(recent, 'b', WINDOW_MS + 4), true);
    assert.equal(seen(recent, 'a', WINDOW_MS + 5), false);
    const kept = new RecentAsks(WINDOW_MS, 3);
    seen(kept, 'x', 0);
    seen(kept, 'a', 1);
    seen(kept, 'a', WINDOW_MS + 1); // x expired meanwhile; a asked again
    seen(kept, 'b', WINDOW_MS + 2);
    assert.equal(seen(kept, 'a', WINDOW_MS + 3), true, 'a is remembered from its second ask');
  });

  it('stays at its cap under a flood of asks that never repeat', () => {
    const recent = new RecentAsks(WINDOW_MS, 1000);
    for (let ask = 0; ask < 100_000; ask++) assert.equal(seen(recent, `ask ${ask}`, ask), false);
    assert.equal(recent.size, 1000);
    assert.equal(seen(recent, 'ask 99999', 100_000), true, 'the newest kept');
    assert.equal(seen(recent, 'ask 98999', 100_000), false, 'the oldest gone');
  });
});
