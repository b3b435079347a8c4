import type { CatalogueDocument } from '../../src/catalogue/records/document.js';

export interface Workload {
  /** As the issue names it, e.g. `GET /api/slots/{slug}`. */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** Path and query, percent-encoded as a client sends it. */
  readonly path: string;
  readonly body?: string;
  /** The status slotmoji must answer with, checked once before measuring; under load, any status ≥ 400 makes the cell invalid. */
  readonly status: number;
}

/** The example emojis of the original service's documentation. */
export const MATCH_EMOJIS = ['🎰', '💎', '🍒'] as const;
export const PLAY_EMOJIS = ['🍒', '💎'] as const;

export const SLUG_WORKLOAD = 'GET /api/slots/{slug}';
export const MATCH_WORKLOAD = 'POST /api/match';
export const LIST_50_WORKLOAD = 'GET /api/slots?limit=50';
export const LIST_1000_WORKLOAD = 'GET /api/slots?limit=1000';
const PLAY_WORKLOAD = 'GET /api/play/{2 emojis}';
/** The public cells insights (decisions §21) are held to, issue 49: two counted on every answer (match, play), two never. */
export const INSIGHT_CELLS: readonly string[] = [SLUG_WORKLOAD, LIST_50_WORKLOAD, MATCH_WORKLOAD, PLAY_WORKLOAD];

/** The slot looked up by slug: one from the middle of the catalogue, far from either end of the id order. */
export function probeSlug(document: CatalogueDocument): string {
  const slot = document.slots[Math.floor(document.slots.length / 2)];
  if (slot?.slug === undefined) throw new Error('the catalogue has no slot with a slug');
  return slot.slug;
}

/** The workloads, against `document` once it is imported. */
export function workloads(document: CatalogueDocument): Workload[] {
  return [
    { name: SLUG_WORKLOAD, method: 'GET', path: `/api/slots/${probeSlug(document)}`, status: 200 },
    { name: LIST_50_WORKLOAD, method: 'GET', path: '/api/slots?limit=50', status: 200 },
    { name: LIST_1000_WORKLOAD, method: 'GET', path: '/api/slots?limit=1000', status: 200 },
    { name: MATCH_WORKLOAD, method: 'POST', path: '/api/match', body: JSON.stringify({ emojis: MATCH_EMOJIS }), status: 200 },
    { name: PLAY_WORKLOAD, method: 'GET', path: `/api/play/${encodeURIComponent(PLAY_EMOJIS.join(''))}`, status: 302 },
    { name: 'GET /api/emojis', method: 'GET', path: '/api/emojis', status: 200 },
    { name: 'GET /api/slots?q={common prefix}', method: 'GET', path: '/api/slots?q=drag', status: 200 },
    { name: 'GET /api/slots?q={6 letters, one typo}', method: 'GET', path: '/api/slots?q=dargon', status: 200 },
    { name: 'GET /api/slots?theme={t}&sort=-rtp&limit=50', method: 'GET', path: '/api/slots?theme=fruit&sort=-rtp&limit=50', status: 200 },
    { name: 'GET /api/slots?facets=provider,volatility,theme&limit=1', method: 'GET', path: '/api/slots?facets=provider,volatility,theme&limit=1', status: 200 },
    { name: 'GET /api/slots/{slug}/similar', method: 'GET', path: `/api/slots/${probeSlug(document)}/similar`, status: 200 },
  ];
}
