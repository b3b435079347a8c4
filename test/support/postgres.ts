import { randomBytes } from 'node:crypto';
import pg from 'pg';

const HOST = '127.0.0.1';
const PORT = 5432;
/** The maintenance database through which test databases are made and dropped. */
const MAINTENANCE_URL = `postgres://postgres@${HOST}:${PORT}/postgres`;

export interface TestDatabase {
  readonly name: string;
  /** A URL of the database on the real server. */
  readonly url: string;
  /** The same database reached through another port (a proxy standing in for the network). */
  urlVia(port: number): string;
  /** Drops the database, cutting whatever is still connected to it. */
  drop(): Promise<void>;
}

async function maintenance(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: MAINTENANCE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throwaway database of its own on the real PostgreSQL, so runs never share state. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `slotmoji_test_${randomBytes(6).toString('hex')}`;
  await maintenance(`CREATE DATABASE ${name}`);
  const urlVia = (port: number) => `postgres://postgres@${HOST}:${port}/${name}`;
  return {
    name,
    url: urlVia(PORT),
    urlVia,
    drop: () => maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export const POSTGRES_PORT = PORT;
