import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, ORIGIN, post, signIn, type Signed } from '../../support/console.js';

const BOUNDARY = 'slotmoji-test-boundary';

/** A multipart body as a browser sends the import form: the token, then the file. */
function upload(csrf: string, document: string): string {
  return [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrf}\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="catalogue.json"\r\nContent-Type: application/json\r\n\r\n${document}\r\n`,
    `--${BOUNDARY}--\r\n`,
  ].join('');
}

describe('console import with a preview', () => {
  let test: TestApp;
  let olive: Signed;
  before(async () => {
    test = await startTestApp();
    await addOperator(test.store.access, 'olive', 'owner');
    await addOperator(test.store.access, 'eddie', 'editor');
    olive = await signIn(test.app, 'olive');
  });
  after(() => test.close());

  const preview = (signed: Signed, document: string) =>
    test.app.inject({
      method: 'POST',
      url: '/admin/import',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: ORIGIN, cookie: signed.cookie },
      payload: upload(signed.csrf, document),
    });
  const confirmFields = (page: string) => ({
    import: /name="import" value="([^"]+)"/.exec(page)?.[1] ?? '',
    sequence: /name="sequence" value="([^"]+)"/.exec(page)?.[1] ?? '',
    hash: /name="hash" value="([^"]+)"/.exec(page)?.[1] ?? '',
  });

  let made = 0;
  /** The current export with the first slot renamed, the second left out and one new slot added. */
  async function edited(): Promise<{ text: string; renamed: string; removed: string }> {
    const exported = JSON.parse((await test.app.inject({ url: '/admin/catalogue.json', headers: { cookie: olive.cookie } })).body) as { slots: Record<string, unknown>[]; categories: unknown };
    const [first, second, ...rest] = exported.slots;
    assert.ok(first !== undefined && second !== undefined);
    const renamed = `${String(first['name'])} Remastered`;
    made++;
    const added = { ...rest[0], id: undefined, slug: undefined, name: `Brand New Slot ${made}` };
    return { text: JSON.stringify({ slots: [{ ...first, name: renamed }, ...rest, added], categories: exported.categories }), renamed, removed: String(second['name']) };
  }

  it('previews added, changed and removed slot by slot, changes nothing, then applies exactly that on confirmation', async () => {
    const before = test.catalogue.current.size;
    const { text, renamed, removed } = await edited();
    const page = await preview(olive, text);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<dt>Added<\/dt><dd>1<\/dd>/);
    assert.match(page.body, /<dt>Changed<\/dt><dd>1<\/dd>/);
    assert.match(page.body, /<dt>Removed<\/dt><dd>1<\/dd>/);
    assert.match(page.body, new RegExp(`<td>${renamed}</td><td>name</td>`));
    assert.match(page.body, new RegExp(`<td>${removed}</td>`));
    assert.equal(test.catalogue.current.size, before);
    const applied = await post(test.app, '/admin/import/confirm', olive, confirmFields(page.body));
    assert.equal(applied.statusCode, 200);
    assert.match(applied.body, new RegExp(`the catalogue now holds ${before} slots`));
    assert.ok(test.catalogue.current.slots.some((slot) => slot.name === renamed));
    assert.ok(!test.catalogue.current.slots.some((slot) => slot.name === removed));
    const audit = await test.store.access.audit({ action: 'catalogue.import', limit: 1 });
    assert.deepEqual(audit[0]?.actor, { type: 'operator', name: 'olive' });
    // A confirmation is good once.
    assert.equal((await post(test.app, '/admin/import/confirm', olive, confirmFields(page.body))).statusCode, 409);
  });

  it('refuses the confirmation when the catalogue changed after the preview, and writes nothing', async () => {
    const { text } = await edited();
    const page = await preview(olive, text);
    assert.equal(page.statusCode, 200);
    const eddie = await signIn(test.app, 'eddie');
    assert.equal((await post(test.app, '/admin/categories', eddie, { categories: 'luck: 🍀 🎲 🎰' })).statusCode, 303);
    const size = test.catalogue.current.size;
    const refused = await post(test.app, '/admin/import/confirm', olive, confirmFields(page.body));
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /The catalogue changed after the preview/);
    assert.equal(test.catalogue.current.size, size);
    assert.ok(!test.catalogue.current.slots.some((slot) => slot.name === `Brand New Slot ${made}`));
  });

  it('refuses a confirmation whose hash is not the previewed document\'s, or that is not its own', async () => {
    const { text } = await edited();
    const fields = confirmFields((await preview(olive, text)).body);
    assert.equal((await post(test.app, '/admin/import/confirm', olive, { ...fields, hash: Buffer.alloc(32).toString('base64url') })).statusCode, 409);
    assert.equal((await post(test.app, '/admin/import/confirm', olive, { ...fields, import: 'x' })).statusCode, 409);
    assert.equal((await post(test.app, '/admin/import/confirm', olive, { ...fields, sequence: '-1' })).statusCode, 409);
  });

  it('lists what is wrong with a bad document and keeps the form, and is for owners only', async () => {
    const notJson = await preview(olive, '{"slots": [');
    assert.equal(notJson.statusCode, 400);
    assert.match(notJson.body, /document: not JSON/);
    const invalid = await preview(olive, JSON.stringify({ slots: [{ name: 'x' }] }));
    assert.equal(invalid.statusCode, 400);
    assert.match(invalid.body, /slots\[0\]/);
    const eddie = await signIn(test.app, 'eddie');
    assert.equal((await preview(eddie, '{"slots": []}')).statusCode, 403);
    assert.equal((await test.app.inject({ url: '/admin/import', headers: { cookie: eddie.cookie } })).statusCode, 403);
    const withoutToken = await test.app.inject({
      method: 'POST',
      url: '/admin/import',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin: ORIGIN, cookie: olive.cookie },
      payload: upload('', '{"slots": []}'),
    });
    assert.equal(withoutToken.statusCode, 403);
  });
});
