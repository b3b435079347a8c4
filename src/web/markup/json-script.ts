import { html, SafeHtml } from './html.js';

/** Characters that could end the script element or start markup, and the two line separators JSON allows but older parsers do not. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/** `value` as JSON that can stand inside a script element: `</script>` in any string cannot close it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A data block: a script element the browser never runs (its type is not JavaScript), so the
 * pages' Content-Security-Policy, which allows no inline script, has nothing to refuse.
 */
export function jsonScript(type: 'application/json' | 'application/ld+json', value: unknown, id?: string): SafeHtml {
  const json = new SafeHtml(scriptSafeJson(value));
  return id === undefined ? html`<script type="${type}">${json}</script>` : html`<script type="${type}" id="${id}">${json}</script>`;
}
