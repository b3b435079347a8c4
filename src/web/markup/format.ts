import type { Volatility } from '../../catalogue/records/slot.js';

/** Made at the first page that shows a max win: the first Intl object a process makes loads ICU's data, tens of milliseconds a start paid. */
let whole: Intl.NumberFormat | undefined;
let upToTwoDecimals: Intl.NumberFormat | undefined;

/** `96.5` → `96.5%` (RTP is at most 100, so it never needs a thousands separator). */
export function formatRtp(rtp: number): string {
  return `${Math.round(rtp * 100) / 100}%`;
}

/** Max win is a multiple of the stake: `5000` → `5,000×`. */
export function formatMaxWin(maxWin: number): string {
  const format = maxWin >= 100 ? (whole ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })) : (upToTwoDecimals ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));
  return `${format.format(maxWin)}×`;
}

/** `4.25` → `4.3`. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** Five stars, rounded to the nearest whole one: `3.6` → `★★★★☆`. */
export function ratingStars(rating: number): string {
  const full = Math.min(5, Math.max(0, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** 1 for Low up to 4 for Extreme: how many bars of the volatility meter are lit. */
export function volatilityLevel(volatility: Volatility): number {
  return { Low: 1, Medium: 2, High: 3, Extreme: 4 }[volatility];
}

/** Shortens text at a word boundary to at most `max` code points, adding `…` when it cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const points = Array.from(clean);
  if (points.length <= max) return clean;
  const cut = points.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}
