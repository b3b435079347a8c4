/**
 * The decimal text of a whole number that is new on (nearly) every request: the request sequence
 * number, the remaining count under a high limit. `String(n)` enters every number it converts into
 * V8's number-to-string cache, a table in the old generation, so each such text was still reachable
 * at the next young-generation collection and was promoted: ~80 KB a collection on the slug lookup,
 * twice the pause, and the page faults of an old generation that keeps growing until a full
 * collection. `toFixed(0)` writes the same text for any safe integer, without the cache.
 */
export function freshDecimal(whole: number): string {
  return whole.toFixed(0);
}
