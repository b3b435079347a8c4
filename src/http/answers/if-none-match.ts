/*
 * If-None-Match as RFC 9110 §13.1.2 reads it: `*`, or a list of entity tags compared weakly (a
 * `W/` prefix on either side does not matter). The field is read in one pass without regular
 * expressions, so a huge one or thousands of tags cost time linear in its length and nothing else.
 */

const DQUOTE = 0x22;
const COMMA = 0x2c;
const isWhiteSpace = (code: number) => code === 0x20 || code === 0x09;
/** etagc of RFC 9110: %x21 / %x23-7E / obs-text. */
const isTagCharacter = (code: number) => code === 0x21 || (code >= 0x23 && code !== 0x7f);

/** `etag` without its weakness marker: the opaque tag with its quotes. */
function opaque(etag: string): string {
  return etag.startsWith('W/') ? etag.slice(2) : etag;
}

/**
 * Whether `field` (the If-None-Match value; repeated fields arrive joined with commas) names the
 * current representation, whose entity tag is `etag`. A field that is not valid syntax names
 * nothing, so the full answer is sent, which is always safe.
 */
export function ifNoneMatchMatches(field: string | undefined, etag: string): boolean {
  if (field === undefined) return false;
  const wanted = opaque(etag);
  let matched = false;
  let index = 0;
  const { length } = field;
  while (index < length) {
    const code = field.charCodeAt(index);
    if (isWhiteSpace(code) || code === COMMA) {
      index++;
      continue;
    }
    let end: number;
    if (code === 0x2a /* * */) {
      end = index + 1;
      matched = true;
    } else {
      const start = field.startsWith('W/', index) ? index + 2 : index;
      if (field.charCodeAt(start) !== DQUOTE) return false;
      end = start + 1;
      while (end < length && isTagCharacter(field.charCodeAt(end))) end++;
      if (field.charCodeAt(end) !== DQUOTE) return false;
      end++;
      if (!matched && end - start === wanted.length && field.startsWith(wanted, start)) matched = true;
    }
    // Each element ends at a comma (white space allowed before it) or at the end of the field.
    while (end < length && isWhiteSpace(field.charCodeAt(end))) end++;
    if (end < length && field.charCodeAt(end) !== COMMA) return false;
    index = end;
  }
  return matched;
}
