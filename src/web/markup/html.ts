/** Markup that is known to be safe to send: built only by `html`, so every string in it was escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/** What may be interpolated into `html`: text is escaped, markup is kept, lists are joined, blanks vanish. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const SPECIAL = /[&<>"']/;

/** Text made safe for element content and for quoted attribute values. */
export function escapeHtml(text: string): string {
  // Most text has nothing to escape; skipping the replace then makes pages noticeably cheaper.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char) : text;
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

/**
 * Tagged template for markup: every interpolation is escaped unless it is itself `html`, so no slot
 * text can become markup. `true`/`false` render as nothing so `${cond && html`…`}` reads naturally.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}
