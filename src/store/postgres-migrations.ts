import { INSIGHT_BLOCKS_MIGRATION, INSIGHT_MIGRATION, INSIGHT_REGISTERS_BY_KEY_MIGRATION } from './insights/postgres-insights.js';
import type { Migration } from './migration-step.js';
import { SESSION_MIGRATION } from './sessions/postgres-sessions.js';

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
  {
    // When each change was committed, for the public feed and for pruning the log by age. Changes
    // logged before are dated by when this step ran.
    version: 4,
    sql: `ALTER TABLE changes ADD COLUMN time timestamptz NOT NULL DEFAULT now();`,
  },
  {
    // Webhook endpoints and their outbox: a cursor over the change log and a lease per endpoint
    // (times in Unix milliseconds), and the attempts made, the newest kept.
    version: 5,
    sql: `
      CREATE TABLE webhook_endpoints (
        id bigserial PRIMARY KEY,
        url text NOT NULL,
        events text NOT NULL,
        description text NOT NULL,
        status text NOT NULL,
        secret text NOT NULL,
        previous_secret text,
        previous_until bigint NOT NULL DEFAULT 0,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        cursor bigint NOT NULL,
        failures integer NOT NULL DEFAULT 0,
        next_attempt_at bigint NOT NULL DEFAULT 0,
        lease_owner text,
        lease_until bigint NOT NULL DEFAULT 0
      );
      CREATE TABLE webhook_attempts (
        id bigserial PRIMARY KEY,
        endpoint_id bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        sequence bigint,
        message_id text NOT NULL,
        time text NOT NULL,
        status integer,
        duration_ms double precision NOT NULL,
        error text
      );
      CREATE INDEX webhook_attempts_by_endpoint ON webhook_attempts (endpoint_id, id);
    `,
  },
  SESSION_MIGRATION,
  INSIGHT_MIGRATION,
  {
    // The history id (decisions §20), one row beside the change sequence; `migrate` fills it in
    // for a database made now or before this step. And the histories begun by restores: the changes
    // after `since` were made under `history`.
    version: 8,
    sql: `
      CREATE TABLE history_id (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        value text NOT NULL
      );
      CREATE TABLE history_segments (
        since bigint PRIMARY KEY,
        history text NOT NULL
      );
    `,
  },
  INSIGHT_REGISTERS_BY_KEY_MIGRATION,
  INSIGHT_BLOCKS_MIGRATION,
];
