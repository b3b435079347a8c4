import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL server the benchmarks use (trust authentication on loopback, as in the tests). */
const POSTGRES = 'postgres://postgres@127.0.0.1:5432';

/** Where one store of a benchmark lives, and how to remove it afterwards. */
export interface BenchDatabase {
  /** A DATABASE_URL-style location: an SQLite file path or a postgres:// URL. */
  readonly location: string;
  drop(): Promise<void>;
}

async function maintenance(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function benchDatabase(kind: 'sqlite' | 'postgres'): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'slotmoji-bench-audit-'));
    return { location: join(dir, 'bench.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `slotmoji_bench_${randomBytes(6).toString('hex')}`;
  await maintenance(`CREATE DATABASE ${name}`);
  return { location: `${POSTGRES}/${name}`, drop: () => maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
