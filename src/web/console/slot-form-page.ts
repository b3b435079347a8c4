import { VOLATILITIES } from '../../catalogue/records/slot.js';
import type { AssetTable } from '../assets.js';
import { html, type SafeHtml } from '../markup/html.js';
import { consolePage, csrfField, notice, table, type ConsoleViewer } from './console-layout.js';
import { SLOT_FORM_FIELDS, type FieldErrors, type SlotFormField, type SlotFormValues } from './slot-form.js';

/** An emoji the word search found, to add to the slot's tags. */
export interface FoundEmoji {
  readonly emoji: string;
  readonly name: string;
}

export interface SlotFormModel {
  readonly mode: 'new' | 'edit';
  /** The slot being edited, its public slug and the version the form was loaded at (sent back as If-Match). */
  readonly slot?: { readonly id: number; readonly slug: string; readonly version: number };
  readonly values: SlotFormValues;
  readonly errors: FieldErrors;
  readonly message?: string;
  readonly emojiSearch?: { readonly query: string; readonly found: readonly FoundEmoji[] };
  /** Someone saved a newer version while this form was open: the slot as it is now. */
  readonly conflict?: { readonly version: number; readonly current: SlotFormValues };
}

const LABELS: Readonly<Record<SlotFormField, string>> = {
  name: 'Name',
  slug: 'Slug',
  provider: 'Provider',
  rtp: 'RTP (%)',
  volatility: 'Volatility',
  maxWin: 'Max win (× stake)',
  hasBonusBuy: 'Bonus buy',
  releaseYear: 'Release year',
  emojiTags: 'Emoji tags',
  theme: 'Themes',
  features: 'Features',
  description: 'Description',
  review: 'Review',
  rating: 'Rating (0–5)',
  pros: 'Pros',
  cons: 'Cons',
};
const HINTS: Partial<Readonly<Record<SlotFormField, string>>> = {
  slug: 'Lower case words joined by dashes; left empty, it is made from the name.',
  emojiTags: '1 to 12 emojis, separated by spaces.',
  theme: 'One a line.',
  features: 'One a line; "bonus buy" exactly when the slot has one.',
  pros: 'One a line.',
  cons: 'One a line.',
};

/** The attributes that tie a field to its hint and its errors, and mark it invalid. */
function described(field: SlotFormField, errors: FieldErrors): SafeHtml {
  const ids = [HINTS[field] === undefined ? undefined : `${field}-hint`, errors[field] === undefined ? undefined : `${field}-error`].filter((id) => id !== undefined);
  return html`${ids.length > 0 && html` aria-describedby="${ids.join(' ')}"`}${errors[field] !== undefined && html` aria-invalid="true"`}`;
}

function control(field: SlotFormField, values: SlotFormValues, errors: FieldErrors): SafeHtml {
  const value = values[field];
  const id = `slot-${field}`;
  const attributes = described(field, errors);
  switch (field) {
    case 'volatility':
      return html`<select id="${id}" name="${field}"${attributes}>${VOLATILITIES.map((level) => html`<option${level === value ? html` selected` : html``}>${level}</option>`)}</select>`;
    case 'hasBonusBuy':
      return html`<input id="${id}" name="${field}" type="checkbox"${value !== '' ? html` checked` : html``}${attributes}>`;
    case 'theme':
    case 'features':
    case 'pros':
    case 'cons':
      return html`<textarea id="${id}" name="${field}" rows="4"${attributes}>${value}</textarea>`;
    case 'description':
    case 'review':
      return html`<textarea id="${id}" name="${field}" rows="${field === 'review' ? 8 : 4}"${attributes}>${value}</textarea>`;
    case 'rtp':
    case 'maxWin':
    case 'rating':
    case 'releaseYear':
      return html`<input id="${id}" name="${field}" type="text" inputmode="decimal" value="${value}"${attributes}>`;
    default:
      return html`<input id="${id}" name="${field}" type="text" value="${value}"${field === 'emojiTags' ? html` autocomplete="off"` : html``}${attributes}>`;
  }
}

function emojiFinder(model: SlotFormModel): SafeHtml {
  const search = model.emojiSearch;
  // After the Save button, so Enter in any field saves (a form submits with its first button).
  return html`<div class="emoji-finder" id="emoji-finder">
<label for="emoji-query">Find emojis by word for the tags</label>
<div class="emoji-finder-bar"><input id="emoji-query" name="emojiQuery" type="search" maxlength="50" autocomplete="off" value="${search?.query ?? ''}"><button type="submit" class="btn btn-ghost" name="intent" value="find-emojis" formnovalidate>Find</button></div>
<div id="emoji-found">${
    search === undefined
      ? html``
      : search.found.length === 0
        ? html`<p role="status">No emoji in use matches “${search.query}”.</p>`
        : html`<fieldset><legend>Tick to add, then save or find again</legend><ul class="emoji-choices">${search.found.map(
            ({ emoji, name }) => html`<li><label><input type="checkbox" name="addEmoji" value="${emoji}"> <span aria-hidden="true">${emoji}</span> ${name}</label></li>`,
          )}</ul></fieldset>`
  }</div>
</div>`;
}

function field(name: SlotFormField, model: SlotFormModel): SafeHtml {
  const errors = model.errors[name];
  const hint = HINTS[name];
  return html`<div class="field${errors === undefined ? '' : ' field-invalid'}${name === 'hasBonusBuy' ? ' field-check' : ''}">
<label for="slot-${name}">${LABELS[name]}</label>
${control(name, model.values, model.errors)}
${hint !== undefined && html`<span class="field-hint" id="${name}-hint">${hint}</span>`}
${errors !== undefined && html`<span class="field-error" id="${name}-error">${errors.join('; ')}</span>`}
</div>`;
}

function conflictView(model: SlotFormModel): SafeHtml {
  const conflict = model.conflict;
  if (conflict === undefined) return html``;
  const differing = SLOT_FORM_FIELDS.filter((name) => conflict.current[name] !== model.values[name]);
  return html`<section class="conflict" aria-labelledby="conflict-title">
<h2 id="conflict-title">Someone saved this slot while you were editing</h2>
<p>It is now at version ${conflict.version}; nothing you typed was saved, and nothing was lost. Compare, then save yours over theirs or <a href="/admin/slots/${model.slot?.id ?? ''}/edit">start again from theirs</a>.</p>
${table('Fields that differ', ['Field', 'Saved by them', 'Yours, not saved'], differing.map(
  (name) => html`<tr><th scope="row">${LABELS[name]}</th><td class="diff-before">${conflict.current[name]}</td><td class="diff-after">${model.values[name]}</td></tr>`,
))}
</section>`;
}

function errorSummary(errors: FieldErrors): SafeHtml {
  const entries = Object.entries(errors);
  if (entries.length === 0) return html``;
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title"><h2 id="error-summary-title">The slot was not saved</h2><ul>${entries.map(
    ([name, messages]) => html`<li>${name === 'form' ? html`${(messages ?? []).join('; ')}` : html`<a href="#slot-${name}">${(messages ?? []).join('; ')}</a>`}</li>`,
  )}</ul></div>`;
}

/** `GET /admin/slots/new` and `/admin/slots/{id}/edit`: every field, with the errors beside each and the typed values kept. */
export function slotFormPage(model: SlotFormModel, viewer: ConsoleViewer, base: string, assets: AssetTable): string {
  const { slot } = model;
  const action = slot === undefined ? '/admin/slots/new' : `/admin/slots/${slot.id}/edit`;
  const title = slot === undefined ? 'New slot' : `Edit ${model.values.name || `slot ${slot.id}`}`;
  const main = html`<h1>${title}</h1>
${notice(model.message)}
${slot !== undefined && html`<p class="console-actions"><a href="/slots/${slot.slug}">Public page</a> · <a href="/admin/slots/${slot.id}/history">History</a> · <a href="/admin/slots/${slot.id}/delete">Delete…</a></p>`}
${conflictView(model)}
${errorSummary(model.errors)}
<form class="console-form slot-form" method="post" action="${action}" novalidate>
${csrfField(viewer)}
${slot !== undefined && html`<input type="hidden" name="version" value="${model.conflict?.version ?? slot.version}">`}
${SLOT_FORM_FIELDS.map((name) => field(name, model))}
<p class="form-actions"><button type="submit" class="btn" name="intent" value="save">${model.conflict === undefined ? 'Save' : 'Save mine over theirs'}</button> <a href="/admin/slots">Cancel</a></p>
${emojiFinder(model)}
</form>`;
  return consolePage({ title, section: '/admin/slots', base, path: action, script: 'console.js' }, viewer, assets, main);
}
