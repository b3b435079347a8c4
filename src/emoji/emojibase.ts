import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Compile } from 'typebox/compile';
import { Type } from 'typebox';
import { EmojiNames, type AnnotatedEmoji } from './names.js';

/*
 * The English CLDR annotations as the emojibase-data package ships them (`en/compact.json`: one
 * entry per emoji with its CLDR name as `label` and its CLDR keywords as `tags`, skin-tone variants
 * under `skins`). Only this one file of the package is read, once.
 */

const COMPACT_EN = 'emojibase-data/en/compact.json';

const VariantSchema = Type.Object({ unicode: Type.String() });
const EntrySchema = Type.Object({
  unicode: Type.String(),
  label: Type.String(),
  tags: Type.Optional(Type.Array(Type.String())),
  skins: Type.Optional(Type.Array(VariantSchema)),
});
/** Compiled when the data is first read (the first emoji search), not at every start. */
const compileCompactData = () => Compile(Type.Array(EntrySchema));
let compactData: ReturnType<typeof compileCompactData> | undefined;

/** The entries of the data set, each skin-tone variant named as its base emoji (a handshake of two tones is a handshake). */
export function annotatedEmojis(data: unknown): AnnotatedEmoji[] {
  if (!(compactData ??= compileCompactData()).Check(data)) throw new Error(`${COMPACT_EN} is not the emoji list it should be`);
  return data.flatMap(({ unicode, label, tags = [], skins = [] }) => [
    { emoji: unicode, name: label, keywords: tags },
    ...skins.map((variant) => ({ emoji: variant.unicode, name: label, keywords: tags })),
  ]);
}

let loaded: EmojiNames | undefined;

/** The English names of every emoji the data knows, read on first use and kept. */
export function englishEmojiNames(): EmojiNames {
  if (loaded === undefined) {
    const path = createRequire(import.meta.url).resolve(COMPACT_EN);
    loaded = new EmojiNames(annotatedEmojis(JSON.parse(readFileSync(path, 'utf8'))));
  }
  return loaded;
}
