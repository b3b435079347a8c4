import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { launchBrowser, openPage, startListeningApp } from './browser.js';

describe('the API documentation in a real browser', () => {
  let test: TestApp;
  let origin: string;
  let browser: Browser;

  before(async () => {
    ({ test, origin } = await startListeningApp({}));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
    await test.close();
  });

  it('renders every documented operation at /docs and runs "try it out", within its CSP and without an error', async () => {
    const { page, context, problems } = await openPage(browser);
    try {
      const response = await page.goto(`${origin}/docs`);
      const policy = String(response?.headers()['content-security-policy']);
      assert.match(policy, /script-src 'self'/);
      // Styles only from files and one hashed element: no 'unsafe-inline'.
      assert.match(policy, /style-src 'self' 'sha256-[A-Za-z0-9+/]+={0,2}';/);
      assert.doesNotMatch(policy, /unsafe-inline/);
      await page.locator('.opblock').first().waitFor();
      // A deprecated operation's path has a class of its own.
      const paths = await page.locator('.opblock-summary-path, .opblock-summary-path__deprecated').allTextContents();
      // The webhooks section is shown too, each under its name where an operation shows its path.
      const document = (await (await fetch(`${origin}/openapi.json`)).json()) as { paths: object; webhooks: object };
      const documented = [...Object.keys(document.paths), ...Object.keys(document.webhooks)];
      assert.deepEqual(new Set(paths.map((path) => path.replace(/\u200b/g, ''))), new Set(documented));

      const stats = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: '/api/emojis/stats' }) });
      await stats.locator('.opblock-summary').click();
      await stats.getByRole('button', { name: 'Try it out' }).click();
      await stats.getByRole('button', { name: 'Execute' }).click();
      await stats.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
