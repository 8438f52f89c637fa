// Distribution fixes from the database: the records of (release, package, CVE) a run's banners ask about.
import { and, eq, inArray } from 'drizzle-orm';
import type { DistroFix, DistroPackage } from '@bulwark/intel';
import type { Db } from '../../db/client.ts';
import { intelDistroFixes } from '../../db/schema/index.ts';

export const distroFixKey = (pkg: Pick<DistroPackage, 'distro' | 'release' | 'package'>, cve: string) =>
  `${pkg.distro}|${pkg.release}|${pkg.package}|${cve}`;

/** The stored fixes of these CVEs in one package of one release, by distroFixKey. */
export async function distroFixes(db: Db, pkg: DistroPackage, cves: readonly string[]): Promise<Map<string, DistroFix>> {
  const out = new Map<string, DistroFix>();
  if (cves.length === 0) return out;
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
