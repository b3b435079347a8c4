import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide, endOf, generationOf, windowSpecs, type WindowCount } from '../../src/ratelimit/windows.js';

const specs = windowSpecs({ perMinute: 10, perHour: 100, perDay: 1000, ipv6Prefix: 56 });
const [minute, hour, day] = specs;
if (minute === undefined || hour === undefined || day === undefined) throw new Error('three windows expected');

function counts(used: readonly [number, number, number], limits?: readonly [number, number, number]): WindowCount[] {
  return specs.map((spec, w) => ({
    spec: limits === undefined ? spec : { ...spec, limit: limits[w] ?? spec.limit },
    used: used[w] ?? 0,
    resetAt: 1000 * (w + 1),
  }));
}

describe('windowSpecs', () => {
  it('lists minute, hour and day, shortest first, with the configured limits', () => {
    assert.deepEqual(windowSpecs({ perMinute: 1, perHour: 2, perDay: 3, ipv6Prefix: 56 }), [
      { window: 'minute', seconds: 60, limit: 1 },
      { window: 'hour', seconds: 3600, limit: 2 },
      { window: 'day', seconds: 86400, limit: 3 },
    ]);
  });
});

describe('generationOf and endOf', () => {
  it('aligns windows to the epoch, so a window ends on its own boundary', () => {
    const at = Date.UTC(2030, 0, 1, 12, 34, 56, 789);
    assert.equal(endOf(minute, generationOf(minute, at)), Date.UTC(2030, 0, 1, 12, 35) / 1000);
    assert.equal(endOf(hour, generationOf(hour, at)), Date.UTC(2030, 0, 1, 13) / 1000);
    assert.equal(endOf(day, generationOf(day, at)), Date.UTC(2030, 0, 2) / 1000);
  });

  it('starts the next window exactly at the boundary', () => {
    const boundary = Date.UTC(2030, 0, 1, 12, 35);
    assert.equal(generationOf(minute, boundary) - generationOf(minute, boundary - 1), 1);
  });
});

describe('decide', () => {
  it('allows a request while every window has room and reports what is left after it', () => {
    assert.deepEqual(decide(counts([0, 0, 0])), { allowed: true, limit: 10, remaining: 9, reset: 1000, window: 'minute' });
    assert.deepEqual(decide(counts([9, 9, 9])), { allowed: true, limit: 10, remaining: 0, reset: 1000, window: 'minute' });
  });

  it('binds the window with the fewest requests left, whichever it is', () => {
    assert.equal(decide(counts([0, 95, 0])).window, 'hour');
    assert.equal(decide(counts([0, 95, 0])).remaining, 4);
    assert.equal(decide(counts([0, 0, 995])).window, 'day');
    assert.equal(decide(counts([0, 0, 995])).reset, 3000);
    assert.equal(decide(counts([5, 0, 0], [10, 3, 1000])).window, 'hour');
  });

  it('breaks ties in favour of the shorter window', () => {
    assert.equal(decide(counts([0, 0, 0], [5, 5, 5])).window, 'minute');
    assert.equal(decide(counts([0, 3, 3], [10, 5, 5])).window, 'hour');
  });

  it('rejects when any window is full, counting the request nowhere, with nothing negative', () => {
    const rejected = decide(counts([10, 50, 500]));
    assert.deepEqual(rejected, { allowed: false, limit: 10, remaining: 0, reset: 1000, window: 'minute' });
    assert.equal(decide(counts([3, 100, 500])).window, 'hour');
    // Counts past a limit (limits lowered since they were made) still read as nothing left.
    assert.equal(decide(counts([25, 0, 0])).remaining, 0);
  });

  it('names the full window that resets last when two or three are full, so the client is not sent back too early', () => {
    assert.deepEqual(decide(counts([10, 100, 500])), { allowed: false, limit: 100, remaining: 0, reset: 2000, window: 'hour' });
    assert.deepEqual(decide(counts([10, 50, 1000])), { allowed: false, limit: 1000, remaining: 0, reset: 3000, window: 'day' });
    assert.deepEqual(decide(counts([10, 100, 1000])), { allowed: false, limit: 1000, remaining: 0, reset: 3000, window: 'day' });
    // A window with room left is never named in a refusal, even when it resets later.
    assert.equal(decide(counts([0, 100, 0])).window, 'hour');
  });

  it('names the shorter of two full windows that reset at the same moment', () => {
    const sameEnd = specs.map((spec, w) => ({ spec, used: [10, 100, 0][w] ?? 0, resetAt: 5000 }));
    assert.equal(decide(sameEnd).window, 'minute');
  });
});
