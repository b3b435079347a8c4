/**
 * The PostgreSQL schema, as an ordered list of steps. A step, once released, is never edited:
 * a change is a new step, so every database reaches the same schema whatever version it started at.
 */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}
