import { parseEmojis, type RequestedEmoji } from '../../emoji/parse.js';
import { badRequest } from '../answers/errors.js';

/** Parses emoji input of a request, or throws the 400 that names the offending text. */
export function requestedEmojis(input: string | readonly string[], field: string): readonly RequestedEmoji[] {
  const parsed = parseEmojis(input, field);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.emojis;
}

const SKIN_TONE_FIRST = /^[\u{1F3FB}-\u{1F3FF}]/u;

/**
 * How requested emojis are shown in messages and written in a `/api/play/…` path. A lone skin tone
 * (🏽) written right after another emoji would merge into it, so a comma keeps it apart.
 */
export function joinEmojis(emojis: readonly RequestedEmoji[]): string {
  return emojis.map(({ emoji }, index) => (index > 0 && SKIN_TONE_FIRST.test(emoji) ? `,${emoji}` : emoji)).join('');
}
