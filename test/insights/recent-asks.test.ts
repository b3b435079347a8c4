import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RecentAsks } from '../../src/insights/recent-asks.js';

const WINDOW_MS = 30 * 60_000;

describe('the asks a visitor made in the last 30 minutes', () => {
  it('takes an ask again within the window as a repeat, and after it as new', () => {
    const recent = new RecentAsks(WINDOW_MS, 10);
    assert.equal(recent.seen('a', 0), false);
    assert.equal(recent.seen('a', WINDOW_MS - 1), true);
    assert.equal(recent.seen('a', WINDOW_MS), false, 'the window has passed');
    assert.equal(recent.seen('a', 2 * WINDOW_MS - 1), true, 'remembered again from its new ask');
    assert.equal(recent.size, 1);
  });

  it('forgets expired asks as new ones come, so its size follows the window', () => {
    const recent = new RecentAsks(WINDOW_MS, 1_000_000);
    for (let minute = 0; minute < 120; minute++) recent.seen(`ask ${minute}`, minute * 60_000);
    assert.equal(recent.size, 30, 'the last 30 minutes only');
    assert.equal(recent.seen('ask 90', 119 * 60_000 + 1), true);
    assert.equal(recent.seen('ask 89', 119 * 60_000 + 1), false);
  });

  it('at its cap forgets the oldest first', () => {
    const recent = new RecentAsks(WINDOW_MS, 3);
    for (const [index, ask] of ['a', 'b', 'c', 'd'].entries()) recent.seen(ask, index);
    assert.equal(recent.size, 3);
    assert.equal(recent.seen('b', 4), true);
    assert.equal(recent.seen('a', 5), false, 'a was the oldest');
  });

  it('never forgets an ask for its earlier, expired entry', () => {
    const recent = new RecentAsks(WINDOW_MS, 3);
    recent.seen('a', 0);
    recent.seen('a', WINDOW_MS); // expired and asked again: now the newest
    recent.seen('b', WINDOW_MS + 1);
    recent.seen('c', WINDOW_MS + 2);
    recent.seen('d', WINDOW_MS + 3); // the cap: the oldest live ask, a's new entry, goes
    assert.equal(recent.seen('b', WINDOW_MS + 4), true);
    assert.equal(recent.seen('a', WINDOW_MS + 5), false);
    const kept = new RecentAsks(WINDOW_MS, 3);
    kept.seen('x', 0);
    kept.seen('a', 1);
    kept.seen('a', WINDOW_MS + 1); // x expired meanwhile; a asked again
    kept.seen('b', WINDOW_MS + 2);
    assert.equal(kept.seen('a', WINDOW_MS + 3), true, 'a is remembered from its second ask');
  });

  it('stays at its cap under a flood of asks that never repeat', () => {
    const recent = new RecentAsks(WINDOW_MS, 1000);
    for (let ask = 0; ask < 100_000; ask++) assert.equal(recent.seen(`ask ${ask}`, ask), false);
    assert.equal(recent.size, 1000);
    assert.equal(recent.seen('ask 99999', 100_000), true, 'the newest kept');
    assert.equal(recent.seen('ask 98999', 100_000), false, 'the oldest gone');
  });
});
