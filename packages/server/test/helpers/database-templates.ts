// Vitest global set-up of the server tests: one migrated database of each kind, made once per run, that every test app
// starts from (a PGlite data directory dumped to a file, a PostgreSQL template database). Initdb and the migrations
// took most of a test app's start: PGlite 11.5 s against 3.4 s from the copy, PostgreSQL 3.0 s against 0.25 s (a loaded
// two-core machine).
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { adminQuery, databaseUrl, dropDatabase, postgresReachable } from './backends.ts';

async function pgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await database.migrate();
    // drizzle keeps the PGlite client as $client; only the tests dump a database, so Database does not offer it.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function pgTemplate(name: string): Promise<void> {
  await adminQuery(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(name) });
  try {
    await database.migrate();
  } finally {
    // A template takes copies only while nobody is connected to it.
    await database.close();
  }
}

/** The template's name (or file), or '' when it could not be made: each test database then migrates its own. */
function orNone(kind: string, making: Promise<string>): Promise<string> {
  return making.catch((e: unknown) => {
    console.warn(`No ${kind} template (each test database migrates its own): ${(e as Error).message}`);
    return '';
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const file = path.join(tmpdir(), `bulwark-test-pglite-${tag}.tar`);
  const name = `bulwark_template_${tag}`;
  const [lite, postgres] = await Promise.all([
    orNone(
      'PGlite',
      pgliteTemplate(file).then(() => file),
    ),
    orNone(
      'PostgreSQL',
      postgresReachable().then((reachable) => (reachable ? pgTemplate(name).then(() => name) : '')),
    ),
  ]);
  project.provide('pgliteTemplate', lite);
  project.provide('pgTemplate', postgres);
  return async () => {
    if (lite) rmSync(lite, { force: true });
    if (postgres) await dropDatabase(postgres).catch(() => undefined);
  };
}
