import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CDPSession, Page } from 'playwright-core';
import { debuggerSession } from './browser.js';

/**
 * axe's run, answering each violation as one line: rule, help, and where. Without script it does not
 * fetch the stylesheets again for its CSS rules (`preload`): the wait for them cannot be timed there.
 */
const run = (preload: boolean) => `axe.run(document, { resultTypes: ['violations'], preload: ${preload} }).then((results) => results.violations.map(
  (violation) => violation.id + ': ' + violation.help + ' (' + violation.nodes.map((node) => node.target.join(' ')).join(', ') + ')'))`;

/** With the page's script off, no timer fires, even in a world of its own; axe's waits become microtasks there. */
const TIMERS_AS_MICROTASKS = `window.setTimeout = (run, _ms, ...args) => { queueMicrotask(() => run(...args)); return 0; };
window.clearTimeout = () => undefined;`;

const WORLD = 'axe';

/**
 * axe's minified build, the same version as the package's `source`, which is its readable build: 0.65 MB
 * against 1.5 MB. Each renderer compiles it afresh: 190 ms against 260-310 ms for the first document
 * of a renderer (2-core host, 2026-11-30).
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's source, with the timers made microtasks when the page's script is off. */
const axeSource = (scriptOff: boolean) => (scriptOff ? `${TIMERS_AS_MICROTASKS}\n${AXE_SOURCE}` : AXE_SOURCE);

/**
 * The pages whose debugger session has Chromium put axe in every document they open. A console page is
 * checked after each navigation, and sending axe's half a megabyte through the debugger for each check
 * cost the test process and the browser more than running it. The document a page has at its first
 * check gets axe sent. A page's script is on or off for its whole life (its context's setting), so the
 * source registered at its first check fits every later one.
 */
const axeInNewDocuments = new WeakMap<Page, Promise<CDPSession>>();

function axeSession(page: Page, scriptOff: boolean): Promise<CDPSession> {
  let session = axeInNewDocuments.get(page);
  if (session === undefined) {
    session = debuggerSession(page).then(async (opened) => {
      await opened.send('Page.enable');
      await opened.send('Page.addScriptToEvaluateOnNewDocument', { source: axeSource(scriptOff), worldName: WORLD });
      return opened;
    });
    axeInNewDocuments.set(page, session);
  }
  return session;
}

/**
 * Asserts that axe finds no violation in the page as it stands. axe runs in a world of its own in the
 * page, through the debugger: the page's CSP does not apply, its own scripts never see axe, and with
 * script off (`javaScriptEnabled: false`, so the page was built as such a browser builds it, `<noscript>`
 * shown) that world still runs where the page's own does not. axe never looks inside `<noscript>`.
 */
export async function expectAccessible(page: Page, what: string, options: { readonly scriptOff?: boolean } = {}): Promise<void> {
  const scriptOff = options.scriptOff === true;
  // A page reached by a click is waited for by an element of it, which can be laid out before its
  // stylesheet arrives; unstyled, its links take the dark scheme's light colours, which axe measures
  // against white (CI saw it once). A person never sees that state: the stylesheet blocks the first paint.
  await page.waitForLoadState('load');
  const session = await axeSession(page, scriptOff);
  const { frameTree } = await session.send('Page.getFrameTree');
  // The world of that name in this document: the one Chromium put axe in, or a new one.
  const { executionContextId: contextId } = await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: WORLD });
  const evaluate = async (expression: string): Promise<unknown> => {
    const { result, exceptionDetails } = await session.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true });
    if (exceptionDetails !== undefined) throw new Error(`axe in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  };
  if ((await evaluate('typeof axe')) === 'undefined') await evaluate(axeSource(scriptOff));
  assert.deepEqual(await evaluate(run(!scriptOff)), [], what);
}
