// The databases integration tests run on: PGlite always, PostgreSQL at 127.0.0.1:5432 when reachable (fresh database per file).
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/db/client.ts';

export type Backend = 'pglite' | 'postgres';

const ADMIN_URL = process.env.BULWARK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  if (process.env.BULWARK_TEST_PG === 'off') return false;
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const BACKENDS: Backend[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const name = `bulwark_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
