import assert from 'node:assert/strict';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe's run, answering each violation as one line: rule, help, and where. Without script it does not
 * fetch the stylesheets again for its CSS rules (`preload`): the wait for them cannot be timed there.
 */
const run = (preload: boolean) => `axe.run(document, { resultTypes: ['violations'], preload: ${preload} }).then((results) => results.violations.map(
  (violation) => violation.id + ': ' + violation.help + ' (' + violation.nodes.map((node) => node.target.join(' ')).join(', ') + ')'))`;

/** With the page's script off, no timer fires, even in a world of its own; axe's waits become microtasks there. */
const TIMERS_AS_MICROTASKS = `window.setTimeout = (run, _ms, ...args) => { queueMicrotask(() => run(...args)); return 0; };
window.clearTimeout = () => undefined;`;

/**
 * Asserts that axe finds no violation in the page as it stands. axe runs in a world of its own in the
 * page, through the debugger: the page's CSP does not apply, its own scripts never see axe, and with
 * script off (`javaScriptEnabled: false`, so the page was built as such a browser builds it, `<noscript>`
 * shown) that world still runs where the page's own does not. axe never looks inside `<noscript>`.
 */
export async function expectAccessible(page: Page, what: string, options: { readonly scriptOff?: boolean } = {}): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await session.send('Page.getFrameTree');
    const { executionContextId: contextId } = await session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'axe' });
    const evaluate = async (expression: string): Promise<unknown> => {
      const { result, exceptionDetails } = await session.send('Runtime.evaluate', { expression, contextId, awaitPromise: true, returnByValue: true });
      if (exceptionDetails !== undefined) throw new Error(`axe in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    };
    if (options.scriptOff === true) await evaluate(TIMERS_AS_MICROTASKS);
    await evaluate(axe.source);
    assert.deepEqual(await evaluate(run(options.scriptOff !== true)), [], what);
  } finally {
    await session.detach();
  }
}
