import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiQuery, PAGE_SIZE, readSearchQuery, searchHref } from '../../src/web/pages/search-query.js';

describe('reading the search page query string', () => {
  it('takes ticked checkboxes and comma lists alike, trimmed, each value once', () => {
    const search = readSearchQuery({ provider: ['NetEnt', ' IGT ,NetEnt', ''], theme: 'fruit', volatility: undefined });
    assert.deepEqual(search.lists, { provider: ['NetEnt', 'IGT'], volatility: [], theme: ['fruit'], feature: [] });
  });

  it('counts blank fields as not given, as a browser sends every field of the form', () => {
    const search = readSearchQuery({ q: '  ', sort: '', minRtp: ['', '96'], hasBonusBuy: [''] });
    assert.deepEqual(search.single, { minRtp: '96' });
  });

  it('keeps a single field given twice with different values as both, for the API rules to refuse', () => {
    assert.deepEqual(readSearchQuery({ q: ['fire', 'ice', 'fire'] }).single.q, ['fire', 'ice']);
    assert.equal(readSearchQuery({ q: ['fire', 'fire'] }).single.q, 'fire');
  });

  it('ignores parameters it does not know, as the API does', () => {
    const search = readSearchQuery({ facets: 'provider', '<script>': 'x', q: 'book' });
    assert.deepEqual(search.single, { q: 'book' });
    assert.deepEqual(apiQuery(search), { q: 'book', limit: String(PAGE_SIZE) });
  });
});

describe('the same search as API parameters', () => {
  const search = readSearchQuery({ q: 'book', provider: ['NetEnt', 'IGT'], volatility: 'High', limit: '5', offset: '10' });

  it('joins lists with commas and keeps the page the address asks for', () => {
    assert.deepEqual(apiQuery(search), { provider: 'NetEnt,IGT', volatility: 'High', q: 'book', limit: '5', offset: '10' });
  });

  it('can leave one list out, for the counts beside that list', () => {
    assert.deepEqual(apiQuery(search, 'provider'), { volatility: 'High', q: 'book', limit: '5', offset: '10' });
  });

  it('asks for a page of the page size when the address gives no limit', () => {
    assert.equal(apiQuery(readSearchQuery({})).limit, String(PAGE_SIZE));
  });
});

describe('addresses of the search page', () => {
  it('is the bare page for an empty search on its first page', () => {
    assert.equal(searchHref(readSearchQuery({}), 0), '/search');
  });

  it('keeps every field, lists as repeated parameters, with the offset replaced', () => {
    const search = readSearchQuery({ offset: '48', sort: '-rtp', provider: 'NetEnt,Play\'n GO', q: 'wild & free', emoji: '🍒' });
    const href = searchHref(search, 24);
    assert.equal(href, '/search?q=wild+%26+free&provider=NetEnt&provider=Play%27n+GO&sort=-rtp&emoji=%F0%9F%8D%92&offset=24');
    assert.equal(searchHref(search, 0), '/search?q=wild+%26+free&provider=NetEnt&provider=Play%27n+GO&sort=-rtp&emoji=%F0%9F%8D%92');
    // Read back, the address is the same search.
    const again = readSearchQuery(Object.fromEntries(
      [...new URL(href, 'http://x').searchParams.keys()].map((name) => [name, new URL(href, 'http://x').searchParams.getAll(name)]),
    ));
    assert.deepEqual(again.lists, search.lists);
    assert.deepEqual(again.single, search.single);
    assert.equal(again.offset, '24');
  });
});
