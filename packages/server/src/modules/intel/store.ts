// Writes feed records into the intel tables in batches: one statement or transaction per batch (a CVE and its index
// keys land together or not at all), newer records replace older ones, and every record is counted as added, updated
// or unchanged. CVE and EPSS batches are single raw statements sent while the next batch is being read.
import { normalizePackageName, osvPackageKeys, parseEcosystem, type FeedRecordItem } from '@bulwark/intel';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intelDistroFixes, intelKev, intelOsv, intelOsvPackages } from '../../db/schema/index.ts';
import { PGlite } from '@electric-sql/pglite';
import { CveBatch, copyNew, writeCves, type CveLines, type RawClient } from './cve-writer.ts';
import { field } from './cve-lines.ts';

export type { RawClient } from './cve-writer.ts';

export interface StoreCounts {
  added: number;
  updated: number;
  unchanged: number;
}

type Of<K extends FeedRecordItem['kind']> = Extract<FeedRecordItem, { kind: K }>['record'];

/** Records per batch; EPSS rows are small, so they go in bigger batches (as arrays: no bind-parameter limit). */
const BATCH = { cve: 1000, osv: 250, kev: 1000, epss: 20_000 } as const;

/**
 * The driver itself, for the intel statements that are hot paths: a batch of thousands of placeholders, COPY, or
 * arrays passed as one parameter each (drizzle's `sql` spreads an array into a list of parameters).
 */
export const rawClient = (db: Db): RawClient => (db as unknown as { $client: RawClient }).$client;

/** Upserts EPSS scores given as five arrays; the newest score per CVE is kept, an older file never overwrites it. */
const EPSS_STATEMENT = `with up as (
    insert into intel_epss as e (cve_id, score, percentile, score_date, model_version)
    select * from unnest($1::text[], $2::real[], $3::real[], $4::date[], $5::text[])
    on conflict (cve_id) do update set
      score = excluded.score, percentile = excluded.percentile, score_date = excluded.score_date,
      model_version = excluded.model_version
    where (e.score_date is null or excluded.score_date >= e.score_date)
      and (e.score, e.percentile, e.score_date) is distinct from (excluded.score, excluded.percentile, excluded.score_date)
    returning (e.xmax = 0) as inserted
  )
  select count(*) filter (where inserted)::int as added, count(*)::int as changed from up`;

const COPY_EPSS = 'copy intel_epss (cve_id, score, percentile, score_date, model_version) from stdin';

/** The index key of an OSV package, as the in-memory index builds it. */
export function osvPackageKey(ecosystem: string, name: string): { ecosystem: string; name: string } {
  return { ecosystem: parseEcosystem(ecosystem).base.toLowerCase(), name: normalizePackageName(ecosystem, name) };
}

/** Keeps one record per id within a batch (the newest by `newer`); the others count as unchanged. */
function dedupe<T>(items: T[], id: (t: T) => string, newer: (a: T, b: T) => boolean, counts: StoreCounts): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    const seen = byId.get(id(item));
    if (seen === undefined) byId.set(id(item), item);
    else {
      counts.unchanged++;
      if (newer(item, seen)) byId.set(id(item), item);
    }
  }
  return [...byId.values()];
}

const later = (a: string | null, b: string | null): boolean => (a ?? '') >= (b ?? '');

/** Adds a statement's `{added, changed}` row to the counts: what it did not change was unchanged. */
function tallyCounted(rows: Record<string, unknown>[], total: number, counts: StoreCounts): void {
  const added = Number(rows[0]?.added ?? 0);
  const changed = Number(rows[0]?.changed ?? 0);
  counts.added += added;
  counts.updated += changed - added;
  counts.unchanged += total - changed;
}

function tally(rows: { inserted: boolean }[], total: number, counts: StoreCounts): void {
  const added = rows.filter((r) => r.inserted).length;
  counts.added += added;
  counts.updated += rows.length - added;
  counts.unchanged += total - rows.length;
}

/** Inserts `rows` in slices that stay under PostgreSQL's 65,535 bind parameters. */
async function insertSliced<T extends Record<string, unknown>>(
  rows: T[],
  columns: number,
  insert: (slice: T[]) => Promise<unknown>,
): Promise<void> {
  const size = Math.floor(60_000 / columns);
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export class IntelStore {
  readonly counts: StoreCounts = { added: 0, updated: 0, unchanged: 0 };
  private cves = new CveBatch();
  /** A written batch, emptied, for the next one. */
  private spareCves: CveBatch | null = null;
  private kevs: Of<'kev'>[] = [];
  private epss: Of<'epss'>[] = [];
  private osvs: Of<'osv'>[] = [];
  private distroFixes: Of<'distro-fix'>[] = [];
  private readonly raw: RawClient;
  /** The CVE or EPSS batch being written while the next one is read; at most one at a time, so counts stay in order. */
  private writing: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;
  /** Whether CVE batches go straight to COPY: until one meets a CVE that is stored already (see writeCves). */
  private assumeNew = true;
  /** The same for EPSS scores. */
  private assumeNewEpss = true;

  constructor(private readonly db: Db) {
    this.raw = rawClient(db);
  }

  /** Whether the database works on this thread (PGlite), not in processes of its own (PostgreSQL). */
  get databaseOnThisThread(): boolean {
    return this.raw instanceof PGlite;
  }

  /** Starts a write once the one before it has ended; its failure is thrown by the next call or by flush(). */
  private async startWrite(write: () => Promise<void>): Promise<void> {
    await this.settle();
    // Caught here and kept, so a failure while nobody awaits is not an unhandled rejection.
    this.writing = write().catch((error: unknown) => {
      this.failure = { error };
    });
  }

  /** Waits for the write under way and throws its failure. */
  private async settle(): Promise<void> {
    if (this.writing) await this.writing;
    this.writing = null;
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      throw error;
    }
  }

  /** Buffers a record; writes a batch when one is full. */
  async add(item: FeedRecordItem): Promise<void> {
    switch (item.kind) {
      case 'cve':
        // Written out as COPY text at once: the record itself is not kept.
        this.cves.add(item.record);
        if (this.cves.size >= BATCH.cve) await this.flushCves();
        return;
      case 'kev':
        this.kevs.push(item.record);
        if (this.kevs.length >= BATCH.kev) await this.flushKevs();
        return;
      case 'epss':
        this.epss.push(item.record);
        if (this.epss.length >= BATCH.epss) await this.flushEpss();
        return;
      case 'osv':
        this.osvs.push(item.record);
        if (this.osvs.length >= BATCH.osv) await this.flushOsv();
        return;
      case 'distro-fix':
        this.distroFixes.push(item.record);
        if (this.distroFixes.length >= BATCH.kev) await this.flushDistroFixes();
        return;
    }
  }

  /** Buffers CVE i of lines a reader thread wrote out (see CveLines); writes a batch when one is full. */
  addWritten(lines: CveLines, i: number): Promise<void> | undefined {
    this.cves.addWritten(lines, i);
    // A promise only when a batch is written: awaiting nothing for each of a million CVEs costs a microtask each.
    return this.cves.size >= BATCH.cve ? this.flushCves() : undefined;
  }

  /** Writes whatever is buffered. */
  async flush(): Promise<void> {
    await this.flushCves();
    await this.flushKevs();
    await this.flushEpss();
    await this.flushOsv();
    await this.flushDistroFixes();
    await this.settle();
  }

  /** A newer record of the same (release, package, CVE) replaces the stored one: the distribution changed its verdict. */
  private async flushDistroFixes(): Promise<void> {
    const batch = dedupe(
      this.distroFixes.splice(0),
      (r) => `${r.distro}|${r.release}|${r.package}|${r.cve}`,
      () => false,
      this.counts,
    );
    if (batch.length === 0) return;
    const rows = await this.db
      .insert(intelDistroFixes)
      .values(batch.map((r) => ({ ...r })))
      .onConflictDoUpdate({
        target: [intelDistroFixes.distro, intelDistroFixes.release, intelDistroFixes.package, intelDistroFixes.cve],
        set: { status: sql`excluded.status`, fixedVersion: sql`excluded.fixed_version`, importedAt: sql`now()` },
        setWhere: sql`(${intelDistroFixes.status}, ${intelDistroFixes.fixedVersion}) is distinct from (excluded.status, excluded.fixed_version)`,
      })
      .returning({ cve: intelDistroFixes.cve, inserted: sql<boolean>`(xmax = 0)` });
    tally(rows, batch.length, this.counts);
  }

  private async flushCves(): Promise<void> {
    const batch = this.cves;
    if (batch.size === 0) return;
    this.cves = this.spareCves ?? new CveBatch();
    this.spareCves = null;
    this.counts.unchanged += batch.duplicates;
    const total = batch.size - batch.duplicates;
    await this.startWrite(async () => {
      const { added, changed, conflict } = await writeCves(this.raw, batch, this.assumeNew);
      if (conflict) this.assumeNew = false;
      this.counts.added += added;
      this.counts.updated += changed - added;
      this.counts.unchanged += total - changed;
      // Written: its buffers take the batch after next (megabytes each, so none is left for the garbage collector).
      batch.clear();
      this.spareCves = batch;
    });
  }

  private async flushKevs(): Promise<void> {
    const batch = dedupe(
      this.kevs.splice(0),
      (r) => r.cve,
      () => true,
      this.counts,
    );
    if (batch.length === 0) return;
    const rows = await this.db
      .insert(intelKev)
      .values(batch.map((r) => ({ cveId: r.cve, dateAdded: r.dateAdded, dueDate: r.dueDate, ransomware: r.ransomware, record: r })))
      .onConflictDoUpdate({
        target: intelKev.cveId,
        set: {
          dateAdded: sql`excluded.date_added`,
          dueDate: sql`excluded.due_date`,
          ransomware: sql`excluded.ransomware`,
          record: sql`excluded.record`,
        },
        setWhere: sql`${intelKev.record} is distinct from excluded.record`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    tally(rows, batch.length, this.counts);
  }

  private async flushEpss(): Promise<void> {
    const batch = dedupe(
      this.epss.splice(0),
      (r) => r.cve,
      (a, b) => later(a.date, b.date),
      this.counts,
    );
    if (batch.length === 0) return;
    const copy = this.assumeNewEpss
      ? Buffer.from(batch.map((r) => `${r.cve}\t${r.epss}\t${field(r.percentile)}\t${field(r.date)}\t${field(r.modelVersion)}\n`).join(''))
      : null;
    await this.startWrite(async () => {
      if (copy) {
        // As for CVEs: scores not stored yet go in by COPY (a first import), until a batch meets a stored one; it and
        // every batch after it are upserted.
        if (await copyNew(this.raw, COPY_EPSS, copy)) {
          this.counts.added += batch.length;
          return;
        }
        this.assumeNewEpss = false;
      }
      const values = [
        batch.map((r) => r.cve),
        batch.map((r) => r.epss),
        batch.map((r) => r.percentile),
        batch.map((r) => r.date),
        batch.map((r) => r.modelVersion),
      ];
      const { rows } = await this.raw.query(EPSS_STATEMENT, values);
      tallyCounted(rows, batch.length, this.counts);
    });
  }

  private async flushOsv(): Promise<void> {
    const batch = dedupe(
      this.osvs.splice(0),
      (r) => r.id,
      (a, b) => later(a.modified, b.modified),
      this.counts,
    );
    if (batch.length === 0) return;
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(intelOsv)
        .values(batch.map((r) => ({ id: r.id, modified: r.modified, withdrawn: r.withdrawn, record: r })))
        .onConflictDoUpdate({
          target: intelOsv.id,
          set: {
            modified: sql`excluded.modified`,
            withdrawn: sql`excluded.withdrawn`,
            record: sql`excluded.record`,
            importedAt: sql`now()`,
          },
          setWhere: sql`${intelOsv.modified} is null or (excluded.modified is not null and excluded.modified > ${intelOsv.modified})`,
        })
        .returning({ id: intelOsv.id, inserted: sql<boolean>`(xmax = 0)` });
      tally(rows, batch.length, this.counts);
      const changed = new Set(rows.map((r) => r.id));
      if (changed.size === 0) return;
      await tx.delete(intelOsvPackages).where(inArray(intelOsvPackages.osvId, [...changed]));
      const keys = batch
        .filter((r) => changed.has(r.id))
        .flatMap((r) => osvPackageKeys(r).map((k) => ({ osvId: r.id, ...osvPackageKey(k.ecosystem, k.name) })));
      const unique = [...new Map(keys.map((k) => [`${k.osvId}\u0000${k.ecosystem}\u0000${k.name}`, k])).values()];
      await insertSliced(unique, 3, (slice) => tx.insert(intelOsvPackages).values(slice).onConflictDoNothing());
    });
  }
}
