import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Catalogue } from '../../src/catalogue/catalogue.js';
import type { SlotRecord } from '../../src/catalogue/records/slot.js';
import { observedPage, pageQuery, pageRequest, record, referencePage } from '../support/search-reference.js';

/**
 * The indexed answers against the brute-force reading at the size where the index takes other paths
 * than in small catalogues (presorted orders walked, bitset postings, bounds cut from orders), with
 * one-slot writes between the questions. Seeded; SEARCH_SCALE_STEPS asks more questions (default 12).
 */
const SIZE = 20_000;
const STEPS = Number(process.env['SEARCH_SCALE_STEPS'] ?? 12);
const SEED = 20261127;

type Write = { readonly kind: 'create' | 'replace'; readonly pick: number; readonly fields: SlotRecord } | { readonly kind: 'delete'; readonly pick: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constantFrom('create' as const, 'replace' as const), pick: fc.nat(), fields: record(1) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

describe(`Catalogue.page at ${SIZE.toLocaleString('en-US')} slots, with one-slot writes between questions`, () => {
  it('answers every question as the brute-force reading does', () => {
    const slots = new Map<number, SlotRecord>(
      fc.sample(record(1), { seed: SEED, numRuns: SIZE }).map((fields, index) => [index + 1, { ...fields, id: index + 1, slug: `slot-${index + 1}` }]),
    );
    let nextId = SIZE + 1;
    let catalogue = Catalogue.of([...slots.values()], { fruit: ['🍒'] });
    const steps = fc.sample(fc.tuple(pageQuery, pageRequest, fc.array(write, { minLength: 1, maxLength: 4 })), { seed: SEED, numRuns: STEPS });
    for (const [request, { offset, limit, facets }, writes] of steps) {
      const current = [...slots.values()];
      assert.deepEqual(observedPage(catalogue, request, offset, limit, facets), referencePage(current, catalogue, request, offset, limit, facets));
      // A page deep in the results too, where walking a presorted order goes far.
      assert.deepEqual(observedPage(catalogue, request, offset + 200, limit, []), referencePage(current, catalogue, request, offset + 200, limit, []));
      for (const change of writes) {
        const ids = [...slots.keys()];
        const id = change.kind === 'create' ? nextId++ : (ids[change.pick % ids.length] as number);
        if (change.kind === 'delete') {
          slots.delete(id);
          catalogue = catalogue.withoutSlot(id);
        } else {
          const written = { ...change.fields, id, slug: `slot-${id}` };
          slots.set(id, written);
          catalogue = catalogue.withSlot(written);
        }
      }
    }
  });
});
