/**
 * The peer of the distinct-questions cell (issue 38): the same questions asked of `@orama/orama`, in
 * process, over the same synthetic catalogue with the equivalent schema, filters, sort and facets.
 * Run by bench/discovery.ts in a child pinned to the server's core:
 * `node --import tsx bench/measure/orama-peer.ts SIZE QUESTION_SEED SECONDS WARMUP`; prints one JSON line.
 */
import { create, insertMultiple, search, type SearchParams } from '@orama/orama';
import { readCatalogueDocument } from '../../src/store/bundled.js';
import { distinctQuestions, type Question } from '../load/distinct-questions.js';
import { syntheticCatalogue } from '../load/synthetic-catalogue.js';
import { median } from './rounds.js';

const SCHEMA = {
  slotId: 'number',
  name: 'string',
  /** Provider, themes and features as words: §13 searches them beside the name. */
  words: 'string',
  provider: 'enum',
  volatility: 'enum',
  theme: 'enum[]',
  feature: 'enum[]',
  emoji: 'enum[]',
  rtp: 'number',
  rating: 'number',
  maxWin: 'number',
  releaseYear: 'number',
  /** The year again as an enum: Orama counts number facets only by ranges given in advance. */
  year: 'enum',
} as const;

type Peer = ReturnType<typeof create<typeof SCHEMA>>;
type PeerSearch = SearchParams<Peer>;

/** A question of the cell as Orama's search parameters. */
function peerSearch(question: Question): PeerSearch {
  const asked = new Map(question);
  const list = (name: string) => asked.get(name)?.split(',').map((item) => item.trim());
  const number = (name: string) => (asked.has(name) ? Number(asked.get(name)) : undefined);
  const where: Record<string, unknown> = {};
  const providers = list('provider');
  if (providers) where['provider'] = { in: providers };
  const volatilities = list('volatility');
  if (volatilities) where['volatility'] = { in: volatilities };
  const theme = list('theme');
  if (theme) where['theme'] = { containsAll: theme };
  const feature = list('feature');
  if (feature) where['feature'] = { containsAll: feature };
  const bound = (name: string, low: number | undefined, high: number | undefined) => {
    if (low !== undefined && high !== undefined) where[name] = { between: [low, high] };
    else if (low !== undefined) where[name] = { gte: low };
    else if (high !== undefined) where[name] = { lte: high };
  };
  bound('rtp', number('minRtp'), number('maxRtp'));
  bound('releaseYear', number('minYear'), number('maxYear'));
  const text = asked.get('q');
  const sort = asked.get('sort');
  const facets = list('facets');
  const property = (facet: string) => (facet === 'releaseYear' ? 'year' : facet);
  return {
    ...(text === undefined ? {} : { term: text, properties: ['name', 'words'], tolerance: text.split(' ').some((word) => word.length >= 5) ? 1 : 0 }),
    where,
    ...(sort === undefined || sort === 'relevance'
      ? {}
      : { sortBy: { property: sort.replace('-', '').replace(/^id$/, 'slotId'), order: sort.startsWith('-') ? 'DESC' : 'ASC' } }),
    ...(facets === undefined ? {} : { facets: Object.fromEntries(facets.map((facet) => [property(facet), { limit: 50 }])) }),
    offset: number('offset') ?? 0,
    limit: number('limit') ?? 24,
  } as PeerSearch;
}

async function main(): Promise<void> {
  const [size, seed, seconds, warmup] = process.argv.slice(2).map(Number) as [number, number, number, number];
  const { categories } = await readCatalogueDocument();
  const document = syntheticCatalogue(size, categories, 42);
  const peer = create({ schema: SCHEMA });
  const started = performance.now();
  await insertMultiple(
    peer,
    document.slots.map((slot, index) => ({
      slotId: index + 1,
      name: slot.name,
      words: [slot.provider, ...slot.theme, ...slot.features].join(' '),
      provider: slot.provider,
      volatility: slot.volatility.toLowerCase(),
      theme: slot.theme,
      feature: slot.features,
      emoji: slot.emojiTags,
      rtp: slot.rtp,
      rating: slot.rating,
      maxWin: slot.maxWin,
      releaseYear: slot.releaseYear ?? 0,
      year: slot.releaseYear ?? 0,
    })),
    1000,
  );
  const insertMs = performance.now() - started;
  // The questions slotmoji was asked, from the start: the peer never gets through them all in its time.
  const questions = distinctQuestions(document, warmup + Math.ceil(seconds * 5_000), seed).map(peerSearch);
  for (const question of questions.slice(0, warmup)) await search(peer, question);
  const times: number[] = [];
  const measured = performance.now();
  const deadline = measured + seconds * 1000;
  for (const question of questions.slice(warmup)) {
    const before = performance.now();
    await search(peer, question);
    times.push(performance.now() - before);
    if (before > deadline) break;
  }
  const elapsed = (performance.now() - measured) / 1000;
  const sorted = times.sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ insertMs, questions: times.length, rate: times.length / elapsed, p50Ms: median(sorted), p99Ms: sorted[Math.floor(sorted.length * 0.99)] })}\n`,
  );
}

void main();
