// Vitest global set-up of the server tests: one migrated database of each kind, made once per run, that every test app
// starts from (a PGlite data directory dumped to a file, a PostgreSQL template database). Initdb and the migrations
// took most of a test app's start: about 10 s a file on a loaded two-core machine against 2 s from the copy.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { ADMIN_URL, postgresReachable } from './backends.ts';

async function pgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function pgTemplate(name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) });
  try {
    await database.migrate();
  } finally {
    // A template takes copies only while nobody is connected to it.
    await database.close();
  }
}

async function dropPgTemplate(name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const file = path.join(tmpdir(), `bulwark-test-pglite-${tag}.tar`);
  const name = `bulwark_template_${tag}`;
  const [lite, postgres] = await Promise.all([
    pgliteTemplate(file).then(
      () => file,
      (e: unknown) => {
        console.warn(`No PGlite template (each test app migrates its own): ${(e as Error).message}`);
        return '';
      },
    ),
    postgresReachable().then((reachable) =>
      reachable
        ? pgTemplate(name).then(
            () => name,
            (e: unknown) => {
              console.warn(`No PostgreSQL template (each test database migrates its own): ${(e as Error).message}`);
              return '';
            },
          )
        : '',
    ),
  ]);
  project.provide('pgliteTemplate', lite);
  project.provide('pgTemplate', postgres);
  return async () => {
    if (lite) rmSync(lite, { force: true });
    if (postgres) await dropPgTemplate(postgres).catch(() => undefined);
  };
}
