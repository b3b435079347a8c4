// The search page: results follow the form as the person types, without reloading. The address always
// holds every field, so back, forward, reload and a shared link show the same search. The server renders
// every state; this script fetches the page for the new address and moves its results, counts and status
// into this one. Without it, the form is an ordinary GET form.
/* global DOMParser, FormData */

const DEBOUNCE_MS = 250;

const byId = (id) => document.getElementById(id);
const form = byId('search-form');
// The public search page and the console's slots list both run this script; each form names its own page.
const path = new URL(form.action).pathname;
const status = byId('search-status');
/** Parts of the page that depend on the results; the fields the person edits are left alone. */
const RESULT_PARTS = ['search-output', 'facet-provider', 'facet-volatility', 'facet-theme', 'facet-feature', 'search-kept'];
/** The fields, put back as the server rendered them when the person goes back or forward. */
const FIELDS = ['search-q', 'search-sort', 'search-min-rtp', 'search-max-rtp', 'search-min-max-win', 'search-max-max-win', 'search-bonus-buy'];

let timer;
let inFlight;
// Whether the current history entry was made by typing, so the next keystrokes replace it.
let typing = false;

/** The address the form stands for, as the browser would submit it but without the empty fields. */
function formAddress() {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value);
  }
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/** What to focus again after parts were swapped: a checkbox by its name and value, anything else by id. */
function focusedField() {
  const active = document.activeElement;
  if (!active || !form.contains(active)) return undefined;
  if (active.type === 'checkbox') return () => Array.from(form.querySelectorAll('input[type="checkbox"]')).find((box) => box.name === active.name && box.value === active.value);
  return active.id ? () => byId(active.id) : undefined;
}

function swap(id, next) {
  const fresh = next.getElementById(id);
  const now = byId(id);
  if (fresh && now) now.replaceWith(document.adoptNode(fresh));
}

function apply(next, withFields) {
  const nextStatus = next.getElementById('search-status');
  if (!nextStatus) throw new Error('not a search page');
  const refocus = focusedField();
  for (const id of RESULT_PARTS) swap(id, next);
  if (withFields) for (const id of FIELDS) swap(id, next);
  status.className = nextStatus.className;
  status.textContent = nextStatus.textContent;
  document.title = next.title;
  const canonical = document.querySelector('link[rel="canonical"]');
  const nextCanonical = next.querySelector('link[rel="canonical"]');
  if (canonical && nextCanonical) canonical.href = nextCanonical.href;
  const again = refocus?.();
  if (again && again !== document.activeElement) again.focus();
}

/** Fetches the page for `address` and shows its results; a newer request cancels an older one. */
async function show(address, withFields) {
  inFlight?.abort();
  const request = new AbortController();
  inFlight = request;
  byId('search-output').setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(address, { signal: request.signal, headers: { accept: 'text/html' } });
    const text = await response.text();
    apply(new DOMParser().parseFromString(text, 'text/html'), withFields);
  } catch (error) {
    if (error.name === 'AbortError') return;
    byId('search-output').removeAttribute('aria-busy');
    status.textContent = 'The results could not be updated. Check your connection and search again.';
  }
}

/** Typing replaces its own history entry; a committed change (a tick, a choice, Enter) makes a new one. */
function update(committed) {
  window.clearTimeout(timer);
  const address = formAddress();
  if (address === currentAddress()) {
    if (committed) typing = false;
    return;
  }
  if (!committed && typing) window.history.replaceState(null, '', address);
  else window.history.pushState(null, '', address);
  typing = !committed;
  show(address, false);
}

const isTyped = (field) => field.type === 'search' || field.type === 'number';

form.addEventListener('input', (event) => {
  if (!isTyped(event.target)) return;
  window.clearTimeout(timer);
  timer = window.setTimeout(() => update(false), DEBOUNCE_MS);
});

form.addEventListener('change', () => update(true));

form.addEventListener('submit', (event) => {
  event.preventDefault();
  update(true);
});

// Links to other states of this page (paging, "start a new search") load in place too.
form.addEventListener('click', (event) => {
  const link = event.target.closest('a[href]');
  if (!link || link.pathname !== path || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.clearTimeout(timer);
  typing = false;
  const address = `${link.pathname}${link.search}`;
  if (address !== currentAddress()) window.history.pushState(null, '', address);
  const heading = byId('results-title');
  heading.tabIndex = -1;
  heading.focus();
  show(address, true);
});

window.addEventListener('popstate', () => {
  window.clearTimeout(timer);
  typing = false;
  show(currentAddress(), true);
});
