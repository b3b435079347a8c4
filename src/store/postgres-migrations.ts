import { SESSION_MIGRATION } from './sessions/postgres-sessions.js';

/**
 * The PostgreSQL schema, as an ordered list of steps. A step, once released, is never edited:
 * a change is a new step, so every database reaches the same schema whatever version it started at.
 */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    // Records and the category map are JSON text (`json`, not `jsonb`): key order is kept, and any
    // string a client sends (NUL, lone surrogates) is stored escaped, where a `text` column would refuse it.
    sql: `
      CREATE TABLE slots (
        id bigint PRIMARY KEY,
        slug text NOT NULL,
        record json NOT NULL
      );
      CREATE UNIQUE INDEX slots_slug_key ON slots (lower(slug));
      CREATE TABLE category_map (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        map json NOT NULL
      );
      INSERT INTO category_map (map) VALUES ('{}');
      CREATE TABLE meta (
        key text PRIMARY KEY,
        value bigint NOT NULL
      );
      INSERT INTO meta (key, value) VALUES ('next_id', 1);
    `,
  },
  {
    version: 2,
    // The change log: one row per committed write under the next number of `change_seq`, which
    // every writer increments in its transaction, so numbers follow commit order without gaps.
    sql: `
      CREATE TABLE changes (
        seq bigint PRIMARY KEY,
        change json NOT NULL
      );
      INSERT INTO meta (key, value) VALUES ('change_seq', 0);
    `,
  },
  {
    version: 3,
    // Operators, API tokens and the audit trail (decisions §17), and each slot's version: the sequence
    // number of the change that last wrote it (a constant default: adding the column rewrites nothing).
    // Versions 4-9 are kept for this family of tables; the migration loop skips numbers no step uses.
    sql: `
      CREATE TABLE operators (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        role text NOT NULL,
        password_hash text NOT NULL,
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX operators_name_key ON operators (lower(name));
      CREATE TABLE api_tokens (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        scope text NOT NULL,
        secret_hash bytea NOT NULL UNIQUE,
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz
      );
      CREATE TABLE audit (
        id bigserial PRIMARY KEY,
        time timestamptz NOT NULL,
        actor_type text NOT NULL,
        actor_name text NOT NULL,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id text NOT NULL,
        slot_id bigint,
        version bigint,
        before json,
        after json
      );
      CREATE INDEX audit_by_time ON audit (time, id);
      CREATE INDEX audit_by_actor ON audit (actor_name, time, id);
      CREATE INDEX audit_by_action ON audit (action, time, id);
      CREATE INDEX audit_by_slot ON audit (slot_id, time, id) WHERE slot_id IS NOT NULL;
      ALTER TABLE slots ADD COLUMN version bigint NOT NULL DEFAULT 0;
      INSERT INTO meta (key, value) VALUES ('access_version', 0);
    `,
  },
  SESSION_MIGRATION,
];
