// The console's slot form: the emoji word search (decisions §14) answers as the person types, and a
// found emoji is added to the tags with one click. Without this script the "Find" button asks the
// server, which shows the same emojis as checkboxes.

const DEBOUNCE_MS = 200;
const byId = (id) => document.getElementById(id);
const query = byId('emoji-query');
const found = byId('emoji-found');
const tags = byId('slot-emojiTags');

let timer;
let inFlight;

function button(entry) {
  const choice = document.createElement('button');
  choice.type = 'button';
  choice.className = 'chip';
  choice.textContent = `${entry.emoji} ${entry.name}`;
  choice.setAttribute('aria-label', `Add ${entry.name}`);
  choice.addEventListener('click', () => {
    const current = tags.value.trim();
    if (!current.split(/\s+/).includes(entry.emoji)) tags.value = current === '' ? entry.emoji : `${current} ${entry.emoji}`;
    tags.focus();
  });
  return choice;
}

async function search() {
  const words = query.value.trim();
  inFlight?.abort();
  if (words === '') {
    found.replaceChildren();
    return;
  }
  const request = new AbortController();
  inFlight = request;
  try {
    const response = await fetch(`/api/emojis/search?limit=24&q=${encodeURIComponent(words)}`, { signal: request.signal });
    const { emojis } = response.ok ? await response.json() : { emojis: [] };
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = emojis.length === 0 ? `No emoji in use matches “${words}”.` : `${emojis.length} found; click one to add it to the tags.`;
    const list = document.createElement('div');
    list.className = 'emoji-choices';
    list.append(...emojis.map(button));
    found.replaceChildren(status, list);
  } catch (error) {
    if (error.name !== 'AbortError') found.textContent = 'The emoji search could not run. Check your connection.';
  }
}

if (query && found && tags) {
  query.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(search, DEBOUNCE_MS);
  });
  // Enter in the word search searches here instead of submitting the form.
  query.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    window.clearTimeout(timer);
    search();
  });
}
