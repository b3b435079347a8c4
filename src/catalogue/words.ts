/*
 * Text split into the words search compares: case- and accent-insensitive (`É` = `e`), apostrophes
 * dropped (`play'n` = `playn`), every other character that is not a letter or a digit a separator.
 */

const MARKS = /\p{M}/gu;
const APOSTROPHES = /['’ʼ]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

/** The search words of `text`, in order, repeats kept. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .split(SEPARATORS)
    .filter((word) => word !== '');
}
