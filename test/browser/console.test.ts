import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import type { InsightStore } from '../../src/store/insights.js';
import { addOperator, PASSWORD } from '../support/console.js';
import { expectAccessible } from './axe.js';
import { browserSuite, DESKTOP, PHONE, screenshot, STEP_TIMEOUT_MS } from './browser.js';

/** A browser's cookies after signing in: contexts of the flows that are not about signing in start from it. */
type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens a context with script on or off, recording what the browser complains about; answers a page may give on purpose are listed. */
async function openContext(browser: Browser, viewport: ViewportSize, javaScriptEnabled: boolean, storageState?: SignedInState): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, deviceScaleFactor: phone ? 2 : 1, isMobile: phone, hasTouch: phone, javaScriptEnabled, ...(storageState === undefined ? {} : { storageState }) });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/** Drops the browser's notes about answers that were refusals on purpose (400 beside a field, 409 conflict, 429, 401). */
function withoutExpectedRefusals(problems: readonly string[]): string[] {
  return problems.filter((problem) => !/status of (400|401|409|429)/.test(problem));
}

async function signIn(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/admin`);
  assert.match(page.url(), /\/admin\/sign-in\?next=%2Fadmin$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${origin}/admin`);
}

/** Plays and views of a slot on the last days, and a match that found nothing asked by 3 visitors: what the Insights page shows. */
async function seedInsights(store: InsightStore, slotId: string): Promise<void> {
  const today = Math.floor(Date.now() / 86_400_000);
  await store.addCounts([
    ...Array.from({ length: 10 }, (_, ago) => ({ kind: 'play' as const, hour: (today - ago) * 24, key: slotId, found: true, count: 10 + ago })),
    ...Array.from({ length: 10 }, (_, ago) => ({ kind: 'view' as const, hour: (today - ago) * 24, key: slotId, found: true, count: 30 - ago })),
    { kind: 'match', hour: today * 24, key: '🐙 🦑', found: false, count: 4 },
  ]);
  await store.addVisitors(Array.from({ length: 3 }, (_, register) => ({ kind: 'match' as const, day: today, key: '🐙 🦑', register, rank: 1 })));
}

/** Every flow runs at both widths with script on and off (decisions §18: everything works without JavaScript). */
const MATRIX = [PHONE, DESKTOP].flatMap((viewport) =>
  [true, false].map((script) => ({ viewport, script, how: `${viewport.width} px, script ${script ? 'on' : 'off'}`, tag: `${viewport.width}-${script ? 'js' : 'plain'}` })),
);

describe('the operator console in a real browser', () => {
  const suite = browserSuite();
  /** A session of each operator, signed in once through the form; the flows signed in this way are not the sign-in's own. */
  const signedIn = new Map<string, SignedInState>();
  const session = (name: string): SignedInState => {
    const state = signedIn.get(name);
    assert.ok(state !== undefined, `no session of ${name}`);
    return state;
  };
  /** The slot the Insights page shows as played and viewed. */
  let playedId = '';
  before(async () => {
    await addOperator(suite.test.store.access, 'olive', 'owner');
    await addOperator(suite.test.store.access, 'eddie', 'editor');
    for (const { tag } of MATRIX) await addOperator(suite.test.store.access, `throttled-${tag}`, 'editor');
    // The imported version is not in a slot's history; one saved change gives the runs a version to restore.
    const starburst = suite.test.catalogue.current.find('starburst');
    assert.ok(starburst !== undefined);
    const { id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = starburst;
    await suite.test.catalogue.replaceSlot(id, fields, { type: 'operator', name: 'olive' });
    playedId = String(id);
    await seedInsights(suite.test.store.insights, playedId);
    for (const name of ['olive', 'eddie']) {
      const { context, page } = await openContext(suite.browser, DESKTOP, true);
      await signIn(page, suite.origin, name);
      signedIn.set(name, await context.storageState());
      await context.close();
    }
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

  for (const { viewport, script, how, tag } of MATRIX) {
    it(`shows a conflict, both versions side by side, when another browser saved first (${how})`, async () => {
      const first = await openContext(suite.browser, viewport, script, session('eddie'));
      const second = await openContext(suite.browser, viewport, script, session('olive'));
      try {
        const { origin } = suite;
        for (const { page } of [first, second]) await page.goto(`${origin}/admin/slots/2/edit`);
        await second.page.getByLabel('Provider').fill(`Theirs ${tag}`);
        await second.page.getByRole('button', { name: 'Save', exact: true }).click();
        await second.page.waitForURL(/saved=1$/);
        await first.page.getByLabel('Provider').fill(`Mine ${tag}`);
        await first.page.getByRole('button', { name: 'Save', exact: true }).click();
        const conflict = first.page.getByRole('region', { name: 'Someone saved this slot while you were editing' });
        await conflict.waitFor();
        const row = conflict.getByRole('row', { name: /Provider/ });
        assert.match(await row.innerText(), new RegExp(`Theirs ${tag}\\s+Mine ${tag}`));
        assert.equal(await first.page.getByLabel('Provider').inputValue(), `Mine ${tag}`);
        await screenshot(first.page, `console-conflict-${tag}`);
        await expectAccessible(first.page, `the conflict (${how})`, { scriptOff: !script });
        await first.page.getByRole('button', { name: 'Save mine over theirs' }).click();
        await first.page.waitForURL(/saved=1$/);
        assert.equal(await first.page.getByLabel('Provider').inputValue(), `Mine ${tag}`);
        assert.deepEqual(withoutExpectedRefusals([...first.problems, ...second.problems]), []);
      } finally {
        await first.context.close();
        await second.context.close();
      }
    });
  }

  for (const { viewport, script, how, tag } of MATRIX) {
    it(`previews an import slot by slot and applies it; refuses the confirmation after a concurrent edit (${how})`, async () => {
      const owner = await openContext(suite.browser, viewport, script, session('olive'));
      const editor = await openContext(suite.browser, viewport, script, session('eddie'));
      try {
        const { origin } = suite;
        const exported = (await (await owner.page.request.get(`${origin}/admin/catalogue.json`)).json()) as { slots: { name: string }[]; categories: unknown };
        const upload = async (document: unknown) => {
          await owner.page.goto(`${origin}/admin/catalogue`);
          await owner.page.getByRole('link', { name: 'Import a catalogue…' }).click();
          await owner.page.getByLabel('Catalogue document (JSON)').setInputFiles({ name: 'catalogue.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) });
          await owner.page.getByRole('button', { name: 'Preview the import' }).click();
          await owner.page.getByRole('heading', { level: 1, name: 'Preview of the import' }).waitFor();
        };
        const [first, ...rest] = exported.slots;
        assert.ok(first !== undefined);
        const renamed = `Imported ${tag}`;
        await upload({ ...exported, slots: [{ ...first, name: renamed }, ...rest] });
        assert.match(await owner.page.getByRole('table', { name: 'Slots the import changes' }).innerText(), new RegExp(`${renamed}\\s+name`));
        await expectAccessible(owner.page, `import preview (${how})`, { scriptOff: !script });
        await screenshot(owner.page, `console-import-preview-${tag}`);
        await owner.page.getByRole('button', { name: 'Import exactly this' }).click();
        await owner.page.getByText(/^Imported: the catalogue now holds \d+ slots\.$/).waitFor();

        await upload({ ...exported, slots: [{ ...first, name: `${renamed} again` }, ...rest] });
        // Meanwhile an editor saves a slot in another browser.
        await editor.page.goto(`${origin}/admin/slots/3/edit`);
        await editor.page.getByLabel('Rating (0–5)').fill(script ? '3.9' : '3.8');
        await editor.page.getByRole('button', { name: 'Save', exact: true }).click();
        await editor.page.waitForURL(/saved=1$/);
        await owner.page.getByRole('button', { name: 'Import exactly this' }).click();
        await owner.page.getByText(/The catalogue changed after the preview/).waitFor();
        await screenshot(owner.page, `console-import-refused-${tag}`);
        const after = (await (await owner.page.request.get(`${origin}/api/slots/${String((first as { id?: string }).id)}`)).json()) as { name: string };
        assert.equal(after.name, renamed);
        assert.deepEqual(withoutExpectedRefusals([...owner.problems, ...editor.problems]), []);
      } finally {
        await owner.context.close();
        await editor.context.close();
      }
    });
  }

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
      const { context, page, problems } = await openContext(suite.browser, viewport, script, session('eddie'));
      try {
        await page.goto(`${suite.origin}/admin`);
        await page.getByRole('link', { name: 'Insights', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
        await page.getByRole('img', { name: /^Plays and views per day from / }).waitFor();
        assert.equal(await page.locator('.chart-plays').count(), 1);
        // In the top slots and in the rising ones, by its name now (the flows before this one rename it).
        const played = suite.test.catalogue.current.find(playedId);
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
