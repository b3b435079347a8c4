import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type ViewportSize } from 'playwright-core';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/app.js';
import { BROWSER_CATALOGUE } from './catalogue.js';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell), the same engine as its browser
 * without the browser around it; the test tool's own browser download does not work on these machines.
 * Headless, the whole browser still built a window for every context, its toolbar and the omnibox's
 * popup (a web page with a renderer of its own): the shell opened eight contexts of five pages each for
 * less than half the CPU, and the tests open contexts by the dozen.
 */
const CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
/** Playwright turns off the sandbox, background networking, updates and the rest; these are ours. */
const CHROMIUM_ARGS = [
  '--disable-gpu',
  // With no GPU, GPU rasterization is SwiftShader, a GPU emulated on the CPU: the renderer's own
  // rasterizer draws the same pages for less CPU.
  '--disable-gpu-rasterization',
  '--disable-software-rasterizer',
  // With no GPU to guard against, the GPU process only composites in software: in the browser's own
  // process the same frames cost the browser files' run 3 s of machine time less (86-89 s against 89-92 s,
  // two alternated runs each, AMD host; bench/history/2026-11-30.md, "Morning").
  '--in-process-gpu',
];

/**
 * How long one browser step may wait before it fails. A guard against a hang, not a speed check: the
 * browser shares two cores with the rest of the suite, and on a slow host swagger-ui's first render
 * at /docs has taken more than 10 s.
 */
export const STEP_TIMEOUT_MS = 30_000;

export const PHONE: ViewportSize = { width: 390, height: 844 };
export const DESKTOP: ViewportSize = { width: 1280, height: 800 };

const SCREENSHOT_DIR = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** The real service listening on a free local port, as a browser reaches it. */
export async function startListeningApp(options: TestAppOptions): Promise<{ test: TestApp; origin: string }> {
  const test = await startTestApp(options);
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  return { test, origin: `http://127.0.0.1:${port}` };
}

/** A page in a fresh context, recording what the browser complains about (CSP violations, script errors). */
export interface OpenedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly problems: string[];
}

export async function openPage(browser: Browser, viewport: ViewportSize = DESKTOP): Promise<OpenedPage> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, deviceScaleFactor: phone ? 2 : 1, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, context, problems };
}

/**
 * Saves `artifacts/screenshots/{name}.png`: the whole page, or only what the screen shows.
 *
 * The whole page is asked of Chromium itself, with its PNG encoded for speed: the same picture in a
 * larger file. Playwright's own full-page PNG of a long page at a phone's two pixels per point cost the
 * browser more than twice the CPU.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = `${SCREENSHOT_DIR}${name}.png`;
  if (!fullPage) {
    await page.screenshot({ path });
    return;
  }
  const { width, height, scale } = (await page.evaluate('({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight, scale: devicePixelRatio })')) as {
    width: number;
    height: number;
    scale: number;
  };
  const { data } = await (await debuggerSession(page)).send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, captureBeyondViewport: true, clip: { x: 0, y: 0, width, height, scale } });
  writeFileSync(path, Buffer.from(data, 'base64'));
}

const debuggerSessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The page's own debugger session, opened at first use and kept while the page lives: each new session
 * is a debugger attached to the page anew, in the browser and in the page's renderer, and the console
 * files screenshot and check pages by the dozen.
 */
export function debuggerSession(page: Page): Promise<CDPSession> {
  let session = debuggerSessions.get(page);
  if (session === undefined) {
    session = page.context().newCDPSession(page);
    debuggerSessions.set(page, session);
  }
  return session;
}

const GENEROUS_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_HOUR: '100000', RATE_LIMIT_PER_DAY: '100000' };

/** What a browser suite shares: the service it listens on, the browser, and pages checked after each test. */
export interface BrowserSuite {
  readonly test: TestApp;
  readonly origin: string;
  readonly browser: Browser;
  /** A page in a fresh context; after the test it must not have logged a script error, a CSP violation or a warning. */
  open(viewport?: ViewportSize): Promise<OpenedPage>;
}

/**
 * Registers, in the enclosing suite, the service on the browser catalogue (limits out of the way) and
 * one browser for its tests, and a check after each test of every page that test opened.
 */
export function browserSuite(): BrowserSuite {
  let started: { readonly test: TestApp; readonly origin: string; readonly browser: Browser } | undefined;
  let opened: OpenedPage[] = [];
  before(async () => {
    const { test, origin } = await startListeningApp({ document: BROWSER_CATALOGUE, env: GENEROUS_LIMITS });
    // A browser that fails to start must not leave the service listening: the file would never end.
    const browser = await launchBrowser().catch(async (error: unknown) => {
      await test.close();
      throw error;
    });
    started = { test, origin, browser };
  });
  after(async () => {
    await started?.browser.close();
    await started?.test.close();
  });
  afterEach(async () => {
    const problems = opened.flatMap((page) => page.problems);
    for (const { context } of opened) await context.close();
    opened = [];
    assert.deepEqual(problems, []);
  });
  const running = () => {
    assert.ok(started !== undefined, 'the browser suite has not started');
    return started;
  };
  return {
    get test() {
      return running().test;
    },
    get origin() {
      return running().origin;
    },
    get browser() {
      return running().browser;
    },
    async open(viewport = DESKTOP) {
      const page = await openPage(running().browser, viewport);
      opened.push(page);
      return page;
    },
  };
}
