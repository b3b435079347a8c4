import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectAccessible } from './axe.js';
import { DESKTOP, PHONE, screenshot } from './browser.js';
import { consoleSuite, MATRIX, openContext, signIn, withoutExpectedRefusals } from './console.js';

describe('the operator console in a real browser: its pages', () => {
  const operatorConsole = consoleSuite();
  const { suite } = operatorConsole;

  it('passes axe with no violation on every console page, and is screenshot at both widths', async () => {
    const pages: readonly (readonly [string, string])[] = [
      ['sign-in', '/admin/sign-in'],
      ['overview', '/admin'],
      ['slots', '/admin/slots?q=gonzo'],
      ['new-slot', '/admin/slots/new'],
      ['edit-slot', '/admin/slots/3/edit'],
      ['delete-slot', '/admin/slots/3/delete'],
      ['history', '/admin/slots/2/history'],
      ['categories', '/admin/categories'],
      ['export', '/admin/catalogue'],
      ['import', '/admin/import'],
      ['audit', '/admin/audit'],
      ['insights', '/admin/insights'],
      ['operators', '/admin/operators'],
      ['tokens', '/admin/tokens'],
      ['webhooks', '/admin/webhooks'],
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, problems } = await openContext(suite.browser, viewport, true);
      try {
        await page.goto(`${suite.origin}/admin/sign-in`);
        await expectAccessible(page, 'sign-in');
        await screenshot(page, `console-sign-in-${viewport.width}`);
        await signIn(page, suite.origin, 'olive');
        for (const [name, path] of pages.slice(1)) {
          await page.goto(`${suite.origin}${path}`);
          await expectAccessible(page, name);
          await screenshot(page, `console-${name}-${viewport.width}`);
        }
        // The form refused beside its fields, and a new token's secret, are pages of their own.
        await page.goto(`${suite.origin}/admin/slots/new`);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.locator('#name-error').waitFor();
        await expectAccessible(page, 'refused new slot');
        await screenshot(page, `console-new-slot-refused-${viewport.width}`);
        await page.goto(`${suite.origin}/admin/tokens`);
        await page.getByLabel('Name').fill(`deploy-${viewport.width}`);
        await page.getByRole('button', { name: 'Make the token' }).click();
        await page.locator('#token-secret').waitFor();
        assert.match(await page.locator('#token-secret').innerText(), /^smj_[A-Za-z0-9_-]{43}$/);
        await expectAccessible(page, 'token secret');
        await screenshot(page, `console-token-secret-${viewport.width}`);
        // The webhooks forms: refused beside its fields, a new endpoint's secret shown once, its page and its delete confirmation.
        const hook = `https://93.184.215.14/hooks/${viewport.width}`;
        await page.goto(`${suite.origin}/admin/webhooks`);
        await page.getByLabel('URL', { exact: true }).fill('ftp://partner.example/hooks');
        await page.getByLabel('slot.upserted').check();
        await page.getByRole('button', { name: 'Add the endpoint' }).click();
        await page.locator('#webhook-url-error').waitFor();
        assert.match(await page.locator('#webhook-url-error').innerText(), /^url: must be http or https/);
        assert.equal(await page.getByLabel('URL', { exact: true }).inputValue(), 'ftp://partner.example/hooks');
        await expectAccessible(page, 'refused webhook');
        await screenshot(page, `console-webhook-refused-${viewport.width}`);
        assert.equal(await page.getByLabel('slot.upserted').isChecked(), true, 'the ticked event is kept');
        await page.getByLabel('URL', { exact: true }).fill(hook);
        await page.getByRole('button', { name: 'Add the endpoint' }).click();
        await page.locator('#webhook-secret').waitFor();
        assert.match(await page.locator('#webhook-secret').innerText(), /^whsec_/);
        await expectAccessible(page, 'webhook secret');
        await screenshot(page, `console-webhook-secret-${viewport.width}`);
        await page.getByRole('link', { name: hook }).click();
        await page.getByRole('heading', { level: 1, name: /^Webhook \d+$/ }).waitFor();
        await expectAccessible(page, 'webhook');
        await screenshot(page, `console-webhook-${viewport.width}`);
        await page.getByRole('link', { name: 'Delete…' }).click();
        await page.getByRole('button', { name: 'Delete this endpoint' }).waitFor();
        await expectAccessible(page, 'delete webhook');
        await screenshot(page, `console-delete-webhook-${viewport.width}`);
        assert.deepEqual(withoutExpectedRefusals(problems), []);
      } finally {
        await context.close();
      }
    }
  });

  for (const { viewport, script, how, tag } of MATRIX) {
    it(`shows the Insights page's chart and tables, passes axe, and follows a gap to the new-slot form with its emojis (${how})`, async () => {
      const { context, page, problems } = await openContext(suite.browser, viewport, script, await operatorConsole.session('eddie'));
      try {
        await page.goto(`${suite.origin}/admin`);
        await page.getByRole('link', { name: 'Insights', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
        await page.getByRole('img', { name: /^Plays and views per day from / }).waitFor();
        assert.equal(await page.locator('.chart-plays').count(), 1);
        // In the top slots and in the rising ones, by its name now.
        const played = suite.test.catalogue.current.find(operatorConsole.playedId);
        assert.ok(played !== undefined);
        assert.equal(await page.getByRole('cell', { name: played.name, exact: true }).count(), 2);
        await expectAccessible(page, `insights (${how})`, { scriptOff: !script });
        await screenshot(page, `console-insights-${tag}`);
        await page.getByRole('link', { name: 'Add a slot with these emojis' }).click();
        await page.waitForURL(/\/admin\/slots\/new\?emojis=/);
        assert.equal(await page.getByLabel('Emoji tags').inputValue(), '🐙 🦑');
        assert.deepEqual(withoutExpectedRefusals(problems), []);
      } finally {
        await context.close();
      }
    });
  }
});
