import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { AUTH, startSqliteAdminApp, type AdminApp } from '../../support/admin.js';
import { slotFields } from '../../support/fixtures.js';
import { assertCors, errorMessage, json } from '../../support/http.js';

/*
 * The import reads its body a slot at a time (src/http/input/catalogue-body.ts); what it answers must be
 * what Fastify's own JSON parser, which every other route uses, gives for the same body.
 */

interface Export {
  slots: Slot[];
  categories: Record<string, string[]>;
}

describe('the catalogue import’s body', () => {
  let t: AdminApp;
  let dir: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slotmoji-import-body-'));
    t = await startSqliteAdminApp(join(dir, 'catalogue.db'));
  });
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (url: string, payload: string) =>
    t.app.inject({ method: 'PUT', url, headers: { ...AUTH, 'content-type': 'application/json' }, payload });
  const put = (payload: string) => send('/api/admin/catalogue', payload);
  const exported = async () => json<Export>(await t.app.inject({ url: '/api/admin/catalogue', headers: AUTH }));

  it('refuses prototype poisoning in a slot or at the top, as the default parser does, and changes nothing', async () => {
    const before = await exported();
    const slot = JSON.stringify(slotFields({ name: 'Poisoned' }));
    for (const payload of [
      `{"slots":[${slot},${slot.replace('{', '{"__proto__":{"admin":true},')}],"categories":{}}`,
      `{"slots":[${slot.replace('"emojiTags"', '"nested":{"a":[{"\\u005f_proto__":1}]},"emojiTags"')}]}`,
      `{"slots":[${slot.replace('{', '{"constructor":{"prototype":{"admin":true}},')}]}`,
      `{"__proto__":{"admin":true},"slots":[${slot}]}`,
      `{"slots":[${slot}],"constructor":{"prototype":{"admin":true}}}`,
    ]) {
      const response = await put(payload);
      assert.equal(errorMessage(response, 400), 'body: not valid JSON', payload);
      assertCors(response);
      // The category map's route reads its body with the default parser.
      const reference = await send('/api/admin/emojis/categories', payload);
      assert.equal(response.body, reference.body);
      assert.equal(response.headers.connection, reference.headers.connection);
    }
    assert.deepEqual(await exported(), before);
  });

  it('imports a document with whitespace, escapes and emojis everywhere, as JSON.parse reads it', async () => {
    const slots = [
      slotFields({ name: 'Quote "Slot"', description: 'A \\ backslash, a "quote", a tab\tand 🎰🍀 emojis', emojiTags: ['🍒', '🍀'] }),
      slotFields({ name: 'Escaped Slot', review: 'é and \u2028 and {"not": ["json"]}', emojiTags: ['🐙'] }),
    ];
    const pretty = JSON.stringify({ categories: { luck: ['🍀'] }, slots }, null, '\t')
      .replace('"Escaped Slot"', '"Escaped \\u0053lot"')
      .replace('"slots"', '"\\u0073lots"')
      .replaceAll('🐙', '\\ud83d\\udc19');
    const response = await put(`\r\n ${pretty} \n`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(json(response), { imported: { slots: 2, categories: 1 } });
    const after = await exported();
    assert.deepEqual(
      after.slots.map(({ name, description, review, emojiTags }) => ({ name, description, review, emojiTags })),
      slots.map(({ name, description, review, emojiTags }) => ({ name, description, review, emojiTags })),
    );
    assert.deepEqual(after.categories, { luck: ['🍀'] });
  });

  it('takes a document after a byte-order mark, as the default parser does', async () => {
    const response = await put(`\ufeff${JSON.stringify({ slots: [slotFields({ name: 'After A Mark' })] })}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual((await exported()).slots.map((slot) => slot.name), ['After A Mark']);
  });

  it('keeps the last of a repeated member, as JSON.parse does', async () => {
    const first = JSON.stringify([slotFields({ name: 'First' })]);
    const last = JSON.stringify([slotFields({ name: 'Last' })]);
    const response = await put(`{"slots":${first},"categories":{"x":["🍒"]},"slots":${last},"categories":{}}`);
    assert.equal(response.statusCode, 200, response.body);
    const after = await exported();
    assert.deepEqual(after.slots.map((slot) => slot.name), ['Last']);
    assert.deepEqual(after.categories, {});
  });
});
