// The home page picker: category tabs, emoji toggles, live matches, the Play link and the lucky spin.
// Hand-written and served as is (no build step). Text from the API is only ever set as textContent.

const MAX_EMOJIS = 20;
const MATCH_LIMIT = 24;
const DEBOUNCE_MS = 120;

const byId = (id) => document.getElementById(id);
const picked = [];
const emojiButtons = Array.from(document.querySelectorAll('button[data-emoji]'));
const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
const comboList = byId('combo-list');
const comboHint = byId('combo-hint');
const play = byId('play');
const clear = byId('clear');
const matchStatus = byId('match-status');
const matchList = byId('match-list');
const spinForm = byId('spin-form');
const spinStatus = byId('spin-status');

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// ---- Tabs: one panel at a time; arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).

function selectTab(tab, focus) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    byId(other.getAttribute('aria-controls')).hidden = !selected;
  }
  if (focus) tab.focus();
}

tabs.forEach((tab, index) => {
  tab.addEventListener('click', () => selectTab(tab, false));
  tab.addEventListener('keydown', (event) => {
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!Object.hasOwn(moves, event.key)) return;
    event.preventDefault();
    selectTab(tabs[(moves[event.key] + tabs.length) % tabs.length], true);
  });
});

// ---- The combo: which emojis are picked, in the order they were picked.

function renderCombo() {
  for (const button of emojiButtons) {
    button.setAttribute('aria-pressed', String(picked.includes(button.dataset.emoji)));
  }
  comboList.replaceChildren(
    ...picked.map((emoji) => {
      const remove = element('button', 'chip', `${emoji} ×`);
      remove.type = 'button';
      remove.setAttribute('aria-label', `Remove ${emoji}`);
      remove.addEventListener('click', () => toggle(emoji));
      const item = element('li');
      item.append(remove);
      return item;
    }),
  );
  const joined = picked.join('');
  comboHint.hidden = picked.length > 0;
  clear.disabled = picked.length === 0;
  if (picked.length > 0) {
    play.href = `/api/play/${encodeURIComponent(joined)}`;
    play.removeAttribute('aria-disabled');
  } else {
    play.removeAttribute('href');
    play.setAttribute('aria-disabled', 'true');
  }
  // The combo lives in the address, so a reload or a shared link keeps it.
  window.history.replaceState(null, '', joined ? `#${encodeURIComponent(joined)}` : window.location.pathname);
}

function toggle(emoji) {
  const at = picked.indexOf(emoji);
  if (at >= 0) picked.splice(at, 1);
  else if (picked.length < MAX_EMOJIS) picked.push(emoji);
  else {
    matchStatus.textContent = `A combo holds at most ${MAX_EMOJIS} emojis.`;
    return;
  }
  renderCombo();
  scheduleMatch();
}

for (const button of emojiButtons) button.addEventListener('click', () => toggle(button.dataset.emoji));

clear.addEventListener('click', () => {
  picked.length = 0;
  renderCombo();
  scheduleMatch();
});

// ---- Live matches from POST /api/match; only the answer to the latest combo is shown.

let pending;
let timer;

function resultCard(slot, pickedCount) {
  const link = element('a', 'card');
  link.href = slot.url;
  link.append(
    element('span', 'card-emojis', slot.emojis.join(' ')),
    element('span', 'card-name', slot.name),
    element('span', 'card-meta', `${slot.provider} · RTP ${slot.rtp}%`),
  );
  if (pickedCount > 1) link.append(element('span', 'card-score', `${slot.score} of ${pickedCount}`));
  const item = element('li');
  item.append(link);
  return item;
}

async function errorMessage(response) {
  if (response.status === 429) return 'Too many requests for now. Wait a moment and pick again.';
  try {
    const body = await response.json();
    return typeof body.message === 'string' ? body.message : `The server answered ${response.status}.`;
  } catch {
    return `The server answered ${response.status}.`;
  }
}

async function match(emojis) {
  pending?.abort();
  const controller = new AbortController();
  pending = controller;
  matchList.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch('/api/match', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ emojis, limit: MATCH_LIMIT }),
      signal: controller.signal,
    });
    if (pending !== controller) return;
    if (!response.ok) {
      matchStatus.textContent = await errorMessage(response);
      matchList.replaceChildren();
      return;
    }
    const { slots } = await response.json();
    if (pending !== controller) return;
    matchList.replaceChildren(...slots.map((slot) => resultCard(slot, emojis.length)));
    matchStatus.textContent =
      slots.length === 0
        ? 'No slot carries these emojis yet.'
        : slots.length >= MATCH_LIMIT
          ? `The best ${slots.length} of many matching slots:`
          : `${slots.length} matching slot${slots.length === 1 ? '' : 's'}:`;
  } catch (error) {
    if (error.name !== 'AbortError') matchStatus.textContent = 'Could not reach the server. Check the connection and pick again.';
  } finally {
    if (pending === controller) matchList.removeAttribute('aria-busy');
  }
}

function scheduleMatch() {
  window.clearTimeout(timer);
  if (picked.length === 0) {
    pending?.abort();
    matchList.replaceChildren();
    matchStatus.textContent = 'Pick an emoji to see the slots that carry it.';
    return;
  }
  const emojis = [...picked];
  timer = window.setTimeout(() => match(emojis), DEBOUNCE_MS);
}

// ---- Lucky spin: follow /api/v1/spin with only the filters that are set, after checking one slot fits.

spinForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const filters = new URLSearchParams();
  for (const name of ['provider', 'volatility', 'minRtp']) {
    const value = spinForm.elements[name].value.trim();
    if (value !== '') filters.set(name, value);
  }
  const query = filters.toString();
  const spin = query === '' ? '/api/v1/spin' : `/api/v1/spin?${query}`;
  spinStatus.textContent = 'Spinning…';
  try {
    filters.set('limit', '1');
    const check = await fetch(`/api/slots?${filters}`);
    if (!check.ok) {
      spinStatus.textContent = await errorMessage(check);
      return;
    }
    const { total } = await check.json();
    if (total === 0) {
      spinStatus.textContent = 'No slot fits these filters. Loosen one and spin again.';
      return;
    }
  } catch {
    // The check is a courtesy; the spin itself still answers.
  }
  window.location.assign(spin);
});

// ---- Start from the combo in the address (a shared link, or "find slots like this" on a slot page).

function emojisIn(text) {
  if (typeof Intl.Segmenter === 'function') {
    return Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (part) => part.segment);
  }
  return Array.from(text);
}

function startFromAddress() {
  let text = '';
  try {
    text = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  const known = new Set(emojiButtons.map((button) => button.dataset.emoji));
  for (const emoji of emojisIn(text)) {
    if (known.has(emoji) && !picked.includes(emoji) && picked.length < MAX_EMOJIS) picked.push(emoji);
  }
  if (picked.length === 0) return;
  renderCombo();
  scheduleMatch();
}

startFromAddress();
