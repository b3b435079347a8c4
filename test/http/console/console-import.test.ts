import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from '../../support/app.js';
import { addOperator, ORIGIN, post, signIn, type Signed } from '../../support/console.js';
import { openConnection, parseResponses } from '../../support/raw-http.js';
import { eventually } from '../../support/wait.js';

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

  it('answers a malformed multipart body from a signed-in owner with a 400 on the import page, never a 500', async () => {
    const send = (contentType: string, payload: string) =>
      test.app.inject({ method: 'POST', url: '/admin/import', headers: { 'content-type': contentType, origin: ORIGIN, cookie: olive.cookie }, payload });
    const unterminated = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="c.json"\r\nContent-Type: application/json\r\n\r\n{"slots": [`;
    for (const [contentType, payload] of [
      ['multipart/form-data', upload(olive.csrf, '{}')],
      [`multipart/form-data; boundary=${BOUNDARY}`, unterminated],
      [`multipart/form-data; boundary=${BOUNDARY}`, 'no parts at all'],
    ] as const) {
      const page = await send(contentType, payload);
      assert.equal(page.statusCode, 400, `${contentType}: ${page.body.slice(0, 300)}`);
      assert.match(page.body, /multipart form/, contentType);
      assert.match(page.body, /enctype="multipart\/form-data"/, 'the import form again');
    }
  });
});

describe('console import without a session', () => {
  let test: TestApp;
  before(async () => {
    test = await startTestApp();
  });
  after(() => test.close());

  it('is refused (401) before the body is read, malformed or not', async () => {
    for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${BOUNDARY}`]) {
      const page = await test.app.inject({ method: 'POST', url: '/admin/import', headers: { 'content-type': contentType, origin: ORIGIN }, payload: `--${BOUNDARY}\r\nbroken` });
      assert.equal(page.statusCode, 401, `${contentType}: ${page.body.slice(0, 300)}`);
    }
    // Only the headers are sent, announcing a large body that never comes: the refusal comes anyway.
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    assert.ok(address !== null && typeof address === 'object');
    const connection = await openConnection(address.port);
    try {
      connection.socket.write(
        `POST /admin/import HTTP/1.1\r\nHost: localhost\r\nOrigin: ${ORIGIN}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 50000000\r\n\r\n`,
      );
      await eventually(() => connection.received().includes('\r\n\r\n'), 5_000, 'an answer before any of the body');
      assert.equal(parseResponses(connection.received())[0]?.statusCode, 401);
    } finally {
      connection.socket.destroy();
    }
  });
});
