import { parseEmojis, type RequestedEmoji } from '../emoji/parse.js';
import { badRequest } from './errors.js';

/** Parses emoji input of a request, or throws the 400 that names the offending text. */
export function requestedEmojis(input: string | readonly string[], field: string): readonly RequestedEmoji[] {
  const parsed = parseEmojis(input, field);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.emojis;
}

/** How requested emojis are shown in messages and written in a `/api/play/…` path. */
export function joinEmojis(emojis: readonly RequestedEmoji[]): string {
  return emojis.map(({ emoji }) => emoji).join('');
}
