// Databases for the benchmarks: a fresh PGlite directory or a throw-away PostgreSQL database (BENCH_PG_URL), and the
// pass/fail bookkeeping of a bench's own checks.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../packages/server/src/db/client.ts';

export type Backend = 'pglite' | 'postgres';

export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresReachable(): Promise<boolean> {
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

export async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A fresh database: PGlite in a directory under `dataDir`, or `bulwark_bench_<random>` on the PostgreSQL server. */
export async function openBench(
  backend: Backend,
  dataDir: string,
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (backend === 'pglite') {
    const dir = path.join(dataDir, 'pglite');
    const database = await openDatabase({ pgliteDir: dir });
    return {
      database,
      drop: async () => {
        await database.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `bulwark_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  try {
    const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    const database = await openDatabase({ databaseUrl: url });
    return {
      database,
      url,
      drop: async () => {
        await database.close().catch(() => undefined);
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } catch (err) {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw err;
  }
}

/** A bench's own checks: a failed one is printed and makes `allChecksPassed()` false. */
const state = { ok: true };
export function check(what: string, good: boolean): void {
  if (good) return;
  state.ok = false;
  console.log(`  FAILED: ${what}`);
}
export const allChecksPassed = (): boolean => state.ok;
