import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { insightsOverview } from '../../src/insights/overview.js';
import type { HourCount } from '../../src/store/insights.js';
import { SqliteStore } from '../../src/store/sqlite.js';

const TODAY = 20_600;
const play = (daysAgo: number, key: string, count: number): HourCount => ({ kind: 'play', hour: (TODAY - daysAgo) * 24 + 5, key, found: true, count });

/** The Insights page's figures over a real store: "rising" when last week's list is longer than the report's limit. */
describe('insights overview', () => {
  let dir: string;
  let store: SqliteStore;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-overview-'));
    store = new SqliteStore(join(dir, 'insights.db'));
    await store.migrate();
    // Last week: 200 slots played 100 times or more, and slot "late" 30 times, below them all.
    await store.insights.addCounts([...Array.from({ length: 200 }, (_, index) => play(8, `busy-${index}`, 100 + index)), play(9, 'late', 30)]);
    // This week: "late" 40 times (a gain of 10, not 40), "new" 12 times, one busy slot more than before.
    await store.insights.addCounts([play(1, 'late', 40), play(0, 'new', 12), play(2, 'busy-0', 111)]);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('weighs a slot against its real count of last week, even when that week had more slots than the report lists', async () => {
    const overview = await insightsOverview(store.insights, TODAY);
    assert.deepEqual(overview.rising, [
      { key: 'new', thisWeek: 12, lastWeek: 0 },
      { key: 'busy-0', thisWeek: 111, lastWeek: 100 },
      { key: 'late', thisWeek: 40, lastWeek: 30 },
    ]);
    assert.deepEqual(overview.top.map(({ key, count }) => [key, count]), [['busy-0', 111], ['late', 40], ['new', 12]]);
    assert.equal(overview.days.length, 28);
    assert.deepEqual(overview.days.at(-9), { day: TODAY - 8, plays: 200 * 100 + (199 * 200) / 2, views: 0 });
  });
});
