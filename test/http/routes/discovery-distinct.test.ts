import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { distinctQuestions, questionPath } from '../../../bench/load/distinct-questions.js';
import { syntheticCatalogue } from '../../../bench/load/synthetic-catalogue.js';
import { slotListParams } from '../../../src/http/input/query.js';
import type { CatalogueDocument } from '../../../src/catalogue/records/document.js';
import type { Slot } from '../../../src/catalogue/records/slot.js';
import { startTestApp, type TestApp } from '../../support/app.js';
import { TEST_ACTOR } from '../../support/fixtures.js';
import { json } from '../../support/http.js';
import { referencePage } from '../../support/search-reference.js';

interface SlotList {
  slots: Slot[];
  total: number;
  facets?: Record<string, { value: string | number; count: number }[]>;
}

const CATEGORIES = { fruit: ['🍒', '🍋', '🍉'], gems: ['💎', '💍'], luck: ['🍀', '🎲', '🎰'], fire: ['🔥', '🐉', '🌋'] };
const DOCUMENT: CatalogueDocument = syntheticCatalogue(3000, CATEGORIES, 38);
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_PER_HOUR: '1000000', RATE_LIMIT_PER_DAY: '1000000' };

/**
 * The bench's distinct questions (every kind of `q`, lists, bounds, sorts, facets, deep pages) over HTTP,
 * each answer checked against the brute-force reading of §13, with admin writes between them.
 */
describe('GET /api/slots: distinct questions against the brute-force reading, through writes', () => {
  let t: TestApp;

  before(async () => {
    t = await startTestApp({ document: DOCUMENT, env: UNLIMITED });
  });
  after(() => t.close());

  it('answers each as the rules do, in order, with totals and facets', async () => {
    const questions = distinctQuestions(DOCUMENT, 90, 7);
    for (const [index, question] of questions.entries()) {
      const response = await t.app.inject({ url: questionPath(question) });
      assert.equal(response.statusCode, 200, response.body);
      const answer = json<SlotList>(response);
      const { query, page, facets } = slotListParams(Object.fromEntries(question));
      const catalogue = t.catalogue.current;
      const expected = referencePage(catalogue.slots, catalogue, query, page.offset, page.limit, facets);
      assert.deepEqual(
        { ids: answer.slots.map((slot) => Number(slot.id)), total: answer.total, facets: answer.facets },
        expected,
        questionPath(question),
      );
      // A write between questions: the next snapshot derives the index the last one made.
      const victim = catalogue.slots[(index * 37) % catalogue.slots.length];
      if (victim === undefined) continue;
      if (index % 3 === 0) await t.catalogue.deleteSlot(victim.id, TEST_ACTOR);
      else if (index % 3 === 1) await t.catalogue.replaceSlot(victim.id, { ...victim, name: `${victim.name} Gold`, rating: 5 - victim.rating }, TEST_ACTOR);
      else await t.catalogue.createSlot({ ...victim, slug: `${victim.slug}-again-${index}`, theme: ['sea', 'fruit'] }, TEST_ACTOR);
    }
  });
});
