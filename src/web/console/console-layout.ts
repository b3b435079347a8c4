import type { AssetName, AssetTable } from '../assets.js';
import { html, type HtmlValue, type SafeHtml } from '../markup/html.js';
import { layout, SITE_NAME } from '../markup/layout.js';

/** Who is looking at a console page: what the navigation offers, and the token its forms carry. */
export interface ConsoleViewer {
  readonly name: string;
  readonly role: 'editor' | 'owner';
  readonly csrfToken: string;
}

/** The hidden field every console POST carries (decisions §18). */
export const CSRF_FIELD = '_csrf';

export function csrfField(viewer: ConsoleViewer): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${viewer.csrfToken}">`;
}

/** A one-button form: every state change is a POST with the session's token, never a link. */
export function postButton(viewer: ConsoleViewer, action: string, label: string, fields: Readonly<Record<string, string | number>> = {}, className = 'btn btn-ghost'): SafeHtml {
  return html`<form class="inline-form" method="post" action="${action}">${csrfField(viewer)}${Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit" class="${className}">${label}</button></form>`;
}

const LINKS: readonly (readonly [string, string, 'editor' | 'owner'])[] = [
  ['/admin', 'Overview', 'editor'],
  ['/admin/slots', 'Slots', 'editor'],
  ['/admin/categories', 'Categories', 'editor'],
  ['/admin/catalogue', 'Export and import', 'editor'],
  ['/admin/audit', 'Audit', 'editor'],
  ['/admin/insights', 'Insights', 'editor'],
  ['/admin/operators', 'Operators', 'owner'],
  ['/admin/tokens', 'Tokens', 'owner'],
  ['/admin/webhooks', 'Webhooks', 'owner'],
];

function nav(viewer: ConsoleViewer | undefined, current: string): SafeHtml {
  if (viewer === undefined) return html`<nav aria-label="Console"><a href="/">Public site</a></nav>`;
  const links = LINKS.filter(([, , needs]) => needs === 'editor' || viewer.role === 'owner');
  return html`<nav aria-label="Console">${links.map(
    ([href, label]) => html`<a href="${href}"${href === current ? html` aria-current="page"` : html``}>${label}</a>`,
  )}<span class="console-who">${viewer.name} (${viewer.role})</span>${postButton(viewer, '/admin/sign-out', 'Sign out')}</nav>`;
}

export interface ConsolePageMeta {
  readonly title: string;
  /** The nav entry this page belongs to. */
  readonly section: string;
  readonly base: string;
  readonly path: string;
  readonly script?: AssetName;
}

/** A console page in the site's own layout and styles, never indexed, with the console's navigation. */
export function consolePage(meta: ConsolePageMeta, viewer: ConsoleViewer | undefined, assets: AssetTable, main: SafeHtml): string {
  return layout(
    {
      title: `${meta.title} · ${SITE_NAME} console`,
      description: `The ${SITE_NAME} operator console`,
      url: `${meta.base}${meta.path}`,
      indexable: false,
      script: meta.script !== undefined,
      ...(meta.script === undefined ? {} : { scriptFile: meta.script }),
      nav: nav(viewer, meta.section),
    },
    assets,
    html`<div class="console">${main}</div>`,
  ).value;
}

/** A status line under a heading: what just happened, or what went wrong. */
export function notice(text: string | undefined, kind: 'done' | 'error' = 'done'): SafeHtml {
  if (text === undefined) return html``;
  return html`<p class="console-notice console-notice-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</p>`;
}

/** A table with a caption; rows are already markup. */
export function table(caption: string, headings: readonly string[], rows: readonly HtmlValue[]): SafeHtml {
  return html`<div class="table-wrap"><table class="console-table"><caption>${caption}</caption><thead><tr>${headings.map((heading) => html`<th scope="col">${heading}</th>`)}</tr></thead><tbody>${rows}</tbody></table></div>`;
}
