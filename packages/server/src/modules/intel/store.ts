// Writes feed records into the intel tables in batches: one transaction per batch (a CVE and its index keys land
// together or not at all), newer records replace older ones, and every record is counted as added, updated or unchanged.
import { cveProductKeys, normalizePackageName, osvPackageKeys, parseEcosystem, type FeedRecordItem } from '@bulwark/intel';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intelCveProducts, intelCves, intelDistroFixes, intelEpss, intelKev, intelOsv, intelOsvPackages } from '../../db/schema/index.ts';

export interface StoreCounts {
  added: number;
  updated: number;
  unchanged: number;
}

type Of<K extends FeedRecordItem['kind']> = Extract<FeedRecordItem, { kind: K }>['record'];

/** Records per transaction; EPSS rows are small, so they go in bigger batches. */
const BATCH = { cve: 250, osv: 250, kev: 1000, epss: 4000 } as const;

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
  private cves: Of<'cve'>[] = [];
  private kevs: Of<'kev'>[] = [];
  private epss: Of<'epss'>[] = [];
  private osvs: Of<'osv'>[] = [];
  private distroFixes: Of<'distro-fix'>[] = [];

  constructor(private readonly db: Db) {}

  /** Buffers a record; writes a batch when one is full. */
  async add(item: FeedRecordItem): Promise<void> {
    switch (item.kind) {
      case 'cve':
        this.cves.push(item.record);
        if (this.cves.length >= BATCH.cve) await this.flushCves();
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

  /** Writes whatever is buffered. */
  async flush(): Promise<void> {
    await this.flushCves();
    await this.flushKevs();
    await this.flushEpss();
    await this.flushOsv();
    await this.flushDistroFixes();
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
    const batch = dedupe(
      this.cves.splice(0),
      (r) => r.id,
      (a, b) => later(a.lastModified, b.lastModified),
      this.counts,
    );
    if (batch.length === 0) return;
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(intelCves)
        .values(
          batch.map((r) => ({
            id: r.id,
            published: r.published,
            lastModified: r.lastModified,
            severity: r.severity,
            cvssVersion: r.primaryCvss?.version ?? null,
            cvssScore: r.primaryCvss?.score ?? null,
            record: r,
          })),
        )
        .onConflictDoUpdate({
          target: intelCves.id,
          set: {
            published: sql`excluded.published`,
            lastModified: sql`excluded.last_modified`,
            severity: sql`excluded.severity`,
            cvssVersion: sql`excluded.cvss_version`,
            cvssScore: sql`excluded.cvss_score`,
            record: sql`excluded.record`,
            importedAt: sql`now()`,
          },
          // Incremental: only a newer lastModified replaces what is stored.
          setWhere: sql`${intelCves.lastModified} is null or (excluded.last_modified is not null and excluded.last_modified > ${intelCves.lastModified})`,
        })
        .returning({ id: intelCves.id, inserted: sql<boolean>`(xmax = 0)` });
      tally(rows, batch.length, this.counts);
      const changed = new Set(rows.map((r) => r.id));
      if (changed.size === 0) return;
      // New CVEs have no index rows yet (foreign key): only updated ones need their old keys removed.
      const updated = rows.filter((r) => !r.inserted).map((r) => r.id);
      if (updated.length > 0) await tx.delete(intelCveProducts).where(inArray(intelCveProducts.cveId, updated));
      const keys = batch
        .filter((r) => changed.has(r.id))
        .flatMap((r) =>
          cveProductKeys(r.configurations)
            .filter((k) => k.vulnerable) // platforms are conditions, not ways in
            .map((k) => ({ cveId: r.id, vendor: k.vendor, product: k.product })),
        );
      const unique = [...new Map(keys.map((k) => [`${k.cveId}\u0000${k.vendor}\u0000${k.product}`, k])).values()];
      await insertSliced(unique, 3, (slice) => tx.insert(intelCveProducts).values(slice).onConflictDoNothing());
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
    const rows = await this.db
      .insert(intelEpss)
      .values(
        batch.map((r) => ({ cveId: r.cve, score: r.epss, percentile: r.percentile, scoreDate: r.date, modelVersion: r.modelVersion })),
      )
      .onConflictDoUpdate({
        target: intelEpss.cveId,
        set: {
          score: sql`excluded.score`,
          percentile: sql`excluded.percentile`,
          scoreDate: sql`excluded.score_date`,
          modelVersion: sql`excluded.model_version`,
        },
        // Keep the newest score per CVE; an older file never overwrites a newer one.
        setWhere: sql`(${intelEpss.scoreDate} is null or excluded.score_date >= ${intelEpss.scoreDate})
          and (${intelEpss.score}, ${intelEpss.percentile}, ${intelEpss.scoreDate}) is distinct from (excluded.score, excluded.percentile, excluded.score_date)`,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    tally(rows, batch.length, this.counts);
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
