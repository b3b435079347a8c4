// The home page picker: category tabs, emoji toggles, live matches, the Play link and the lucky spin.
// Hand-written and served as is (no build step). Text from the API is only ever set as textContent.

const MAX_EMOJIS = 20;
const MATCH_LIMIT = 24;
const DEBOUNCE_MS = 120;

const byId = (id) => document.getElementById(id);
const picked = [];
const picker = document.querySelector('.picker');
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

function emojiButton(emoji, title) {
  const button = element('button', 'emoji', emoji);
  button.type = 'button';
  button.dataset.emoji = emoji;
  button.title = title;
  button.setAttribute('aria-pressed', String(picked.includes(emoji)));
  return button;
}

// ---- Tabs: one panel at a time; arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern).

// [emoji, slot count] of every category by group id. Only the open panel comes with its buttons (the
// hidden ones were half the page's HTML); the others are built from this when first opened.
const groupsData = byId('emoji-groups');
let byGroup;

function emojisByGroup() {
  byGroup ??= groupsData ? JSON.parse(groupsData.textContent) : {};
  return byGroup;
}

function fillPanel(panel) {
  const grid = panel.querySelector('.emoji-grid');
  if (grid.childElementCount > 0) return;
  const emojis = emojisByGroup()[panel.id.slice('panel-'.length)] ?? [];
  grid.append(...emojis.map(([emoji, count]) => emojiButton(emoji, `${emoji} ${count} slot${count === 1 ? '' : 's'}`)));
}

function selectTab(tab, focus) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    const panel = byId(other.getAttribute('aria-controls'));
    if (selected) fillPanel(panel);
    panel.hidden = !selected;
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
  for (const button of document.querySelectorAll('button[data-emoji]')) {
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

// One listener for every emoji button, the ones built later included.
picker?.addEventListener('click', (event) => {
  const button = event.target.closest('button[data-emoji]');
  if (button) toggle(button.dataset.emoji);
});

clear.addEventListener('click', () => {
  picked.length = 0;
  renderCombo();
  scheduleMatch();
});

// ---- Search by name: narrows the emojis to those whose English name or keywords hold a word starting
// with each word typed (decisions §14), name matches first, across every category.

const searchInput = byId('emoji-search');
const searchStatus = byId('emoji-search-status');
const searchResults = byId('emoji-search-results');
const searchGrid = byId('emoji-search-grid');
const tablist = document.querySelector('[role="tablist"]');
const wordsData = byId('emoji-words');

// [emoji, name words, other keyword words], in usage order; the words are split as the server splits them.
// Read on the first search, so a visit that never searches pays nothing for them.
let searchable;

function searchableEmojis() {
  searchable ??= JSON.parse(wordsData.textContent).map(([emoji, name, keywords]) => {
    const nameWords = name === '' ? [] : name.split(' ');
    return { emoji, name, nameWords, words: keywords === '' ? nameWords : [...nameWords, ...keywords.split(' ')] };
  });
  return searchable;
}

function searchWords(text) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’ʼ]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

const startsAny = (words, prefix) => words.some((word) => word.startsWith(prefix));

function findEmojis(query) {
  const queryText = query.join(' ');
  const groups = [[], [], []];
  for (const entry of searchableEmojis()) {
    if (!query.every((word) => startsAny(entry.words, word))) continue;
    const group = entry.name.startsWith(queryText) ? 0 : query.every((word) => startsAny(entry.nameWords, word)) ? 1 : 2;
    groups[group].push(entry);
  }
  return groups.flat();
}

let searchMatches = [];

function showCategories(shown) {
  tablist.hidden = !shown;
  for (const tab of tabs) byId(tab.getAttribute('aria-controls')).hidden = !shown || tab.getAttribute('aria-selected') !== 'true';
  searchResults.hidden = shown;
}

function runSearch() {
  const query = searchWords(searchInput.value);
  if (query.length === 0) {
    searchMatches = [];
    searchGrid.replaceChildren();
    searchStatus.textContent = '';
    showCategories(true);
    return;
  }
  searchMatches = findEmojis(query);
  searchGrid.replaceChildren(...searchMatches.map((entry) => emojiButton(entry.emoji, `${entry.emoji} ${entry.name}`)));
  const typed = searchInput.value.trim();
  searchStatus.textContent =
    searchMatches.length === 0
      ? `No emoji matches “${typed}”. Try another word.`
      : searchMatches.length === 1
        ? `1 emoji matches “${typed}”.`
        : `${searchMatches.length} emojis match “${typed}”.`;
  showCategories(false);
}

if (searchInput && tablist && wordsData) {
  searchInput.addEventListener('input', runSearch);
  searchInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = searchMatches[0];
      if (first && !picked.includes(first.emoji)) toggle(first.emoji);
    } else if (event.key === 'Escape' && searchInput.value !== '') {
      event.preventDefault();
      searchInput.value = '';
      runSearch();
    }
  });
  // A value the browser restored (back navigation) narrows the grid as typing would have.
  if (searchInput.value !== '') runSearch();
}

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
  const known = new Set(Object.values(emojisByGroup()).flatMap((emojis) => emojis.map(([emoji]) => emoji)));
  for (const emoji of emojisIn(text)) {
    if (known.has(emoji) && !picked.includes(emoji) && picked.length < MAX_EMOJIS) picked.push(emoji);
  }
  if (picked.length === 0) return;
  renderCombo();
  scheduleMatch();
}

startFromAddress();
