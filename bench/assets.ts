// Benchmark: the asset inventory at 100,000 assets (BENCH_ASSETS). Three measurements, each against a reference taken
// in the same run on the same database:
// 1. CSV import (readImportFile + importAssets, the route's work without HTTP) of 100,000 rows, rows/s, against
//    PostgreSQL COPY of the same file into a staging table of text columns;
// 2. the asset list with filters and tag include/exclude (listAssets + toAssets, the page the API answers), against the
//    equivalent hand-written SQL (the same page and count), medians of 15 runs each;
// 3. 50 dynamic tags saved and applied over every asset (saveTag), total and per tag.
// Run: npx tsx bench/assets.ts  (BENCH_BACKEND=pglite|postgres, default both when PostgreSQL answers; BENCH_ASSETS=N)
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { allChecksPassed, check, openBench, postgresReachable, type Backend } from './lib/bench-db.ts';
import type { Database } from '../packages/server/src/db/client.ts';
import { queryRows } from '../packages/server/src/db/rows.ts';
import { customers, users } from '../packages/server/src/db/schema/index.ts';
import { assetListQuery } from '../packages/server/src/tenancy/asset-filters.ts';
import { importAssets, readImportFile } from '../packages/server/src/modules/assets/import.ts';
import { listAssets, toAssets } from '../packages/server/src/modules/assets/repo.ts';
import { saveTag } from '../packages/server/src/modules/tags/service.ts';

const N = Number(process.env.BENCH_ASSETS ?? 100_000);
const RUNS = 15;
const TAG_NAMES = Array.from({ length: 20 }, (_, i) => `Static ${i}`);
const scope = { customerId: 1, limitedToTags: null };

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

function csv(): string {
  const lines = ['asset,name,criticality,pci,tags'];
  for (let i = 0; i < N; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    lines.push(`${address},host-${i},${(i % 4) + 1},${i % 7 === 0},${TAG_NAMES[i % 20]};${TAG_NAMES[(i * 7) % 20]}`);
  }
  return `${lines.join('\n')}\n`;
}

/** COPY of the file into a staging table of text columns: the reference for the import. */
async function copyReference(database: Database, file: string, text: string): Promise<number> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const create = 'create table if not exists bench_staging (asset text, name text, criticality text, pci text, tags text)';
  const statement = 'copy bench_staging from stdin with (format csv, header true)';
  if (client instanceof PGlite) {
    await client.query(create);
    const [, ms] = await timed(() => client.query(statement.replace('from stdin', "from '/dev/blob'"), [], { blob: new Blob([text]) }));
    return ms;
  }
  const conn = await client.connect();
  try {
    await conn.query(create);
    const [, ms] = await timed(async () => {
      const stream = conn.query(copyFrom(statement));
      createReadStream(file).pipe(stream);
      await finished(stream);
    });
    return ms;
  } finally {
    conn.release();
  }
}

interface ListCase {
  name: string;
  query: Record<string, string | string[]>;
  reference: (tagA: number, tagB: number) => ReturnType<typeof sql>;
  where: (tagA: number, tagB: number) => ReturnType<typeof sql>;
}

const CASES: ListCase[] = [
  {
    name: 'hosts in 10.0.1*, tag A, not tag B, by name',
    query: { asset_type: '2', ipv4__starts_with: '10.0.1', ordering: 'asset_name' },
    where: (a, b) => sql`a.customer_id = 1 and a.archived_at is null and a.type = 2 and a.address like '10.0.1%'
      and exists (select 1 from asset_tags t where t.asset_id = a.id and t.tag_id = ${a})
      and not exists (select 1 from asset_tags t where t.asset_id = a.id and t.tag_id = ${b})`,
    reference: () => sql`order by lower(coalesce(nullif(a.name, ''), a.value)), a.id`,
  },
  {
    name: 'critical, port 443 open, PCI, newest first',
    query: { criticality: '4', open_ports: '443', pci: 'true', ordering: '-created' },
    where: () => sql`a.customer_id = 1 and a.archived_at is null and a.criticality = 4 and a.pci
      and exists (select 1 from host_ports p where p.host_id = a.id and p.open and p.port = 443)`,
    reference: () => sql`order by a.created_at desc, a.id desc`,
  },
];

async function bench(backend: Backend): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bulwark-bench-assets-'));
  const { database, drop } = await openBench(backend, dir);
  try {
    await database.migrate();
    const { db } = database;
    await db.insert(customers).values({ id: 1, name: 'Bench' });
    const [user] = await db.insert(users).values({ customerId: 1, email: 'bench@example.com', isSuperuser: true }).returning();
    console.log(`\n${backend}: ${int(N)} assets`);

    // 1. CSV import against COPY.
    const text = csv();
    const file = path.join(dir, 'assets.csv');
    await writeFile(file, text);
    const copyMs = await copyReference(database, file, text);
    const [result, importMs] = await timed(async () => {
      const rows = await readImportFile(createReadStream(file));
      return importAssets(db, scope, user!.id, rows, { update: false, createMissingTags: true, preview: false });
    });
    check('every row imported', result.created === N);
    console.log(
      `  CSV import: ${int(N / (importMs / 1000))} rows/s (${secs(importMs)}); COPY of the same file ${int(N / (copyMs / 1000))} rows/s (${secs(copyMs)}); import / COPY ${(importMs / copyMs).toFixed(1)}`,
    );

    // Ports: three open ones per host (22, 80 or 443, and one of a few others), as a scan would leave.
    await db.execute(sql`
      insert into host_ports (customer_id, host_id, port, protocol, open, service, first_seen, last_seen)
      select 1, a.id, p.port, 0, true, p.service, now(), now()
      from assets a cross join lateral (values (22, 'ssh'), (case when a.id % 3 = 0 then 443 else 80 end, 'http'),
                                               (3306 + (a.id % 5), 'mysql')) as p(port, service)
      where a.customer_id = 1`);
    await db.execute(sql`update assets set open_ports = 3, is_server = true where customer_id = 1`);
    await db.execute(sql`analyze`);
    const [tagA, tagB] = (
      await queryRows<{ id: number }>(db, sql`select id from tags where name in ('Static 1', 'Static 8') order by name`)
    ).map((r) => Number(r.id));

    // 2. The list against hand-written SQL.
    for (const c of CASES) {
      const query = assetListQuery.parse({
        ...c.query,
        any_tags: c.name.includes('tag A') ? String(tagA) : undefined,
        any_tags_exc: c.name.includes('tag B') ? String(tagB) : undefined,
        page_size: '50',
      });
      const { page, page_size, ordering, ...filter } = query;
      const ours: number[] = [];
      const reference: number[] = [];
      let ourCount = 0;
      let refCount = 0;
      for (let i = 0; i < RUNS; i++) {
        const [page1, ms] = await timed(async () => {
          const { count, rows } = await listAssets(db, scope, filter, { page, pageSize: page_size, ordering });
          return { count, results: await toAssets(db, 1, rows) };
        });
        ours.push(ms);
        ourCount = page1.count;
        const where = c.where(tagA!, tagB!);
        const [ref, refMs] = await timed(async () => {
          const [rows, [n]] = await Promise.all([
            queryRows(db, sql`select a.* from assets a where ${where} ${c.reference(tagA!, tagB!)} limit 50`),
            queryRows<{ n: number }>(db, sql`select count(*)::int as n from assets a where ${where}`),
          ]);
          return { rows, n: Number(n!.n) };
        });
        reference.push(refMs);
        refCount = ref.n;
      }
      check(`${c.name}: the same count (${ourCount} and ${refCount})`, ourCount === refCount || (ourCount > 10_000 && refCount > 10_000));
      const o = median(ours);
      const r = median(reference);
      console.log(
        `  list, ${c.name}: ${int(ourCount)} assets; ours ${o.toFixed(1)} ms, hand-written SQL ${r.toFixed(1)} ms; ours / SQL ${(o / r).toFixed(2)}`,
      );
    }

    // 3. 50 dynamic tags applied over every asset.
    const rules = (i: number) => {
      switch (i % 5) {
        case 0:
          return [{ field: 'address' as const, operator: 'in', value: `10.${i % 2}.${i}.0/24` }];
        case 1:
          return [{ field: 'open_port' as const, operator: 'is', value: 3306 + (i % 5) }];
        case 2:
          return [{ field: 'asset_name' as const, operator: 'starts_with', value: `host-${i}` }];
        case 3:
          return [
            { field: 'criticality' as const, operator: 'gte', value: 3 },
            { field: 'pci' as const, operator: 'is', value: true },
          ];
        default:
          return [{ field: 'service' as const, operator: 'contains', value: i % 2 ? 'mysql' : 'http' }];
      }
    };
    const [tagged, tagsMs] = await timed(async () => {
      let carried = 0;
      for (let i = 0; i < 50; i++) {
        const row = await saveTag(db, scope, user!.id, {
          name: `Dynamic ${i}`,
          description: '',
          color: '#1c7ed6',
          is_dynamic: true,
          rules: rules(i),
          business_impact: null,
        });
        carried += Number(row.asset_count);
      }
      return carried;
    });
    console.log(
      `  50 dynamic tags applied over ${int(N)} assets: ${secs(tagsMs)} (${(tagsMs / 50).toFixed(0)} ms a tag), ${int(tagged)} tags given`,
    );
  } finally {
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const backends: Backend[] = process.env.BENCH_BACKEND
  ? [process.env.BENCH_BACKEND as Backend]
  : (await postgresReachable())
    ? ['pglite', 'postgres']
    : ['pglite'];
for (const b of backends) await bench(b);
if (!allChecksPassed()) process.exit(1);
