import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayWeight, POPULAR_HALF_LIFE_DAYS, POPULAR_WINDOW_DAYS, popularDays, popularIds } from '../../src/insights/popularity.js';
import type { KeyDayCount } from '../../src/store/insights.js';
import { POPULAR_INTERVAL_MS } from '../../src/insights/popular-order.js';

const TODAY = 20_619;
const plays = (key: string, age: number, count: number): KeyDayCount => ({ key, day: TODAY - age, count });

describe('the popular order (decisions §21)', () => {
  it('weighs a day half as much every 3 days, over 14 days with today', () => {
    assert.equal(POPULAR_WINDOW_DAYS, 14);
    assert.equal(POPULAR_HALF_LIFE_DAYS, 3);
    assert.equal(dayWeight(0), 1);
    assert.equal(dayWeight(3), 0.5);
    assert.equal(dayWeight(6), 0.25);
    assert.equal(dayWeight(1), 0.5 ** (1 / 3));
    assert.equal(dayWeight(13), 0.5 ** (13 / 3));
    assert.equal(dayWeight(14), 0);
    assert.equal(dayWeight(-1), 0, 'a day after today (a clock behind another instance) counts nothing');
    assert.deepEqual(popularDays(TODAY), { fromDay: TODAY - 13, toDay: TODAY });
    assert.equal(POPULAR_INTERVAL_MS, 60_000, 'worked out again at most once a minute');
  });

  it('ranks by decayed plays: 6 today beat 10 three days ago (5), which beat 4 today', () => {
    assert.deepEqual(popularIds([plays('7', 3, 10), plays('2', 0, 6), plays('9', 0, 4)], TODAY), [2, 7, 9]);
    // 11 three days ago (5.5) beat 5 today.
    assert.deepEqual(popularIds([plays('7', 3, 11), plays('2', 0, 5)], TODAY), [7, 2]);
  });

  it("sums a slot's days", () => {
    // 3 + 4 × 0.5 = 5 against 4.9.
    assert.deepEqual(popularIds([plays('8', 0, 3), plays('8', 3, 4), plays('1', 0, 4.9)], TODAY), [8, 1]);
    // Rows of the same day (hours, folded days) add up.
    assert.deepEqual(popularIds([plays('8', 0, 3), plays('8', 0, 3), plays('1', 0, 5)], TODAY), [8, 1]);
  });

  it('breaks ties by id, whatever order the rows come in', () => {
    const rows = [plays('30', 1, 4), plays('4', 2, 2), plays('30', 2, 2), plays('12', 1, 4), plays('4', 1, 4), plays('12', 2, 2)];
    assert.deepEqual(popularIds(rows, TODAY), [4, 12, 30]);
    assert.deepEqual(popularIds([...rows].reverse(), TODAY), [4, 12, 30]);
  });

  it('counts only the last 14 days, and leaves out slots with no play in them', () => {
    assert.deepEqual(popularIds([plays('5', 14, 1000), plays('6', 13, 1), plays('7', -1, 1000)], TODAY), [6]);
    assert.deepEqual(popularIds([], TODAY), []);
  });

  it('ignores keys that are no slot id (the overflow key)', () => {
    assert.deepEqual(popularIds([plays('(other)', 0, 50), plays('03', 0, 50), plays('3', 0, 1)], TODAY), [3]);
  });
});
