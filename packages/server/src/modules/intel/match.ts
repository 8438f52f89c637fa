// Matching against the stored intelligence: finds the candidate CVEs and advisories through the product and package
// indexes (never a scan of every CVE), loads them with their KEV and EPSS facts into @bulwark/intel's in-memory index,
// and lets that answer: one round of queries for a whole host's services and packages.
import { IntelIndex, parseCpe, type Cpe, type PackageQuery, type VulnerabilityMatch } from '@bulwark/intel';
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intelCveProducts, intelCves, intelDistroFixes, intelEpss, intelKev, intelOsv, intelOsvPackages } from '../../db/schema/index.ts';
import { osvPackageKey } from './store.ts';

export interface HostQuery {
  /** CPE 2.3 strings of the host's services and operating system. */
  cpes?: readonly string[];
  packages?: readonly PackageQuery[];
}

export interface HostMatches {
  /** Per CPE given, the CVEs for that product alone (its platforms are taken as unknown). */
  byCpe: Map<string, VulnerabilityMatch[]>;
  /** Per package given (`ecosystem/name@version`), the CVEs its advisories report. */
  byPackage: Map<string, VulnerabilityMatch[]>;
}

const SLICE = 10_000;

async function sliced<T, R>(items: readonly T[], run: (slice: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(...(await run(items.slice(i, i + SLICE))));
  return out;
}

export const packageLabel = (p: PackageQuery): string => `${p.ecosystem}/${p.name}@${p.version}`;

/** Loads every record the queries could need into an in-memory index. */
export async function loadIndex(db: Db, cpes: readonly Cpe[], packages: readonly PackageQuery[]): Promise<IntelIndex> {
  const index = new IntelIndex();
  const products = new Set<string>();
  const vendors = new Set<string>();
  for (const c of cpes) {
    if (c.product.kind === 'value') products.add(c.product.value);
    else if (c.vendor.kind === 'value') vendors.add(c.vendor.value);
  }
  const cveIds = new Set<string>();
  if (cpes.length > 0) {
    const where: SQL[] = [sql`${intelCveProducts.product} = '*'`];
    if (products.size > 0) where.push(inArray(intelCveProducts.product, [...products]));
    if (vendors.size > 0) where.push(inArray(intelCveProducts.vendor, [...vendors]));
    const rows = await db
      .selectDistinct({ id: intelCveProducts.cveId })
      .from(intelCveProducts)
      .where(or(...where));
    for (const r of rows) cveIds.add(r.id);
  }
  if (packages.length > 0) {
    const keys = [
      ...new Map(packages.map((p) => osvPackageKey(p.ecosystem, p.name)).map((k) => [`${k.ecosystem}\u0000${k.name}`, k])).values(),
    ];
    const ids = await sliced(keys, (slice) =>
      db
        .selectDistinct({ id: intelOsvPackages.osvId })
        .from(intelOsvPackages)
        .where(
          sql`(${intelOsvPackages.ecosystem}, ${intelOsvPackages.name}) in (${sql.join(
            slice.map((k) => sql`(${k.ecosystem}, ${k.name})`),
            sql`, `,
          )})`,
        ),
    );
    const advisories = await sliced(
      ids.map((r) => r.id),
      (slice) => db.select({ record: intelOsv.record }).from(intelOsv).where(inArray(intelOsv.id, slice)),
    );
    for (const { record } of advisories) {
      index.addOsv(record);
      for (const cve of record.cves) cveIds.add(cve);
    }
  }
  const ids = [...cveIds];
  const [cves, kevs, scores] = await Promise.all([
    sliced(ids, (slice) => db.select({ record: intelCves.record }).from(intelCves).where(inArray(intelCves.id, slice))),
    sliced(ids, (slice) => db.select({ record: intelKev.record }).from(intelKev).where(inArray(intelKev.cveId, slice))),
    sliced(ids, (slice) => db.select().from(intelEpss).where(inArray(intelEpss.cveId, slice))),
  ]);
  for (const { record } of cves) index.addCve(record);
  for (const { record } of kevs) index.addKev(record);
  for (const s of scores) {
    index.addEpss({ cve: s.cveId, epss: s.score, percentile: s.percentile, date: s.scoreDate, modelVersion: s.modelVersion });
  }
  return index;
}

/** The CVEs for each service CPE and each package of one host, in one round of indexed queries. */
export async function matchHost(db: Db, query: HostQuery): Promise<HostMatches> {
  const cpes = (query.cpes ?? []).map((c) => [c, parseCpe(c)] as const);
  const packages = query.packages ?? [];
  const index = await loadIndex(
    db,
    cpes.map(([, c]) => c),
    packages,
  );
  return {
    byCpe: new Map(cpes.map(([text, cpe]) => [text, index.matchCpes([cpe])])),
    byPackage: new Map(packages.map((p) => [packageLabel(p), index.matchPackage(p)])),
  };
}

/** CVEs for one CPE. */
export async function matchCpe(db: Db, cpe: string): Promise<VulnerabilityMatch[]> {
  return (await matchHost(db, { cpes: [cpe] })).byCpe.get(cpe) ?? [];
}

/** CVEs for one package version. */
export async function matchPackage(db: Db, pkg: PackageQuery): Promise<VulnerabilityMatch[]> {
  return (await matchHost(db, { packages: [pkg] })).byPackage.get(packageLabel(pkg)) ?? [];
}

/** How much intelligence is stored, for the status page and the CLI. */
export async function intelCounts(db: Db): Promise<{ cves: number; kev: number; epss: number; osv: number; distro_fixes: number }> {
  const [cves, kev, epss, osv, distro_fixes] = await Promise.all([
    db.$count(intelCves),
    db.$count(intelKev),
    db.$count(intelEpss),
    db.$count(intelOsv),
    db.$count(intelDistroFixes),
  ]);
  return { cves, kev, epss, osv, distro_fixes };
}
