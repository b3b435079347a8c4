import type { SlotRecord } from '../../catalogue/records/slot.js';
import { SITE_NAME } from './layout.js';

const RATING_SCALE = { bestRating: 5, worstRating: 0 } as const;

/**
 * schema.org JSON-LD for a slot page: the game, its provider, and our rating of it, so search engines
 * can show the rating beside the page. Short: the page and its meta description carry the texts.
 */
export function slotStructuredData(slot: SlotRecord, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoGame',
    name: slot.name,
    url,
    publisher: { '@type': 'Organization', name: slot.provider },
    ...(slot.releaseYear === undefined ? {} : { datePublished: String(slot.releaseYear) }),
    aggregateRating: { '@type': 'AggregateRating', ratingValue: slot.rating, ratingCount: 1, ...RATING_SCALE },
    review: {
      '@type': 'Review',
      author: { '@type': 'Organization', name: SITE_NAME },
      reviewRating: { '@type': 'Rating', ratingValue: slot.rating, ...RATING_SCALE },
    },
  };
}
