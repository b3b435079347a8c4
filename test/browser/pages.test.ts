import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { emojiKey } from '../../src/emoji/emoji.js';
import { browserSuite, DESKTOP, PHONE, screenshot } from './browser.js';
import { BROWSER_CATALOGUE } from './catalogue.js';

/**
 * The little of the DOM the page-side callbacks use. The project's TypeScript has no DOM types (it is a
 * server), and the pages' CSP forbids evaluating strings, so callbacks are functions cast to this.
 */
interface PageGlobals {
  readonly document: {
    querySelectorAll(selector: string): ArrayLike<{ readonly textContent: string | null }>;
    readonly body: unknown;
    readonly documentElement: { readonly scrollWidth: number };
  };
  getComputedStyle(node: unknown): { readonly outlineStyle: string; readonly outlineWidth: string; readonly backgroundColor: string };
}

describe('the pages in a real browser', () => {
  const suite = browserSuite();

  async function open(viewport = DESKTOP): Promise<Page> {
    return (await suite.open(viewport)).page;
  }

  /** The names the API ranks first for these emojis: what the live list must show, in order. */
  function expectedNames(emojis: readonly string[]): string[] {
    return suite.test.catalogue.current.match(emojis.map(emojiKey), 'any', 24).map(({ slot }) => slot.name);
  }

  async function shownNames(page: Page): Promise<string[]> {
    return page.locator('#match-list .card-name').allTextContents();
  }

  async function waitForNames(page: Page, names: readonly string[]): Promise<void> {
    await page.waitForFunction((expected) => {
      const { document } = globalThis as unknown as PageGlobals;
      return JSON.stringify(Array.from(document.querySelectorAll('#match-list .card-name'), (node) => node.textContent)) === expected;
    }, JSON.stringify(names));
  }

  const pageWidth = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);

  const visibleEmoji = (page: Page, emoji: string) => page.locator(`[role="tabpanel"]:not([hidden]) button[data-emoji="${emoji}"]`);

  it('picks emojis, shows the matching slots live, and plays the best match', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/`);
    await page.getByRole('tab', { name: /fruit/i }).click();
    await visibleEmoji(page, '🍒').click();
    await waitForNames(page, expectedNames(['🍒']));
    assert.match(await page.locator('#match-status').innerText(), /^\d+ matching slots?:$/);

    await page.getByRole('tab', { name: /gems/i }).click();
    await visibleEmoji(page, '💎').click();
    const names = expectedNames(['🍒', '💎']);
    await waitForNames(page, names);
    assert.deepEqual(await shownNames(page), names);
    assert.equal(await page.locator('button[data-emoji="🍒"][aria-pressed="true"]').count(), await page.locator('button[data-emoji="🍒"]').count());
    assert.deepEqual(await page.locator('#combo-list .chip').allTextContents(), ['🍒 ×', '💎 ×']);
    assert.equal(new URL(page.url()).hash, `#${encodeURIComponent('🍒💎')}`);

    const play = page.getByRole('link', { name: 'Play best match' });
    assert.equal(await play.getAttribute('href'), `/api/play/${encodeURIComponent('🍒💎')}`);
    await play.click();
    await page.waitForURL(/\/slots\//);
    const [best] = suite.test.catalogue.current.match(['🍒', '💎'].map(emojiKey), 'any', 1);
    assert.ok(best);
    assert.equal(page.url(), `${suite.origin}/slots/${best.slot.slug}`);
    assert.equal(await page.locator('h1').innerText(), best.slot.name);
  });

  it('removes a picked emoji from the combo and clears it', async () => {
    const page = await open(PHONE);
    await page.goto(`${suite.origin}/#${encodeURIComponent('🍒💎')}`);
    await waitForNames(page, expectedNames(['🍒', '💎']));
    await page.getByRole('button', { name: 'Remove 🍒' }).click();
    await waitForNames(page, expectedNames(['💎']));
    await page.getByRole('button', { name: 'Clear' }).click();
    await waitForNames(page, []);
    assert.equal(await page.locator('#play').getAttribute('aria-disabled'), 'true');
    assert.equal(await page.locator('#play').getAttribute('href'), null);
    assert.equal(new URL(page.url()).hash, '');
  });

  it('works with the keyboard alone, with a visible focus ring', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/`);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    assert.equal(await focused.textContent(), 'Skip to content');
    const tabs = page.getByRole('tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    const second = tabs.nth(1);
    assert.equal(await second.getAttribute('aria-selected'), 'true');
    assert.equal(await focused.getAttribute('id'), await second.getAttribute('id'));
    assert.equal(await page.locator('[role="tabpanel"]:not([hidden])').getAttribute('aria-labelledby'), await second.getAttribute('id'));
    await page.keyboard.press('End');
    assert.equal(await tabs.last().getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Home');
    assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');

    // From the selected tab, Tab goes straight into its panel.
    await page.keyboard.press('Tab');
    const first = await focused.getAttribute('data-emoji');
    assert.ok(first);
    const ring = await focused.evaluate((node: unknown) => {
      const style = (globalThis as unknown as PageGlobals).getComputedStyle(node);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    assert.equal(ring, 'solid 3px');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const next = await focused.getAttribute('data-emoji');
    assert.ok(next);
    await page.keyboard.press('Space');
    await waitForNames(page, expectedNames([first, next]));

    await page.locator('#play').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/slots\//);
    assert.equal(await page.locator('h1').innerText(), expectedNames([first, next])[0]);
  });

  it('builds a category the first time its tab opens, and finds and pre-picks emojis of categories never opened', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/`);
    const byGroup: Record<string, [string, number][]> = JSON.parse((await page.locator('#emoji-groups').textContent()) ?? '{}');
    const words: [string, string, string][] = JSON.parse((await page.locator('#emoji-words').textContent()) ?? '[]');
    const popular = new Set(byGroup['popular']?.map(([emoji]) => emoji));
    // A category whose emojis are not all popular, and one of those: nothing on the page shows it yet.
    const [groupId, emojis] = Object.entries(byGroup).find(([id, list]) => id !== 'popular' && list.some(([emoji]) => !popular.has(emoji))) ?? assert.fail('no such category');
    const [emoji] = emojis.find(([candidate]) => !popular.has(candidate)) ?? assert.fail('no such emoji');
    const name = words.find(([candidate]) => candidate === emoji)?.[1] ?? assert.fail(`no name for ${emoji}`);
    assert.equal(await page.locator(`button[data-emoji="${emoji}"]`).count(), 0);
    assert.equal(await page.locator(`#panel-${groupId} button`).count(), 0);

    // The search field finds it all the same, and Enter picks it.
    const field = page.getByLabel('Find an emoji by name');
    await field.fill(name);
    await page.locator(`#emoji-search-grid button[data-emoji="${emoji}"]`).waitFor();
    assert.equal(await page.locator('#emoji-search-grid button').first().getAttribute('data-emoji'), emoji);
    await field.press('Enter');
    await waitForNames(page, expectedNames([emoji]));
    await field.press('Escape');

    // Opening its tab builds every button of the category, in order, the picked one pressed.
    await page.locator(`#tab-${groupId}`).click();
    const panel = page.locator(`#panel-${groupId}`);
    assert.equal(await panel.isVisible(), true);
    assert.deepEqual(await panel.locator('button[data-emoji]').evaluateAll((buttons) => buttons.map((button) => (button as unknown as { dataset: { emoji: string } }).dataset.emoji)), emojis.map(([item]) => item));
    const [, count] = emojis.find(([item]) => item === emoji) ?? assert.fail();
    assert.equal(await panel.locator(`button[data-emoji="${emoji}"]`).getAttribute('title'), `${emoji} ${count} slot${count === 1 ? '' : 's'}`);
    assert.equal(await panel.locator(`button[data-emoji="${emoji}"]`).getAttribute('aria-pressed'), 'true');
    // A built button toggles like a sent one.
    await panel.locator(`button[data-emoji="${emoji}"]`).click();
    assert.deepEqual(await page.locator('#combo-list .chip').allTextContents(), []);
    // Reopening does not build it twice.
    await page.getByRole('tab').first().click();
    await page.locator(`#tab-${groupId}`).click();
    assert.equal(await panel.locator('button[data-emoji]').count(), emojis.length);

    // A link to the picker with that emoji picks it, though no button of it came with the page.
    const linked = await open();
    await linked.goto(`${suite.origin}/#${encodeURIComponent(emoji)}`);
    await waitForNames(linked, expectedNames([emoji]));
    assert.deepEqual(await linked.locator('#combo-list .chip').allTextContents(), [`${emoji} ×`]);
  });

  it('follows a lucky spin with only the filters that are set', async () => {
    const page = await open(PHONE);
    await page.goto(`${suite.origin}/`);
    const spins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/spin')) spins.push(request.url());
    });
    // Zeus vs Hades is the only Extreme slot, so this spin can land nowhere else.
    await page.getByLabel('Volatility').selectOption('extreme');
    await page.getByRole('button', { name: 'Lucky spin' }).click();
    await page.waitForURL(/\/slots\//);
    assert.deepEqual(spins, [`${suite.origin}/api/v1/spin?volatility=extreme`]);
    assert.equal(page.url(), `${suite.origin}/slots/zeus-vs-hades-gods-of-war`);
    assert.equal(await page.locator('h1').innerText(), 'Zeus vs Hades - Gods of War');
  });

  it('says so, instead of spinning, when no slot fits the filters', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/`);
    await page.getByLabel('Provider').selectOption('NetEnt');
    await page.getByLabel('Minimum RTP (%)').fill('99.5');
    await page.getByRole('button', { name: 'Lucky spin' }).click();
    await page.locator('#spin-status', { hasText: 'No slot fits these filters' }).waitFor();
    assert.equal(page.url(), `${suite.origin}/`);
  });

  it('shows a slot page found by any case of its slug, leading to slots like it', async () => {
    const page = await open(PHONE);
    const response = await page.goto(`${suite.origin}/slots/STARBURST`);
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator('h1').innerText(), 'Starburst');
    assert.equal(await page.title(), 'Starburst by NetEnt · RTP 96.09% · slotmoji');
    const tags = BROWSER_CATALOGUE.slots.find((slot) => slot.slug === 'starburst')?.emojiTags ?? [];
    await page.getByRole('link', { name: 'Find slots like this' }).click();
    await page.waitForURL(`${suite.origin}/#*`);
    await waitForNames(page, expectedNames(tags));
    assert.deepEqual(await page.locator('#combo-list .chip').allTextContents(), tags.map((tag) => `${tag} ×`));

    await page.goto(`${suite.origin}/slots/starburst`);
    const related = page.locator('.related .card').first();
    const name = await related.locator('.card-name').innerText();
    await related.click();
    await page.waitForURL((url) => url.pathname !== '/slots/starburst');
    assert.equal(await page.locator('h1').innerText(), name);
  });

  it('shows the 404 page, in the site style, for an unknown slug', async () => {
    const { page, problems } = await suite.open(PHONE);
    const response = await page.goto(`${suite.origin}/slots/no-such-slot`);
    assert.equal(response?.status(), 404);
    assert.equal(await page.locator('h1').innerText(), 'No slot here');
    assert.equal(await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
      return getComputedStyle(document.body).backgroundColor;
    }), 'rgb(26, 10, 18)');
    // The browser reports the 404 status of the document itself, and nothing else.
    assert.deepEqual(problems.splice(0).filter((problem) => !problem.includes('404')), []);
    await screenshot(page, 'not-found-phone');
    await page.getByRole('link', { name: 'Pick emojis to find a slot' }).click();
    await page.waitForURL(`${suite.origin}/`);
  });

  it('fits a 360 px screen: the home page with a category built on demand, and a slot page read to the end', async () => {
    const narrow = { width: 360, height: 740 };
    const page = await open(narrow);
    await page.goto(`${suite.origin}/`);
    await page.getByRole('tab').last().click();
    await page.locator('[role="tabpanel"]:not([hidden]) button[data-emoji]').first().waitFor();
    assert.ok((await pageWidth(page)) <= narrow.width, `home page is ${await pageWidth(page)}px wide`);

    await page.goto(`${suite.origin}/slots/gates-of-olympus`);
    // The sections below the first screen are laid out as they come near it; reading on shows them all.
    for (const section of ['.review', '.pros', '.cons', '.tags', '.related']) {
      await page.locator(section).scrollIntoViewIfNeeded();
      assert.equal(await page.locator(section).isVisible(), true, section);
      assert.ok((await pageWidth(page)) <= narrow.width, `slot page is ${await pageWidth(page)}px wide at ${section}`);
    }
    assert.ok((await page.locator('.related .card').count()) > 0);
    await screenshot(page, 'slot-narrow-phone-end', false);
  });

  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`looks right at ${size} size (screenshots in artifacts/screenshots)`, async () => {
      const page = await open(viewport);
      await page.goto(`${suite.origin}/#${encodeURIComponent('🍒💎🎰')}`);
      await waitForNames(page, expectedNames(['🍒', '💎', '🎰']));
      const width = await pageWidth(page);
      assert.ok(width <= viewport.width, `home page is ${width}px wide`);
      if (size === 'phone') {
        // On a phone the combo sticks to the bottom of the screen, so show screens, not one tall page.
        await screenshot(page, 'home-phone', false);
        await page.locator('#match-list').scrollIntoViewIfNeeded();
        await screenshot(page, 'home-phone-matches', false);
      } else {
        await screenshot(page, 'home-desktop');
      }

      await page.goto(`${suite.origin}/slots/gates-of-olympus`);
      assert.ok((await pageWidth(page)) <= viewport.width);
      await screenshot(page, `slot-${size}`);
    });
  }
});
