import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP, PHONE, screenshot } from './browser.js';

/** The page-side DOM the callbacks use (the project has no DOM types; the CSP forbids evaluating strings). */
interface PageGlobals {
  readonly document: {
    readonly activeElement: { readonly id: string } | null;
    readonly documentElement: { readonly scrollWidth: number };
  };
}

const NARROW_PHONE = { width: 360, height: 740 };

describe('the picker search in a real browser', () => {
  const suite = browserSuite();

  async function home(viewport = DESKTOP): Promise<Page> {
    const tracked = await suite.open(viewport);
    await tracked.page.goto(`${suite.origin}/`);
    return tracked.page;
  }

  /** What GET /api/emojis/search answers for `q`: the emojis the field must show, in order. */
  async function apiAnswer(q: string): Promise<string[]> {
    const response = await suite.test.app.inject({ url: `/api/emojis/search?q=${encodeURIComponent(q)}&limit=100` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ emojis: { emoji: string }[] }>().emojis.map(({ emoji }) => emoji);
  }

  const shown = (page: Page) => page.locator('#emoji-search-grid button[data-emoji]').evaluateAll((buttons) => buttons.map((button) => (button as unknown as { dataset: { emoji: string } }).dataset.emoji));
  const visible = (page: Page, emoji: string) => page.locator(`button[data-emoji="${emoji}"]:visible`);
  const status = (page: Page) => page.locator('#emoji-search-status').innerText();
  const comboEmojis = (page: Page) => page.locator('#combo-list button').allInnerTexts();

  it('narrows the grid across every category as the person types: "fire" shows 🔥 and hides 💎', async () => {
    const page = await home();
    assert.ok((await visible(page, '💎').count()) > 0);
    await page.getByLabel('Find an emoji by name').pressSequentially('fire');
    await page.locator('#emoji-search-grid button[data-emoji="🔥"]').waitFor();
    assert.equal(await visible(page, '🔥').count(), 1);
    assert.equal(await visible(page, '💎').count(), 0);
    assert.equal(await page.getByRole('tablist').isVisible(), false);
    assert.deepEqual(await shown(page), await apiAnswer('fire'));
    const count = (await apiAnswer('fire')).length;
    assert.equal(await status(page), count === 1 ? '1 emoji matches “fire”.' : `${count} emojis match “fire”.`);
  });

  it('finds what the API finds, word for word, for every kind of query', async () => {
    const page = await home();
    const field = page.getByLabel('Find an emoji by name');
    for (const q of ['cherry', 'ch', 'red', 'money', 'FIRE', 'crème', "fi're", 'gem stone', 'stone gem', 'game', 'sea-wave', '7']) {
      await field.fill(q);
      assert.deepEqual(await shown(page), await apiAnswer(q), q);
    }
  });

  it('picks the first result with Enter and clears with Escape, back to the categories', async () => {
    const page = await home();
    const field = page.getByLabel('Find an emoji by name');
    await field.fill('cherry');
    const [first] = await apiAnswer('cherry');
    assert.ok(first);
    await field.press('Enter');
    assert.deepEqual(await comboEmojis(page), [`${first} ×`]);
    assert.equal(await page.locator(`#emoji-search-grid button[data-emoji="${first}"]`).getAttribute('aria-pressed'), 'true');
    await page.locator('#match-list .card').first().waitFor();
    await field.press('Escape');
    assert.equal(await field.inputValue(), '');
    assert.equal(await page.getByRole('tablist').isVisible(), true);
    assert.equal(await page.locator('[role="tabpanel"]:not([hidden])').count(), 1);
    assert.equal(await page.locator('#emoji-search-results').isVisible(), false);
    assert.equal(await status(page), '');
    // What was picked stays picked.
    assert.deepEqual(await comboEmojis(page), [`${first} ×`]);
  });

  it('says so in a live region when nothing matches', async () => {
    const page = await home();
    await page.getByLabel('Find an emoji by name').fill('zzzq');
    assert.equal(await status(page), 'No emoji matches “zzzq”. Try another word.');
    assert.equal(await page.locator('#emoji-search-status').getAttribute('role'), 'status');
    assert.deepEqual(await shown(page), []);
    await page.getByLabel('Find an emoji by name').press('Enter');
    assert.deepEqual(await comboEmojis(page), []);
  });

  it('works with the keyboard alone: Tab to the field, type, Enter picks, Escape clears', async () => {
    const page = await home();
    const focusedId = () => page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id ?? '');
    for (let presses = 0; presses < 20 && (await focusedId()) !== 'emoji-search'; presses++) await page.keyboard.press('Tab');
    assert.equal(await focusedId(), 'emoji-search');
    await page.keyboard.type('money');
    const [first] = await apiAnswer('money');
    await page.keyboard.press('Enter');
    assert.deepEqual(await comboEmojis(page), [`${first} ×`]);
    await page.keyboard.press('Escape');
    assert.equal(await page.getByLabel('Find an emoji by name').inputValue(), '');
    // From the field, Tab reaches the category tabs again.
    await page.keyboard.press('Tab');
    assert.equal(await page.locator(':focus').getAttribute('role'), 'tab');
  });

  for (const [size, viewport] of [['narrow-phone', NARROW_PHONE], ['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`fits a ${viewport.width} px screen while searching (screenshot in artifacts/screenshots)`, async () => {
      const page = await home(viewport);
      await page.getByLabel('Find an emoji by name').fill('fire');
      await page.locator('#emoji-search-grid button').first().waitFor();
      const width = await page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `${width}px wide`);
      await screenshot(page, `picker-search-${size}`, false);
    });
  }
});
