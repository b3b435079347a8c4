import { englishEmojiNames } from '../emoji/emojibase.js';
import type { EmojiAggregates } from './emoji-usage.js';
import { EmojiWordIndex } from './emoji-words.js';

/** The word index of a snapshot's emojis, named in English from the CLDR annotations. */
export function emojiWordsOf(emojis: EmojiAggregates): EmojiWordIndex {
  return new EmojiWordIndex(emojis.usage, englishEmojiNames());
}
