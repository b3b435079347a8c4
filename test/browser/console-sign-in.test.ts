import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { addOperator } from '../support/console.js';
import { screenshot } from './browser.js';
import { consoleSuite, MATRIX, openContext, signIn, withoutExpectedRefusals } from './console.js';

describe('the operator console in a real browser: signing in and out', () => {
  const { suite } = consoleSuite();
  before(async () => {
    for (const { tag } of MATRIX) await addOperator(suite.test.store.access, `throttled-${tag}`, 'editor');
  });

  for (const { viewport, script, how } of MATRIX) {
    it(`signs in, searches, edits with a bad RTP, saves, sees it public and in the history, restores, signs out (${how})`, async () => {
      const { context, page, problems } = await openContext(suite.browser, viewport, script);
      try {
        const { origin } = suite;
        await signIn(page, origin, 'eddie');
        await page.getByRole('link', { name: 'Slots', exact: true }).click();
        await page.getByLabel('Search', { exact: true }).fill('starburst');
        if (script) await page.getByRole('cell', { name: 'Starburst' }).waitFor();
        else await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('link', { name: 'Starburst' }).click();
        await page.waitForURL(/\/admin\/slots\/\d+\/edit$/);
        const editUrl = page.url();

        const renamed = `Starburst ${viewport.width}${script ? 'js' : 'plain'}`;
        await page.getByLabel('Name').fill(renamed);
        await page.getByLabel('RTP (%)').fill('101');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.locator('#rtp-error').waitFor();
        assert.match(await page.locator('#rtp-error').innerText(), /^rtp: /);
        assert.equal(await page.getByLabel('Name').inputValue(), renamed);
        assert.equal(await page.getByLabel('RTP (%)').getAttribute('aria-invalid'), 'true');

        await page.getByLabel('RTP (%)').fill('96.5');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.waitForURL(`${editUrl}?saved=1`);
        await page.getByText(/^Saved as version \d+\.$/).waitFor();

        const slug = await page.getByLabel('Slug').inputValue();
        await page.goto(`${origin}/slots/${slug}`);
        await page.getByRole('heading', { level: 1, name: renamed }).waitFor();

        await page.goto(editUrl.replace(/edit$/, 'history'));
        const latest = page.locator('.version').first();
        assert.match(await latest.innerText(), /by eddie \(operator\)/);
        assert.match(await latest.innerText(), new RegExp(renamed));
        await page.locator('.version').nth(1).getByRole('button', { name: /^Restore version \d+$/ }).click();
        await page.getByText(/^Restored: the slot is now as version \d+ had it\.$/).waitFor();
        await page.goto(`${origin}/slots/${slug}`);
        await page.getByRole('heading', { level: 1, name: 'Starburst' }).waitFor();

        await page.goto(`${origin}/admin`);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.waitForURL(`${origin}/admin/sign-in`);
        await page.goto(`${origin}/admin/slots`);
        assert.match(page.url(), /\/admin\/sign-in\?next=/);
        assert.deepEqual(withoutExpectedRefusals(problems), []);
      } finally {
        await context.close();
      }
    });
  }


  // Last: the throttle also counts failures per client, and these four runs use up this client's 20.
  for (const { viewport, script, how, tag } of MATRIX) {
    it(`answers the sixth failed sign-in in a row with 429 and a wait (${how})`, async () => {
      const { context, page, problems } = await openContext(suite.browser, viewport, script);
      try {
        const statuses: number[] = [];
        page.on('response', (response) => {
          if (response.request().method() === 'POST') statuses.push(response.status());
        });
        await page.goto(`${suite.origin}/admin/sign-in`);
        for (let attempt = 0; attempt < 6; attempt++) {
          await page.getByLabel('Name').fill(`throttled-${tag}`);
          await page.getByLabel('Password').fill('not the password at all');
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.getByRole('alert').waitFor();
        }
        assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
        assert.match(await page.getByRole('alert').innerText(), /Too many failed sign-ins\. Try again in 1 minute\./);
        await screenshot(page, `console-sign-in-throttled-${tag}`);
        assert.deepEqual(withoutExpectedRefusals(problems), []);
      } finally {
        await context.close();
      }
    });
  }
});
