import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, ViewportSize } from 'playwright-core';
import { browserSuite, DESKTOP, screenshot } from './browser.js';

/** The smallest phone width the page must fit without scrolling sideways. */
const NARROW_PHONE: ViewportSize = { width: 360, height: 740 };

/** The little of the DOM the page-side callbacks use (the project has no DOM types; see pages.test.ts). */
interface PageGlobals {
  readonly document: {
    querySelectorAll(selector: string): ArrayLike<{ readonly textContent: string | null }>;
    querySelector(selector: string): { readonly checked?: boolean } | null;
    readonly documentElement: { readonly scrollWidth: number };
  };
  readonly history: { readonly length: number };
  /** Set by a test: a full reload would lose it. */
  searchMarker?: string;
}

describe('the search page in a real browser', () => {
  const suite = browserSuite();

  async function open(viewport: ViewportSize = DESKTOP): Promise<Page> {
    return (await suite.open(viewport)).page;
  }

  /** A refused search is a 400, which the browser reports as a failed load; anything else is a problem. */
  function expectRefusalReported(problems: string[]): void {
    const reported = problems.splice(0);
    assert.ok(reported.length > 0);
    assert.deepEqual(reported.filter((problem) => !problem.includes('status of 400')), []);
  }

  /** The names the API answers for a query, in order: what the page must show. */
  async function expectedNames(query: string): Promise<string[]> {
    const response = await fetch(`${suite.origin}/api/slots?${query.includes('limit=') ? '' : 'limit=24&'}${query}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { slots: { name: string }[] };
    return body.slots.map(({ name }) => name);
  }

  const shownNames = (page: Page) => page.locator('#search-output .card-name').allTextContents();

  async function waitForNames(page: Page, names: readonly string[]): Promise<void> {
    await page.waitForFunction((expected) => {
      const { document } = globalThis as unknown as PageGlobals;
      return JSON.stringify(Array.from(document.querySelectorAll('#search-output .card-name'), (node) => node.textContent)) === expected;
    }, JSON.stringify(names));
  }

  /** Waits until the provider checkbox `provider` is (or is not) ticked: the fields follow the results in the same update. */
  async function waitForChecked(page: Page, provider: string, checked: boolean): Promise<void> {
    await page.waitForFunction(
      ([value, wanted]) => {
        const { document } = globalThis as unknown as PageGlobals;
        return document.querySelector(`input[type="checkbox"][name="provider"][value="${value}"]`)?.checked === wanted;
      },
      [provider, checked] as const,
    );
  }

  const pageWidth = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth);
  const search = (page: Page) => new URL(page.url()).search;

  async function markPage(page: Page): Promise<void> {
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobals).searchMarker = 'still here';
    });
  }
  const marker = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).searchMarker);
  const historyLength = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).history.length);

  it('updates the results as the person types, without reloading, the address following', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/search`);
    await markPage(page);
    const before = await historyLength(page);
    await page.getByLabel('Search slots').pressSequentially('bonanza', { delay: 40 });
    const names = await expectedNames('q=bonanza');
    assert.ok(names.length > 0);
    await waitForNames(page, names);
    await page.waitForURL(`${suite.origin}/search?q=bonanza`);
    assert.match(await page.locator('#search-status').innerText(), new RegExp(`^${names.length} slots? found`));
    assert.equal(await page.title(), 'Slots matching “bonanza” · slotmoji');
    // One history entry for the whole word, not one per keystroke.
    assert.equal(await historyLength(page), before + 1);
    assert.equal(await marker(page), 'still here');
  });

  it('makes a history entry per committed change, and back and forward restore results and fields', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/search?q=deluxe`);
    await markPage(page);
    const all = await expectedNames('q=deluxe');
    await waitForNames(page, all);

    await page.getByRole('checkbox', { name: /^Novomatic/ }).check();
    const novomatic = await expectedNames('q=deluxe&provider=Novomatic');
    await waitForNames(page, novomatic);
    assert.equal(search(page), '?q=deluxe&provider=Novomatic');

    await page.getByLabel('Sort by').selectOption('-rtp');
    const sorted = await expectedNames('q=deluxe&provider=Novomatic&sort=-rtp');
    await waitForNames(page, sorted);
    // The address lists the fields in the order the form holds them.
    assert.equal(search(page), '?q=deluxe&sort=-rtp&provider=Novomatic');

    await page.goBack();
    await waitForNames(page, novomatic);
    assert.equal(search(page), '?q=deluxe&provider=Novomatic');
    assert.equal(await page.getByLabel('Sort by').inputValue(), '');
    await page.goBack();
    await waitForNames(page, all);
    await waitForChecked(page, 'Novomatic', false);
    await page.goForward();
    await waitForNames(page, novomatic);
    await waitForChecked(page, 'Novomatic', true);
    await page.goForward();
    await waitForNames(page, sorted);
    assert.equal(await page.getByLabel('Sort by').inputValue(), '-rtp');
    assert.equal(await marker(page), 'still here');
  });

  it('pages in place, keeping the other parameters', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/search?volatility=High&limit=3`);
    await markPage(page);
    await page.getByRole('link', { name: 'Next →' }).click();
    await waitForNames(page, await expectedNames('volatility=High&limit=3&offset=3'));
    assert.equal(search(page), '?volatility=High&limit=3&offset=3');
    assert.equal(await page.locator('#results-title').evaluate((node) => node === (node as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement), true);
    assert.equal(await marker(page), 'still here');
  });

  it('shows the API\'s refusal in place of the results, then recovers', async () => {
    const { page, problems } = await suite.open();
    await page.goto(`${suite.origin}/search`);
    await page.getByLabel('Highest', { exact: true }).first().fill('90');
    await page.getByLabel('Lowest', { exact: true }).first().fill('95');
    await page.locator('#search-status', { hasText: 'minRtp: must not be above maxRtp (95 > 90)' }).waitFor();
    assert.equal(await page.locator('#search-output .card').count(), 0);
    expectRefusalReported(problems);
    await page.getByLabel('Lowest', { exact: true }).first().fill('85');
    await waitForNames(page, await expectedNames('minRtp=85&maxRtp=90'));
  });

  it('works with JavaScript turned off: the form submits and its fields come back filled', async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      await page.goto(`${suite.origin}/search`);
      await page.getByLabel('Search slots').fill('book');
      await page.getByLabel('Search slots').press('Enter');
      await page.waitForURL(/\/search\?q=book&/);
      await page.getByRole('checkbox', { name: /^Novomatic/ }).check();
      await page.getByLabel('Sort by').selectOption('name');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/provider=Novomatic/);
      const params = new URL(page.url()).searchParams;
      assert.equal(params.get('q'), 'book');
      assert.equal(params.get('sort'), 'name');
      assert.equal(params.get('provider'), 'Novomatic');
      assert.deepEqual(await shownNames(page), await expectedNames('q=book&provider=Novomatic&sort=name'));
      assert.equal(await page.getByLabel('Search slots').inputValue(), 'book');
      assert.equal(await page.getByRole('checkbox', { name: /^Novomatic/ }).isChecked(), true);
    } finally {
      await context.close();
    }
  });

  it('opens a shared search address with the same results and the fields set', async () => {
    const query = 'provider=NetEnt&provider=Pragmatic+Play&volatility=High&sort=-maxWin';
    const page = await open();
    const response = await page.goto(`${suite.origin}/search?${query}`);
    assert.equal(response?.status(), 200);
    assert.deepEqual(await shownNames(page), await expectedNames('provider=NetEnt,Pragmatic Play&volatility=High&sort=-maxWin'));
    assert.equal(await page.getByRole('checkbox', { name: /^NetEnt/ }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: /^Pragmatic Play/ }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: /^High/ }).isChecked(), true);
    assert.equal(await page.getByLabel('Sort by').inputValue(), '-maxWin');
  });

  it('can be used with the keyboard alone', async () => {
    const page = await open();
    await page.goto(`${suite.origin}/search`);
    await page.keyboard.press('Tab');
    assert.equal(await page.locator(':focus').textContent(), 'Skip to content');
    // Tab on to the search field, whatever the header holds.
    for (let step = 0; step < 10 && (await page.locator(':focus').getAttribute('id')) !== 'search-q'; step++) await page.keyboard.press('Tab');
    assert.equal(await page.locator(':focus').getAttribute('id'), 'search-q');
    await page.keyboard.type('gates');
    await waitForNames(page, await expectedNames('q=gates'));
    await page.keyboard.press('Tab');
    assert.equal(await page.locator(':focus').getAttribute('id'), 'search-sort');

    // Into the filters: Space ticks a box, the results follow, and focus stays on the box.
    const box = page.getByRole('checkbox', { name: /^Pragmatic Play/ });
    await box.focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/provider=Pragmatic\+Play/);
    await waitForNames(page, await expectedNames('q=gates&provider=Pragmatic Play'));
    assert.equal(await page.locator(':focus').getAttribute('value'), 'Pragmatic Play');
    assert.equal(await page.locator(':focus').isChecked(), true);

    // Enter in the search field submits; the first result is a Tab away from the status.
    await page.getByLabel('Search slots').focus();
    await page.keyboard.press('Enter');
    await page.locator('#search-output .card').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/slots\/gates-of-olympus$/);
  });

  for (const [size, viewport] of [['phone', NARROW_PHONE], ['desktop', DESKTOP]] as const) {
    it(`fits the screen at ${viewport.width}px (screenshots in artifacts/screenshots)`, async () => {
      const { page, problems } = await suite.open(viewport);
      await page.goto(`${suite.origin}/search?q=deluxe&volatility=Medium&volatility=High`);
      await waitForNames(page, await expectedNames('q=deluxe&volatility=Medium,High'));
      assert.ok((await pageWidth(page)) <= viewport.width, `search page is ${await pageWidth(page)}px wide`);
      await screenshot(page, `search-${size}`);

      const refused = await page.goto(`${suite.origin}/search?q=${'x'.repeat(10_000)}&minRtp=99&maxRtp=1`);
      assert.equal(refused?.status(), 400);
      expectRefusalReported(problems);
      assert.ok((await pageWidth(page)) <= viewport.width, `refused search page is ${await pageWidth(page)}px wide`);
      await screenshot(page, `search-refused-${size}`, false);
    });
  }
});
