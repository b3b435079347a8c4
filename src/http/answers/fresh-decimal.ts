/** 0–999 as written (`7`) and as the last three digits of a larger number (`007`), made once for the life of the process. */
export const UNDER_THOUSAND: readonly string[] = Array.from({ length: 1000 }, (_, whole) => whole.toFixed(0));
export const LAST_THREE: readonly string[] = UNDER_THOUSAND.map((text) => text.padStart(3, '0'));

/** Below this a text has at most 12 characters, and V8 joins two strings that short into one flat string, not a rope. */
const FLAT_JOIN_LIMIT = 1e12;

/**
 * Decimal texts of whole numbers that are new on (nearly) every request and move by little from one
 * to the next, such as the count left under a high limit.
 *
 * `String(n)` enters every number it converts into V8's number-to-string cache, a table in the old
 * generation, so each such text was still reachable at the next young-generation collection and was
 * promoted: ~80 KB a collection on the slug lookup. `toFixed(0)` writes the same text without the
 * cache, but through V8's runtime on every call. Here the digits above the last three are written once
 * per thousand and the last three looked up, so a call is a little arithmetic, one lookup and one short
 * join. Each kind of figure needs its own writer, so that one does not keep replacing the other's
 * thousands; figures that jump about (the counts of many clients under a high limit) fall back to
 * writing the thousands each time, about what `toFixed(0)` alone cost.
 */
export class FreshDecimals {
  private thousands = -1;
  private thousandsText = '';

  text(whole: number): string {
    if (!(whole >= 0 && whole < FLAT_JOIN_LIMIT && Number.isInteger(whole))) return whole.toFixed(0);
    if (whole < 1000) return UNDER_THOUSAND[whole] as string;
    const thousands = Math.floor(whole / 1000);
    if (thousands !== this.thousands) {
      this.thousands = thousands;
      this.thousandsText = thousands.toFixed(0);
    }
    return this.thousandsText + (LAST_THREE[whole - thousands * 1000] as string);
  }
}
