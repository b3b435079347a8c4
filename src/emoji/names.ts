import { emojiKey } from './emoji.js';

/** An emoji's English name and keywords, as the Unicode CLDR annotations give them. */
export interface EmojiName {
  readonly name: string;
  readonly keywords: readonly string[];
}

/** One emoji of an annotation data set: the emoji, its name (CLDR "tts") and its keywords. */
export interface AnnotatedEmoji {
  readonly emoji: string;
  readonly name: string;
  readonly keywords: readonly string[];
}

/** Names looked up by an emoji in any of its forms (with or without U+FE0F, in any skin tone). */
export class EmojiNames {
  private readonly byKey: ReadonlyMap<string, EmojiName>;

  /**
   * Keyed by comparison key. When two entries share a key (a skin-tone variant and its base), the
   * first wins: data sets list the base emoji before its variants.
   */
  constructor(entries: Iterable<AnnotatedEmoji>) {
    const byKey = new Map<string, EmojiName>();
    for (const { emoji, name, keywords } of entries) {
      const key = emojiKey(emoji);
      if (!byKey.has(key)) byKey.set(key, { name, keywords: keywords.filter((keyword) => keyword !== name) });
    }
    this.byKey = byKey;
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Every name, by comparison key. */
  entries(): IterableIterator<[string, EmojiName]> {
    return this.byKey.entries();
  }

  /** The name of `emoji` (any form), or undefined when the data does not know it (an emoji newer than the data). */
  of(emoji: string): EmojiName | undefined {
    return this.byKey.get(emojiKey(emoji));
  }
}
