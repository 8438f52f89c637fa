// Distribution fixes from the database: the records of (release, package, CVE) a run's banners ask about — Debian's
// from its tracker and changelogs (intel_distro_fixes), Ubuntu's from its OSV advisories (UBUNTU-CVE-…, USN-…).
import { and, eq, inArray } from 'drizzle-orm';
import { distroFixesFromOsv, type DistroFix, type DistroPackage } from '@bulwark/intel';
import type { Db } from '../../db/client.ts';
import { intelDistroFixes, intelOsv, intelOsvPackages } from '../../db/schema/index.ts';
import { osvPackageKey } from './store.ts';

export const distroFixKey = (pkg: Pick<DistroPackage, 'distro' | 'release' | 'package'>, cve: string) =>
  `${pkg.distro}|${pkg.release}|${pkg.package}|${cve}`;

/** The stored fixes of these CVEs in one package of one release, by distroFixKey. */
export async function distroFixes(db: Db, pkg: DistroPackage, cves: readonly string[]): Promise<Map<string, DistroFix>> {
  const out = new Map<string, DistroFix>();
  if (cves.length === 0) return out;
  if (pkg.distro === 'ubuntu') {
    const key = osvPackageKey('Ubuntu', pkg.package);
    const rows = await db
      .select({ record: intelOsv.record })
      .from(intelOsv)
      .innerJoin(intelOsvPackages, eq(intelOsvPackages.osvId, intelOsv.id))
      .where(and(eq(intelOsvPackages.ecosystem, key.ecosystem), eq(intelOsvPackages.name, key.name)));
    const found = distroFixesFromOsv(
      rows.map((r) => r.record),
      pkg,
      cves,
    );
    for (const [cve, fix] of found) out.set(distroFixKey(pkg, cve), fix);
    return out;
  }
  const rows = await db
    .select()
    .from(intelDistroFixes)
    .where(
      and(
        eq(intelDistroFixes.distro, pkg.distro),
        eq(intelDistroFixes.release, pkg.release),
        eq(intelDistroFixes.package, pkg.package),
        inArray(intelDistroFixes.cve, [...cves]),
      ),
    );
  for (const r of rows)
    out.set(distroFixKey(pkg, r.cve), {
      distro: 'debian',
      release: r.release,
      package: r.package,
      cve: r.cve,
      status: r.status,
      fixedVersion: r.fixedVersion,
    });
  return out;
}
