import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectAccessible } from './axe.js';
import { screenshot } from './browser.js';
import { consoleSuite, MATRIX, openContext, withoutExpectedRefusals } from './console.js';

describe('the operator console in a real browser: another browser saving meanwhile', () => {
  const operatorConsole = consoleSuite();
  const { suite } = operatorConsole;

  for (const { viewport, script, how, tag } of MATRIX) {
    it(`shows a conflict, both versions side by side, when another browser saved first (${how})`, async () => {
      const first = await openContext(suite.browser, viewport, script, await operatorConsole.session('eddie'));
      const second = await openContext(suite.browser, viewport, script, await operatorConsole.session('olive'));
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
      const owner = await openContext(suite.browser, viewport, script, await operatorConsole.session('olive'));
      const editor = await openContext(suite.browser, viewport, script, await operatorConsole.session('eddie'));
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
});
