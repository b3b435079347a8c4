import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readChange } from '../../src/catalogue/records/change.js';
import { slotRecord } from '../support/fixtures.js';

describe('readChange', () => {
  const record = slotRecord(7, { name: 'Lucky Seven' });

  it('accepts each kind of change a store logs, as it is', () => {
    for (const change of [
      { kind: 'slot', record },
      { kind: 'slotDeleted', id: 7 },
      { kind: 'categories', categories: { luck: ['🍀'] } },
      { kind: 'imported' },
    ]) {
      assert.deepEqual(readChange(change), { ok: true, value: change });
    }
  });

  it('refuses anything else, naming what is wrong', () => {
    const cases: [unknown, RegExp][] = [
      [42, /change\.kind: must be one of slot, slotDeleted, categories, imported/],
      [null, /change\.kind/],
      [{ kind: 'renamed' }, /change\.kind/],
      [{ kind: 'toString' }, /change\.kind/],
      [{ kind: 'slot', record: { ...record, id: 'x' } }, /change\.record\.id/],
      [{ kind: 'slot', record: { ...record, emojiTags: [] } }, /change\.record\.emojiTags/],
      [{ kind: 'slot', record: { ...record, extra: 1 } }, /extra: unknown field/],
      [{ kind: 'slot' }, /change\.record: is required/],
      [{ kind: 'slotDeleted', id: 0 }, /change\.id/],
      [{ kind: 'categories', categories: { luck: 'not a list' } }, /change\.categories\.luck/],
      [{ kind: 'imported', slots: [] }, /slots: unknown field/],
    ];
    for (const [value, problem] of cases) {
      const read = readChange(value);
      assert.equal(read.ok, false, JSON.stringify(value));
      if (!read.ok) assert.match(read.errors.join('; '), problem, JSON.stringify(value));
    }
  });
});
