import { Type, type Static } from 'typebox';
import { CategoryMapSchema } from './categories.js';
import { readChange } from './change.js';
import { SlotSchema, toPublicSlot } from './slot.js';

/*
 * A logged change as people who keep a copy of the catalogue read it (decisions §19): the change
 * feed's items, the stream's events and the webhooks' payloads are all this one shape.
 */

const common = {
  sequence: Type.Integer({ minimum: 1, description: 'Its place in the order of every change: gapless, increasing' }),
  time: Type.String({ format: 'date-time', description: 'When it was committed' }),
};

export const PublicChangeSchema = Type.Union(
  [
    Type.Object(
      { ...common, type: Type.Literal('slot.upserted'), slot: SlotSchema },
      { title: 'SlotUpserted', description: 'A slot was created or replaced: `slot` is the whole record now' },
    ),
    Type.Object(
      {
        ...common,
        type: Type.Literal('slot.deleted'),
        id: Type.String({ description: 'The id of the slot deleted (never reused)' }),
        slug: Type.Union([Type.String(), Type.Null()], { description: 'Its slug; null only for deletions logged before slugs were kept' }),
      },
      { title: 'SlotDeleted', description: 'A slot was deleted' },
    ),
    Type.Object(
      { ...common, type: Type.Literal('categories.replaced'), categories: CategoryMapSchema },
      { title: 'CategoriesReplaced', description: 'The emoji category map was replaced by `categories`' },
    ),
    Type.Object(
      { ...common, type: Type.Literal('catalogue.imported') },
      { title: 'CatalogueImported', description: 'Everything may have changed: load the snapshot (`GET /api/catalogue`) and go on from its `sequence`' },
    ),
  ],
  { description: 'One committed change of the catalogue' },
);
export type PublicChange = Static<typeof PublicChangeSchema>;

/**
 * The public item of change `sequence` as the log stored it. A row that cannot be read (edited by
 * hand) is told as an import: a reader starts again from the snapshot, as the instances themselves
 * load the catalogue afresh, and never applies what it cannot trust.
 */
export function publicChange(sequence: number, time: string, stored: unknown, baseUrl: string): PublicChange {
  const read = readChange(stored);
  if (!read.ok) return { sequence, time, type: 'catalogue.imported' };
  const change = read.value;
  switch (change.kind) {
    case 'slot':
      return { sequence, time, type: 'slot.upserted', slot: toPublicSlot(change.record, baseUrl) };
    case 'slotDeleted':
      return { sequence, time, type: 'slot.deleted', id: String(change.id), slug: change.slug ?? null };
    case 'categories':
      return { sequence, time, type: 'categories.replaced', categories: change.categories as Record<string, string[]> };
    case 'imported':
      return { sequence, time, type: 'catalogue.imported' };
  }
}
