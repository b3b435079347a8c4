import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { PopularOrder } from '../../src/insights/popular-order.js';
import type { TestApp } from '../support/app.js';
import { expectAccessible } from './axe.js';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, startListeningApp } from './browser.js';
import { BROWSER_CATALOGUE } from './catalogue.js';

/** Nine slots played today, the most played first: the home page shows the first eight. */
const PLAYED = [7, 3, 12, 1, 9, 4, 15, 6, 2];

/** The home page's "Popular this week" (decisions §21) in a real browser: its links, the pages' CSP, and axe. */
describe('the popular slots on the home page, in a real browser', { timeout: 120_000 }, () => {
  let test: TestApp;
  let origin: string;
  let browser: Browser;

  before(async () => {
    const hour = Math.floor(Date.now() / 3_600_000);
    ({ test, origin } = await startListeningApp({
      document: BROWSER_CATALOGUE,
      popular: async (store) => {
        await store.insights.addCounts(PLAYED.map((id, place) => ({ hour, kind: 'play', key: String(id), found: true, count: 100 - place })));
        const order = new PopularOrder({ store: store.insights, warn: (details) => assert.fail(String(details['err'])) });
        await order.start();
        return order;
      },
    }));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await test?.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`lists the eight most played slots, each a link to its page, with no axe violation or CSP complaint at ${viewport.width} px`, async () => {
      const { page, context, problems } = await openPage(browser, viewport);
      try {
        await page.goto(`${origin}/`);
        const section = page.getByRole('region', { name: 'Popular this week' });
        const expected = PLAYED.slice(0, 8).map((id) => test.catalogue.current.find(String(id))?.name);
        assert.deepEqual(await section.locator('.card-name').allTextContents(), expected);
        await expectAccessible(page, `home page with its popular slots at ${viewport.width} px`);
        await screenshot(page, `home-popular-${viewport.width}`);
        await section.getByRole('link', { name: new RegExp(expected[1] ?? '') }).click();
        await page.waitForURL(/\/slots\//);
        assert.equal(await page.locator('h1').innerText(), expected[1]);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
