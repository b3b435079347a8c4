import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

const HOST = '127.0.0.1';
const PORT = 5432;
/** The maintenance database through which test databases are made and dropped. */
const MAINTENANCE_URL = `postgres://postgres@${HOST}:${PORT}/postgres`;

/**
 * Set by scripts/run-tests.ts to a name prefix of the run's own. Under it a process keeps the databases its
 * tests are done with, emptied, for its next tests, and the runner drops what is left when the run ends.
 */
export const DATABASE_PREFIX_VARIABLE = 'SLOTMOJI_TEST_DATABASE_PREFIX';

/** How long an emptying waits for the sessions it ended to go before it drops the database instead. */
const SESSIONS_GONE_MS = 10_000;

export interface TestDatabase {
  readonly name: string;
  /** A URL of the database on the real server. */
  readonly url: string;
  /** The same database reached through another port (a proxy standing in for the network). */
  urlVia(port: number): string;
  /** Drops the database, cutting whatever is still connected to it. */
  drop(): Promise<void>;
}

/** One statement (or several, without values) on a connection of its own to `url`. */
export async function queryOnce(url: string, sql: string, values: readonly unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, [...values]);
  } finally {
    await client.end();
  }
}

const maintenance = (sql: string, values: readonly unknown[] = []) => queryOnce(MAINTENANCE_URL, sql, values);
const urlOf = (name: string, port = PORT) => `postgres://postgres@${HOST}:${port}/${name}`;
const newName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** This process's emptied databases by prefix, ready for its next test. */
const emptied = new Map<string, string[]>();

/**
 * Empties a database its test is done with, as a new database is, under a new name. `CREATE DATABASE`
 * copies the template's files and writes them to the WAL: twice the machine time of this. The sessions are
 * cut first and the database renamed, so that whatever of the last test still reconnects finds no database
 * by that name, as after a drop, and never the next test's data.
 */
async function empty(name: string, prefix: string): Promise<string | undefined> {
  await maintenance(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  const deadline = Date.now() + SESSIONS_GONE_MS;
  for (;;) {
    const { rows } = await maintenance('SELECT count(pg_terminate_backend(pid))::int AS sessions FROM pg_stat_activity WHERE datname = $1', [name]);
    if ((rows[0] as { sessions: number }).sessions === 0) break;
    if (Date.now() > deadline) return undefined;
    await sleep(10);
  }
  const renamed = newName(prefix);
  await maintenance(`ALTER DATABASE ${name} RENAME TO ${renamed}`);
  await maintenance(`ALTER DATABASE ${renamed} ALLOW_CONNECTIONS true`);
  // The public schema as template1 has it.
  await queryOnce(
    urlOf(renamed),
    `DROP SCHEMA public CASCADE; CREATE SCHEMA public AUTHORIZATION pg_database_owner; GRANT USAGE ON SCHEMA public TO PUBLIC; COMMENT ON SCHEMA public IS 'standard public schema'`,
  );
  return renamed;
}

/**
 * A database of its own on the real PostgreSQL, empty as a new one, so tests never share state. Under a
 * prefix (the suite's run gives one) it is one this process emptied after an earlier test when there is
 * one (see `empty`), and its drop empties it for the next; without, it is made and dropped.
 */
export async function createTestDatabase(prefix = process.env[DATABASE_PREFIX_VARIABLE]): Promise<TestDatabase> {
  const ready = prefix === undefined ? undefined : emptied.get(prefix);
  let name = ready?.pop();
  if (name === undefined) {
    name = newName(prefix ?? 'slotmoji_test');
    await maintenance(`CREATE DATABASE ${name}`);
  }
  const database = name;
  let dropped: Promise<void> | undefined;
  const drop = async () => {
    const renamed = prefix === undefined ? undefined : await empty(database, prefix);
    if (prefix === undefined || renamed === undefined) await maintenance(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    else emptied.set(prefix, [...(emptied.get(prefix) ?? []), renamed]);
  };
  return {
    name: database,
    url: urlOf(database),
    urlVia: (port) => urlOf(database, port),
    drop: () => (dropped ??= drop()),
  };
}

/** The databases named under `prefix`, in name order. */
export async function runDatabases(prefix: string): Promise<string[]> {
  const { rows } = await maintenance("SELECT datname FROM pg_database WHERE starts_with(datname, $1 || '_') ORDER BY datname", [prefix]);
  return (rows as { datname: string }[]).map(({ datname }) => datname);
}

/** Drops every database named under `prefix`: what a run's processes left emptied. */
export async function dropRunDatabases(prefix: string): Promise<void> {
  for (const name of await runDatabases(prefix)) await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export const POSTGRES_PORT = PORT;
