/** One request of the soak and the status it must get (or a 429, which the rate limit may give any of them). */
export interface SoakRequest {
  /** The route it exercises, for the per-route tally. */
  readonly route: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly expected: 200 | 302;
}

/** What the requests are made of, read from the running server so any catalogue will do. */
export interface CatalogueFacts {
  readonly ids: readonly string[];
  readonly slugs: readonly string[];
  /** Emojis that at least one slot carries, so play and the redirects always find a slot. */
  readonly emojis: readonly string[];
  readonly providers: readonly string[];
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

function someEmojis(facts: CatalogueFacts, random: () => number, most: number): string[] {
  return Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(facts.emojis, random));
}

const enc = encodeURIComponent;

/** Each route of the public surface, with its share of the traffic. */
function generators(facts: CatalogueFacts, random: () => number): readonly (readonly [number, () => SoakRequest])[] {
  const get = (route: string, path: string, expected: 200 | 302 = 200): SoakRequest => ({ route, method: 'GET', path, expected });
  const listQueries = [
    () => `?limit=20&offset=${Math.floor(random() * Math.max(1, facts.ids.length))}`,
    () => `?provider=${enc(pick(facts.providers, random))}`,
    () => `?provider=${enc(pick(facts.providers, random))}&minRtp=96`,
    () => '?volatility=high&hasBonusBuy=true',
    () => `?minRtp=${90 + Math.floor(random() * 8)}&limit=100`,
    () => '',
  ];
  return [
    [14, () => get('GET /api/slots', `/api/slots${pick(listQueries, random)()}`)],
    [16, () => get('GET /api/slots/{idOrSlug}', `/api/slots/${enc(random() < 0.5 ? pick(facts.ids, random) : pick(facts.slugs, random))}`)],
    [5, () => get('GET /api/emojis', '/api/emojis')],
    [2, () => get('GET /api/emojis?format=raw', '/api/emojis?format=raw')],
    [4, () => get('GET /api/emojis/categories', '/api/emojis/categories')],
    [4, () => get('GET /api/emojis/stats', '/api/emojis/stats')],
    [
      14,
      () => ({
        route: 'POST /api/match',
        method: 'POST',
        path: '/api/match',
        body: JSON.stringify({ emojis: someEmojis(facts, random, 3), mode: random() < 0.8 ? 'any' : 'all', limit: 20 }),
        expected: 200,
      }),
    ],
    [10, () => get('GET /api/play/{emojis}', `/api/play/${enc(someEmojis(facts, random, 2).join(''))}`, 302)],
    [5, () => get('GET /api/v1/redirect', `/api/v1/redirect?emoji=${enc(someEmojis(facts, random, 2).join(''))}`, 302)],
    [
      6,
      () => {
        const filters = [() => '', () => `?emoji=${enc(pick(facts.emojis, random))}`, () => `?provider=${enc(pick(facts.providers, random))}`];
        return get('GET /api/v1/spin', `/api/v1/spin${pick(filters, random)()}`, 302);
      },
    ],
    [6, () => get('GET /slots/{slug}', `/slots/${enc(pick(facts.slugs, random))}`)],
    [2, () => get('GET /', '/')],
  ];
}

/** A source of requests in the soak's steady mix of every public route. */
export function requestMix(facts: CatalogueFacts, random: () => number): () => SoakRequest {
  const weighted = generators(facts, random);
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = random() * total;
    for (const [weight, make] of weighted) {
      roll -= weight;
      if (roll < 0) return make();
    }
    const last = weighted.at(-1);
    if (last === undefined) throw new Error('no routes in the mix');
    return last[1]();
  };
}

/**
 * The simulated clients, as a proxy would name them in X-Forwarded-For: `count` ordinary ones
 * (IPv4 in the benchmarking range 198.18.0.0/15, every tenth IPv6 in 2001:db8::/32) who stay under
 * the limits, and a few heavy ones (203.0.113.0/24) who go over them.
 */
export function clientAddresses(count: number, heavy: number): { readonly ordinary: readonly string[]; readonly heavy: readonly string[] } {
  const ordinary = Array.from({ length: count }, (_, i) =>
    i % 10 === 9 ? `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1` : `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`,
  );
  return { ordinary, heavy: Array.from({ length: heavy }, (_, i) => `203.0.113.${i + 1}`) };
}
