import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { SMALL_CATALOGUE, slotFields } from '../support/fixtures.js';
import { launchBrowser, openPage, startListeningApp } from './browser.js';

const NAME = '<img src=x onerror="alert(1)">';
const PROVIDER = '<script>alert(2)</script>';

const HOSTILE_CATALOGUE = {
  categories: SMALL_CATALOGUE.categories,
  slots: [...SMALL_CATALOGUE.slots, slotFields({ name: NAME, slug: 'hostile', provider: PROVIDER, emojiTags: ['🐉'] })],
};

describe('hostile slot text in the live picker, in a real browser', () => {
  let test: TestApp;
  let origin: string;
  let browser: Browser;

  before(async () => {
    ({ test, origin } = await startListeningApp({ document: HOSTILE_CATALOGUE }));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
    await test.close();
  });

  it('shows names and providers from the API as text: no element is made of them and no script runs', async () => {
    const { page, context, problems } = await openPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await page.goto(`${origin}/#${encodeURIComponent('🐉')}`);
      const card = page.locator('#match-list .card', { has: page.locator('.card-name', { hasText: NAME }) });
      await card.waitFor();
      assert.match(await card.locator('.card-meta').innerText(), new RegExp(`^${PROVIDER.replace(/[()[\]/]/g, '\\$&')} · RTP`));
      assert.equal(await page.locator('#match-list img, #match-list script').count(), 0);
      assert.equal(await card.getAttribute('href'), `${origin}/slots/hostile`);
      assert.deepEqual(dialogs, []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
