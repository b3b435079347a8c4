/**
 * Memory of insight counting (decisions §21) under 100,000 distinct search phrases within one hour,
 * each from a visitor of its own, against none; flushed as the service does (every 5 s, here every
 * 140 phrases: 100,000 an hour is 28 a second). Run with `npm run bench:insights`. Exits non-zero when
 * the process grows by more than the 64 MB budget.
 */
import { NO_INSIGHT_READS } from './measure/no-insight-reads.js';
import { InsightCounter } from '../src/insights/counter.js';
import type { InsightStore } from '../src/store/insights.js';

const PHRASES = 100_000;
const PER_FLUSH = 140;
const BUDGET_MB = 64;
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with node --expose-gc');
const gc: () => void = collect;

function usage(): { readonly rss: number; readonly heap: number } {
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

/** A store that takes every write and keeps nothing: only the counter's own memory is measured. */
const discarding: InsightStore = {
  addCounts: async () => undefined,
  addVisitors: async () => undefined,
  daySecret: async (_day, candidate) => candidate,
  ...NO_INSIGHT_READS,
};

const start = Date.UTC(2030, 0, 1, 12, 0, 0);
let now = start;
const counter = new InsightCounter({ store: discarding, retentionDays: 400, warn: () => undefined, now: () => now });
await counter.start();

/** An hour of `PHRASES` asks, flushed as the service flushes; `phrase` and `address` name the search and the visitor of the ask at `index`. */
async function anHour(hourStart: number, phrase: (index: number) => string, address: (index: number) => string): Promise<void> {
  for (let index = 0; index < PHRASES; index++) {
    now = hourStart + Math.floor((index * 3_600_000) / PHRASES);
    counter.count({ kind: 'search', key: phrase(index), found: index % 3 === 0 }, address(index), AGENT);
    if (index % PER_FLUSH === PER_FLUSH - 1) await counter.flush();
  }
  await counter.flush();
}

// "None": an hour of as many asks of one phrase by one visitor, counted once. It does the same per-ask work
// (the visitor's HMAC, the repeat check, a flush every 140), so V8's young generation has grown to what that
// allocation rate needs, as in any serving process; the distinct phrases, each from a visitor of its own
// (remembered for the repeat rule), are measured against it.
await anHour(start, () => 'one phrase of the hour', () => '10.0.0.1');
const before = usage();
await anHour(start + 3_600_000, (index) => `phrase number ${index} of the hour`, (index) => `10.${(index >>> 16) & 255}.${(index >>> 8) & 255}.${index & 255}`);
const after = usage();
await counter.stop();
const rssMb = (after.rss - before.rss) / 1024 / 1024;
const heapMb = (after.heap - before.heap) / 1024 / 1024;
console.log(`${PHRASES.toLocaleString('en')} distinct search phrases in an hour against none: RSS +${rssMb.toFixed(1)} MB, heap +${heapMb.toFixed(1)} MB (budget +${BUDGET_MB} MB)`);
if (rssMb > BUDGET_MB || heapMb > BUDGET_MB) process.exit(1);
