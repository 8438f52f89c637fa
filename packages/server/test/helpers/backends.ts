// The databases integration tests run on: PGlite always, PostgreSQL at 127.0.0.1:5432 when reachable (fresh database per file).
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';

export type Backend = 'pglite' | 'postgres';

export const ADMIN_URL = process.env.BULWARK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
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

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dumped, migrated PGlite data directory ('' when it could not be made: each app then migrates its own). */
    pgliteTemplate: string;
    /** The migrated PostgreSQL template database ('' without PostgreSQL). */
    pgTemplate: string;
  }
}

/** What the global set-up made (database-templates.ts); empty outside the server project or when it could not. */
function template(key: 'pgliteTemplate' | 'pgTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * A fresh database: empty, or with `migrated` a copy of the migrated one the global set-up made (the app still runs its
 * migrator on it, which finds nothing to do). Migration tests take it empty.
 */
export async function openTestDatabase(backend: Backend, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const file = options.migrated ? template('pgliteTemplate') : '';
    const pgliteDataDir = file ? new Blob([await readFile(file)]) : undefined;
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteDataDir });
    return { database, drop: () => database.close() };
  }
  const name = `bulwark_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const from = options.migrated ? template('pgTemplate') : '';
  await adminQuery(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  const url = databaseUrl(name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/** The address of a database on the test PostgreSQL server. */
export function databaseUrl(name: string): string {
  return ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
}

/** Runs one statement (CREATE or DROP DATABASE) on its own connection to the server's maintenance database. */
export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function dropDatabase(name: string): Promise<void> {
  return adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
