/**
 * What searching costs a snapshot at BENCH_SEARCH_SIZE slots (default 100,000): heap and resident memory
 * before and after every slot's search words exist, and how long an uncached search takes (medians of
 * 7 runs). Run with `npm run bench:search`; in-process, no server, no network.
 */
import { readCatalogueDocument } from '../src/store/bundled.js';
import { Catalogue, type SlotQuery } from '../src/catalogue/catalogue.js';
import { FACET_NAMES } from '../src/catalogue/search/facets.js';
import { searchWords } from '../src/catalogue/search/search-words.js';
import type { SlotRecord } from '../src/catalogue/records/slot.js';
import { syntheticCatalogue } from './load/synthetic-catalogue.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc (npm run bench:search does)');

const size = Number(process.env['BENCH_SEARCH_SIZE'] ?? 100_000);
const megabytes = (bytes: number) => bytes / 2 ** 20;

function memory(): { heapMb: number; rssMb: number } {
  (gc as () => void)();
  const usage = process.memoryUsage();
  return { heapMb: megabytes(usage.heapUsed), rssMb: megabytes(usage.rss) };
}

function medianMs(run: () => unknown, times = 7): number {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)] as number;
}

const { categories } = await readCatalogueDocument();
const now = new Date().toISOString();
const records: SlotRecord[] = syntheticCatalogue(size, categories).slots.map((fields, index) => ({
  ...fields,
  id: index + 1,
  createdAt: now,
  updatedAt: now,
}));
const catalogue = Catalogue.of(records, categories);
const built = memory();
const relevance = { key: 'relevance', descending: false } as const;
const text = (q: string): SlotQuery => ({ filter: {}, words: searchWords(q), order: relevance });
const firstSearchMs = medianMs(() => catalogue.search(text('drag')), 1);
const searched = memory();

const searchMb = searched.heapMb - built.heapMb;
const cells: [string, number][] = [
  ['q=drag (common prefix)', medianMs(() => catalogue.search(text('drag')))],
  ['q=dargon (one typo)', medianMs(() => catalogue.search(text('dargon')))],
  ['theme=fruit&sort=-rtp', medianMs(() => catalogue.search({ filter: { themes: ['fruit'] }, order: { key: 'rtp', descending: true } }))],
  ['facets of every slot', medianMs(() => catalogue.facets(catalogue.search({ filter: {}, order: { key: 'id', descending: false } }), FACET_NAMES))],
  ['q of 100 single letters', medianMs(() => catalogue.search(text('a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(4).slice(0, 100))))],
  ['q of 100 chars of 5-letter words', medianMs(() => catalogue.search(text('drags luckz golds storn reels '.repeat(4).slice(0, 100))))],
  ['similar slots', medianMs(() => catalogue.similar(records[size >> 1] as SlotRecord, 10))],
];

const lines = [
  `search at ${size.toLocaleString('en-US')} slots (node ${process.version}, load average ${(await import('node:os')).loadavg().map((value) => value.toFixed(2)).join(' ')})`,
  `records and snapshot: heap ${built.heapMb.toFixed(1)} MB, RSS ${built.rssMb.toFixed(0)} MB`,
  `search words of every slot: +${searchMb.toFixed(1)} MB heap (+${((searchMb / built.heapMb) * 100).toFixed(1)} %), RSS ${searched.rssMb.toFixed(0)} MB`,
  `first search (makes every slot's words): ${firstSearchMs.toFixed(1)} ms`,
  ...cells.map(([name, ms]) => `${name.padEnd(34)} median ${ms.toFixed(1)} ms (uncached, in-process)`),
];
process.stdout.write(`${lines.join('\n')}\n`);
