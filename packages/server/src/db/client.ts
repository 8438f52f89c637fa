// Opens the database: embedded PGlite under the data dir, or PostgreSQL when DATABASE_URL is set; applies migrations.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database or a transaction on it: repositories take either, so callers decide the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Plain SQL access for libraries that bring their own statements (pg-boss). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  sql: SqlExecutor;
  /** Applies the committed migrations (tests of a migration pass a folder that stops before it). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  pgliteDir?: string;
  /** Told when the server ends an idle PostgreSQL connection (the pool replaces it). */
  onIdleError?: (err: Error) => void;
  /**
   * A PGlite data directory dumped by `dumpDataDir` to start a `memory://` database from, instead of running initdb: the
   * tests start each app from one migrated copy.
   */
  pgliteDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a terminated backend) is dropped by the pool and replaced
    // on demand; without a listener the pool's 'error' event would crash the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      sql: {
        async executeSql(text, values) {
          const r = await pool.query(text, values as unknown[] | undefined);
          return { rows: r.rows as Record<string, unknown>[] };
        },
      },
      // Under an advisory lock on one connection, so several servers can start at once.
      async migrate(folder = migrationsFolder) {
        const conn = await pool.connect();
        try {
          await conn.query('SELECT pg_advisory_lock(7262501)');
          await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: folder });
        } finally {
          await conn.query('SELECT pg_advisory_unlock(7262501)').catch(() => undefined);
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = opts.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialisePglite(dir);
  }
  const client = await PGlite.create(dir, {
    startParams: PGLITE_START_PARAMS,
    ...(opts.pgliteDataDir && dir.startsWith('memory://') ? { loadDataDir: opts.pgliteDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    sql: {
      // PGlite's query() takes one statement; pg-boss sends unparameterised multi-statement scripts, which exec() runs.
      async executeSql(text, values) {
        if (values && values.length > 0) {
          const r = await client.query(text, values);
          return { rows: r.rows as Record<string, unknown>[] };
        }
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
    },
    migrate: (folder = migrationsFolder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/**
 * PGlite's own start parameters, with less shared memory. PGlite (0.5) starts PostgreSQL with shared_buffers = 160 MB, all
 * of it written at start inside its WebAssembly heap, so resident for good (a WebAssembly heap never shrinks): most of
 * what an idle embedded server held beyond the PostgreSQL one (docs/benchmarks.md, idle memory). 32 MB holds the
 * working set of a laptop-sized installation; the operating system's file cache keeps the rest of the data files close.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Creates a new PGlite data directory in a short-lived child process. PGlite's initdb runs as a second WebAssembly
 * program whose memory (about 430 MB resident) stays with the process that ran it, even after it is closed; a server that
 * made its own database on its first start held 900 MB idle against 500 MB on every later start. The child runs the
 * WebAssembly on V8's baseline compiler only (--liftoff-only): optimising it costs more CPU than the one-off initdb runs.
 */
async function initialisePglite(dir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dir)}).then((db) => db.close())`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--liftoff-only', '-e', script], { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`Could not create the embedded database in ${dir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}
