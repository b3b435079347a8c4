import { Type } from 'typebox';

/** The database's history id as answers carry it (decisions §20). */
export const HistoryIdSchema = Type.String({
  pattern: '^[A-Za-z0-9_-]{22}$',
  description: 'The history id of the database: made anew by every restore, so a copy started before one can tell',
  examples: ['q1Vb3kQ2R9mZ7xT0aLw4Ne'],
});

/** The `history` a follower sends back (decisions §20): any value other than the database's is a 410. */
export const HistorySchema = Type.String({
  description: 'The `history` of the snapshot the copy started from; another history than the database\'s is a 410 (the database was restored since)',
});
