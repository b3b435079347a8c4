import { englishEmojiNames } from '../../emoji/emojibase.js';
import type { EmojiAggregates } from './emoji-usage.js';
import { EmojiWordIndex } from './emoji-words.js';

/**
 * The word index of a snapshot's emojis, named in English from the CLDR annotations, made at its
 * first use: reading the names and building their word dictionary is a sixth of a start-up that
 * no request may need, and most writes leave the index unread before the next one replaces it.
 */
export function emojiWordsOf(emojis: EmojiAggregates): () => EmojiWordIndex {
  let index: EmojiWordIndex | undefined;
  return () => (index ??= new EmojiWordIndex(emojis.usage, englishEmojiNames()));
}
