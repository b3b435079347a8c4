import type { CategoryMap } from '../../catalogue/records/categories.js';
import type { AssetTable } from '../assets.js';
import { html } from '../markup/html.js';
import { consolePage, csrfField, notice, type ConsoleViewer } from './console-layout.js';
import { typedEmojis } from './slot-form.js';

/** The category map as its form holds it: `name: 🍀 🎲 🎰`, one category a line. */
export function categoriesText(map: CategoryMap): string {
  return Object.entries(map)
    .map(([name, emojis]) => `${name}: ${emojis.join(' ')}`)
    .join('\n');
}

/** The form's text as a map for the API's validator; a line it cannot read is named by its number. */
export function categoriesFromText(text: string): { readonly map: Record<string, string[]>; readonly problems: readonly string[] } {
  const map: Record<string, string[]> = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const colon = line.indexOf(':');
    if (colon < 0) {
      problems.push(`line ${index + 1}: write "category: emojis"`);
      return;
    }
    const name = line.slice(0, colon).trim();
    if (name in map) problems.push(`line ${index + 1}: category "${name}" is given twice`);
    map[name] = typedEmojis(line.slice(colon + 1));
  });
  return { map, problems };
}

/** `GET /admin/categories`: the emoji category map as text, one category a line. */
export function categoriesPage(text: string, viewer: ConsoleViewer, base: string, assets: AssetTable, outcome: { readonly message?: string; readonly errors?: readonly string[] } = {}): string {
  const invalid = outcome.errors !== undefined && outcome.errors.length > 0;
  const main = html`<h1>Emoji categories</h1>
${notice(outcome.message)}
<form class="console-form" method="post" action="/admin/categories">${csrfField(viewer)}
<div class="field field-wide${invalid ? ' field-invalid' : ''}"><label for="categories-map">Categories</label>
<textarea id="categories-map" name="categories" rows="16" aria-describedby="categories-hint${invalid ? ' categories-error' : ''}"${invalid ? html` aria-invalid="true"` : html``}>${text}</textarea>
<span class="field-hint" id="categories-hint">One category a line: its name, a colon, then its emojis separated by spaces.</span>
${invalid && html`<span class="field-error" id="categories-error">${(outcome.errors ?? []).join('; ')}</span>`}</div>
<p class="form-actions"><button type="submit" class="btn">Save the categories</button></p></form>`;
  return consolePage({ title: 'Emoji categories', section: '/admin/categories', base, path: '/admin/categories' }, viewer, assets, main);
}
