import assert from 'node:assert/strict';
import { before } from 'node:test';
import type { Browser, BrowserContext, Page, ViewportSize } from 'playwright-core';
import type { InsightStore } from '../../src/store/insights.js';
import { addOperator, PASSWORD } from '../support/console.js';
import { browserSuite, DESKTOP, PHONE, STEP_TIMEOUT_MS, type BrowserSuite } from './browser.js';

/**
 * What the operator console's browser files share. The console's flows are split into files of their
 * own so that the test runner runs them at once: in one file they were the longest file of the suite.
 */

/** A browser's cookies after signing in: contexts of the flows that are not about signing in start from it. */
export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Opens a context with script on or off, recording what the browser complains about; answers a page may give on purpose are listed. */
export async function openContext(browser: Browser, viewport: ViewportSize, javaScriptEnabled: boolean, storageState?: SignedInState): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
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
export function withoutExpectedRefusals(problems: readonly string[]): string[] {
  return problems.filter((problem) => !/status of (400|401|409|429)/.test(problem));
}

export async function signIn(page: Page, origin: string, name: string): Promise<void> {
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
export const MATRIX = [PHONE, DESKTOP].flatMap((viewport) =>
  [true, false].map((script) => ({ viewport, script, how: `${viewport.width} px, script ${script ? 'on' : 'off'}`, tag: `${viewport.width}-${script ? 'js' : 'plain'}` })),
);

export interface ConsoleSuite {
  readonly suite: BrowserSuite;
  /** The slot the Insights page shows as played and viewed. */
  readonly playedId: string;
  /** A session of the operator, signed in through the form once (at its first use); the flows signed in this way are not the sign-in's own. */
  session(name: 'olive' | 'eddie'): Promise<SignedInState>;
}

/**
 * Registers, in the enclosing suite, the browser suite with an owner (olive) and an editor (eddie),
 * a saved change of Starburst (the imported version is not in a slot's history; it gives the runs a
 * version to restore) and the insights of it the Insights page shows.
 */
export function consoleSuite(): ConsoleSuite {
  const suite = browserSuite();
  const signedIn = new Map<string, Promise<SignedInState>>();
  let playedId = '';
  before(async () => {
    await addOperator(suite.test.store.access, 'olive', 'owner');
    await addOperator(suite.test.store.access, 'eddie', 'editor');
    const starburst = suite.test.catalogue.current.find('starburst');
    assert.ok(starburst !== undefined);
    const { id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = starburst;
    await suite.test.catalogue.replaceSlot(id, fields, { type: 'operator', name: 'olive' });
    playedId = String(id);
    await seedInsights(suite.test.store.insights, playedId);
  });
  const signInOnce = async (name: string): Promise<SignedInState> => {
    const { context, page } = await openContext(suite.browser, DESKTOP, true);
    try {
      await signIn(page, suite.origin, name);
      return await context.storageState();
    } finally {
      await context.close();
    }
  };
  return {
    suite,
    get playedId() {
      return playedId;
    },
    session(name) {
      const state = signedIn.get(name) ?? signInOnce(name);
      signedIn.set(name, state);
      return state;
    },
  };
}
