import { Type, type Static } from 'typebox';

/**
 * The whole state of a database as rows that mean the same in either store (decisions §20): what a
 * backup holds and a restore writes. Times are ISO 8601 texts, JSON kept as its text (record,
 * category map, change, audit records), token hashes in base64. Not carried: console sessions,
 * sign-in failures, pending imports, leases.
 */
const Time = Type.String({ minLength: 1 });
const Id = Type.Integer({ minimum: 1 });
const Whole = Type.Integer({ minimum: 0 });
const OrNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const StateRowSchema = Type.Union([
  Type.Object({ kind: Type.Literal('categories'), map: Type.String() }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('slot'), id: Id, slug: Type.String(), record: Type.String(), version: Whole }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('operator'),
      id: Id,
      name: Type.String(),
      role: Type.String(),
      passwordHash: Type.String(),
      disabled: Type.Boolean(),
      createdAt: Time,
      updatedAt: Time,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('token'),
      id: Id,
      name: Type.String(),
      scope: Type.String(),
      secretHash: Type.String(),
      expiresAt: OrNull(Time),
      createdAt: Time,
      lastUsedAt: OrNull(Time),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('webhook'),
      id: Id,
      url: Type.String(),
      events: Type.String(),
      description: Type.String(),
      status: Type.String(),
      secret: Type.String(),
      previousSecret: OrNull(Type.String()),
      previousUntil: Whole,
      createdAt: Time,
      updatedAt: Time,
      cursor: Whole,
      failures: Whole,
      nextAttemptAt: Whole,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('attempt'),
      id: Id,
      endpointId: Id,
      sequence: OrNull(Whole),
      messageId: Type.String(),
      time: Time,
      status: OrNull(Type.Integer()),
      durationMs: Type.Number(),
      error: OrNull(Type.String()),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('change'), sequence: Id, time: Time, change: Type.String() }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('audit'),
      id: Id,
      time: Time,
      actorType: Type.String(),
      actorName: Type.String(),
      action: Type.String(),
      targetType: Type.String(),
      targetId: Type.String(),
      slotId: OrNull(Whole),
      version: OrNull(Whole),
      before: OrNull(Type.String()),
      after: OrNull(Type.String()),
    },
    { additionalProperties: false },
  ),
]);

export type StateRow = Static<typeof StateRowSchema>;
export type RowOf<K extends StateRow['kind']> = Extract<StateRow, { kind: K }>;

/** What a state read says of itself before its rows: the position it was taken at and how many rows of each kind follow. */
export const StateSummarySchema = Type.Object(
  {
    sequence: Whole,
    history: Type.String(),
    nextId: Id,
    /** The histories begun by restores in the database's past (decisions §20), oldest first. */
    segments: Type.Array(Type.Object({ since: Whole, history: Type.String() }, { additionalProperties: false })),
    counts: Type.Record(Type.String(), Whole),
  },
  { additionalProperties: false },
);
export type StateSummary = Static<typeof StateSummarySchema>;

/** One consistent read of the state: its summary, then its rows, read as they are taken. */
export interface StateRead {
  readonly summary: StateSummary;
  readonly rows: AsyncIterable<StateRow>;
}

/**
 * Reading and writing the whole state (decisions §20), for backup and restore. `read` is one
 * consistent view (SQLite: one read transaction; PostgreSQL: one REPEATABLE READ snapshot) while
 * writers go on, streamed in pages. `write` fills an empty database in one transaction, all or nothing:
 * the change sequence goes on from `summary.sequence`, under a new history id.
 */
export interface StateStore {
  /**
   * `use` over one consistent read. The read's transaction ends, and its connection goes back, when
   * `use` settles, whether or not it took every row: a backup that fails before its last row (an
   * output that cannot be written, a recipient refused) must not keep a connection, which would keep
   * PostgreSQL's pool, and so the command, from ending.
   */
  read<T>(use: (read: StateRead) => Promise<T>): Promise<T>;
  write(summary: StateSummary, rows: AsyncIterable<StateRow>): Promise<{ readonly history: string }>;
}

/** The target of a restore already holds state; nothing was written. */
export class NotEmptyError extends Error {
  override readonly name = 'NotEmptyError';
  constructor(readonly holds: string) {
    super(`the target database is not empty (it holds ${holds}); restore only into an empty one`);
  }
}

/** Rows read per page: a page is all a read holds at once besides what it has handed on. */
export const STATE_PAGE = 1000;
