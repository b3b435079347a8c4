import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { slotWriteStatement, type SlotRowWrite, type SlotWrite } from '../../src/store/postgres-slot-write.js';
import type { ChangeRetention } from '../../src/store/store.js';
import { TEST_ACTOR } from '../support/fixtures.js';

const NOTIFY = { channel: 'slotmoji_catalogue', instanceId: 'instance' };

function write(row: SlotRowWrite, record: string | null): SlotWrite {
  return { row, change: '{"kind":"imported"}', action: 'slot.replace', before: record, after: record, now: '2026-01-01T00:00:00.000Z', actor: TEST_ACTOR };
}

describe('slotWriteStatement', () => {
  it('names each distinct text once: a prepared statement is only ever reused for its own text', () => {
    const texts = new Map<string, string>();
    const retentions: ChangeRetention[] = [{ kind: 'count', changes: 10 }, { kind: 'age', ms: 1000 }];
    for (const kind of ['insert', 'update', 'upsert', 'delete'] as const) {
      for (const retention of retentions) {
        for (const pruneByAge of [false, true]) {
          for (const [id, record] of [[1, '{"a":1}'], [2, null]] as const) {
            const row: SlotRowWrite = kind === 'delete' ? { kind, id } : { kind, id, slug: `slot-${id}`, record: record ?? '{}' };
            const statement = slotWriteStatement(write(row, record), { retention, pruneByAge }, NOTIFY);
            const known = texts.get(statement.name);
            if (known !== undefined) assert.equal(statement.text, known, statement.name);
            texts.set(statement.name, statement.text);
            assert.equal(new Set(statement.text.match(/\$\d+/g)).size, statement.values.length, 'every value has its placeholder');
          }
        }
      }
    }
    assert.equal(new Set(texts.values()).size, texts.size, 'and each text has one name');
  });
});
