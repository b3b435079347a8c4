import { Compile, type Validator } from 'typebox/compile';
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
  slot: Type.Object({ kind: Type.Literal('slot'), record: SlotRecordSchema }, { additionalProperties: false }),
  slotDeleted: Type.Object(
    {
      kind: Type.Literal('slotDeleted'),
      id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
      slug: Type.Optional(Type.String({ pattern: SLUG_PATTERN, maxLength: 120 })),
    },
    { additionalProperties: false },
  ),
  categories: Type.Object({ kind: Type.Literal('categories'), categories: CategoryMapSchema }, { additionalProperties: false }),
  imported: Type.Object({ kind: Type.Literal('imported') }, { additionalProperties: false }),
} as const;

/** Each kind's validator, compiled when a change of that kind is first read: a start that follows no change compiles none. */
const validators = new Map<keyof typeof KINDS, Validator>();

function validatorOf(kind: keyof typeof KINDS): Validator {
  let validator = validators.get(kind);
  if (validator === undefined) {
    validator = Compile(KINDS[kind]);
    validators.set(kind, validator);
  }
  return validator;
}

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
  const schema = validatorOf(kind);
  if (schema.Check(value)) return { ok: true, value: value as CatalogueChange };
  const errors = describeSchemaErrors(schema.Errors(value), 'change');
  return { ok: false, errors: errors.length > 0 ? errors : [`change: not a valid ${kind} change`] };
}
