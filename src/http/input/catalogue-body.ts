/*
 * A catalogue import body parsed piece by piece. Decoding a 110 MB document to one string gives a
 * 220 MB two-byte string (its emoji tags), which coexists with the body's bytes and the parsed
 * slots at the import's memory peak. Here the top-level object's bytes are scanned once, and each
 * element of the one array member named (`slots`) is decoded and parsed on its own, each other
 * member whole; only one slot's text is alive at a time.
 *
 * Whatever this scanner does not plainly understand (top level not an object, a byte-order mark,
 * a `__proto__` or `constructor` member at top level, a piece that does not parse, anything out of
 * place between the pieces) gives `undefined`: the caller then parses the whole body as before,
 * so every refusal stays that parser's own.
 */

/** Parses one JSON text, as the whole body would be parsed; throws when it refuses it. */
export type ParseJson = (text: string) => unknown;
/**
 * Gives what the split array is to hold for its element at `index` whose text is `text`: the parse of
 * it, or (having parsed it as the whole body would) something made of it, which it may throw over.
 */
export type ParseElement = (text: string, index: number) => unknown;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const LETTER_F = 0x66;
const LETTER_N = 0x6e;
const LETTER_T = 0x74;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Thrown inside the scanner when the body is not what it expects; never leaves this module. */
class Unusual extends Error {}

function isSpace(byte: number | undefined): boolean {
  return byte === SPACE || byte === LF || byte === CR || byte === TAB;
}

/** Whether a scalar (number, `true`, `false`, `null`) stops before this byte. */
function endsScalar(byte: number | undefined): boolean {
  return byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte);
}

function skipSpace(bytes: Uint8Array, at: number): number {
  let index = at;
  while (isSpace(bytes[index])) index++;
  return index;
}

/** Just past the string whose opening quote is at `at`. */
function stringEnd(bytes: Uint8Array, at: number): number {
  // Bytes of multi-byte UTF-8 characters are all 0x80 or above, so never a quote or a backslash.
  let quote = bytes.indexOf(QUOTE, at + 1);
  while (quote >= 0) {
    // The quote closes the string unless an odd number of backslashes escapes it.
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
  throw new Unusual();
}

/**
 * Just past the value that starts at `at`. Only its extent is found here: its text is checked by
 * the parser it is given to, and a wrong extent (mismatched brackets, stray bytes) fails there.
 */
function valueEnd(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let index = at; index < bytes.length; index++) {
      const byte = bytes[index];
      if (byte === QUOTE) {
        index = stringEnd(bytes, index) - 1;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        depth++;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    throw new Unusual();
  }
  const scalar = first === MINUS || first === LETTER_T || first === LETTER_F || first === LETTER_N || (first !== undefined && first >= DIGIT_0 && first <= DIGIT_9);
  if (!scalar) throw new Unusual();
  let index = at + 1;
  while (index < bytes.length && !endsScalar(bytes[index])) index++;
  return index;
}

/** Every piece is decoded on its own; each starts and ends on an ASCII byte, so its text is that part of the whole's. */
function decode(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('utf8', start, end);
}

/** The array that starts at `at` (`[`), each element parsed on its own; and just past it. */
function parseArray(bytes: Buffer, at: number, parse: ParseElement): [unknown[], number] {
  const elements: unknown[] = [];
  let index = skipSpace(bytes, at + 1);
  if (bytes[index] === CLOSE_BRACKET) return [elements, index + 1];
  for (;;) {
    const end = valueEnd(bytes, index);
    elements.push(parse(decode(bytes, index, end), elements.length));
    index = skipSpace(bytes, end);
    if (bytes[index] === CLOSE_BRACKET) return [elements, index + 1];
    if (bytes[index] !== COMMA) throw new Unusual();
    index = skipSpace(bytes, index + 1);
  }
}

function parseObject(bytes: Buffer, splitMember: string, parse: ParseJson, parseElement: ParseElement): Record<string, unknown> {
  let index = skipSpace(bytes, 0);
  if (bytes[index] !== OPEN_BRACE) throw new Unusual();
  const object: Record<string, unknown> = {};
  index = skipSpace(bytes, index + 1);
  if (bytes[index] !== CLOSE_BRACE) {
    for (;;) {
      if (bytes[index] !== QUOTE) throw new Unusual();
      const keyEnd = stringEnd(bytes, index);
      const key = parse(decode(bytes, index, keyEnd));
      // Assigning `__proto__` would set the prototype; both are left to the whole parser's checks.
      if (typeof key !== 'string' || key === '__proto__' || key === 'constructor') throw new Unusual();
      index = skipSpace(bytes, keyEnd);
      if (bytes[index] !== COLON) throw new Unusual();
      index = skipSpace(bytes, index + 1);
      let value: unknown;
      if (key === splitMember && bytes[index] === OPEN_BRACKET) {
        [value, index] = parseArray(bytes, index, parseElement);
      } else {
        const end = valueEnd(bytes, index);
        value = parse(decode(bytes, index, end));
        index = end;
      }
      // As JSON.parse does: a repeated key keeps its first place and takes the last value.
      object[key] = value;
      index = skipSpace(bytes, index);
      if (bytes[index] === CLOSE_BRACE) break;
      if (bytes[index] !== COMMA) throw new Unusual();
      index = skipSpace(bytes, index + 1);
    }
  }
  if (skipSpace(bytes, index + 1) !== bytes.length) throw new Unusual();
  return object;
}

/**
 * The JSON object in `bytes` (UTF-8), with each element of its array member `splitMember` parsed on
 * its own, and each other member whole; equal to what `parse` gives for the whole text. The array
 * holds what `parseElement` makes of each element (by default, its parse): an element can be dealt
 * with as soon as it is parsed, so its parsed form need not live on beside every other one.
 * `undefined` when the body is anything else or anything is unusual: parse it whole then.
 */
export function parseObjectPiecewise(
  bytes: Buffer,
  splitMember: string,
  parse: ParseJson,
  parseElement: ParseElement = parse,
): Record<string, unknown> | undefined {
  try {
    return parseObject(bytes, splitMember, parse, parseElement);
  } catch {
    return undefined;
  }
}
