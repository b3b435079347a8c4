import { Compile } from 'typebox/compile';
import { Type } from 'typebox';
import { CategoryMapSchema, type CategoryMap } from './categories.js';
import { SLUG_PATTERN, SlotFieldsSchema, type SlotRecord } from './slot.js';
import { describeSchemaErrors, type Validation } from './validate.js';

/**
 * One committed write, as the change log keeps it for other instances to follow: enough to bring a
 * snapshot from the state before it to the state after it without reading the catalogue again.
 */
export type CatalogueChange =
  | { readonly kind: 'slot'; readonly record: SlotRecord }
  /** `slug` is what the slot was called, for feed readers; changes logged before it was kept lack it. */
  | { readonly kind: 'slotDeleted'; readonly id: number; readonly slug?: string }
  | { readonly kind: 'categories'; readonly categories: CategoryMap }
  /** Everything was replaced: too big to log, so followers load the catalogue afresh. */
  | { readonly kind: 'imported' };

const SlotRecordSchema = Type.Object(
  {
    ...SlotFieldsSchema.properties,
    id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    slug: Type.String({ pattern: SLUG_PATTERN, maxLength: 120 }),
    createdAt: Type.String({ minLength: 1 }),
    updatedAt: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

/** One schema per kind, so a bad row is described against what its kind requires. */
const KINDS = {
  slot: Compile(Type.Object({ kind: Type.Literal('slot'), record: SlotRecordSchema }, { additionalProperties: false })),
  slotDeleted: Compile(
    Type.Object(
      {
        kind: Type.Literal('slotDeleted'),
        id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
        slug: Type.Optional(Type.String({ pattern: SLUG_PATTERN, maxLength: 120 })),
      },
      { additionalProperties: false },
    ),
  ),
  categories: Compile(Type.Object({ kind: Type.Literal('categories'), categories: CategoryMapSchema }, { additionalProperties: false })),
  imported: Compile(Type.Object({ kind: Type.Literal('imported') }, { additionalProperties: false })),
} as const;

function isKind(kind: unknown): kind is keyof typeof KINDS {
  return typeof kind === 'string' && Object.hasOwn(KINDS, kind);
}

/**
 * Checks a change as read back from the log. Rows are written by the service, so a bad one means
 * someone edited the database by hand or a bug: the caller must not apply it.
 */
export function readChange(value: unknown): Validation<CatalogueChange> {
  const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
  if (!isKind(kind)) return { ok: false, errors: [`change.kind: must be one of ${Object.keys(KINDS).join(', ')}`] };
  const schema = KINDS[kind];
  if (schema.Check(value)) return { ok: true, value: value as CatalogueChange };
  const errors = describeSchemaErrors(schema.Errors(value), 'change');
  return { ok: false, errors: errors.length > 0 ? errors : [`change: not a valid ${kind} change`] };
}
