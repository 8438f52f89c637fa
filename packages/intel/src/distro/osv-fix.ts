// A distribution's verdict on a CVE in one of its packages, read from its OSV advisories (Ubuntu's UBUNTU-CVE-… and
// USN-… records, Debian's DSA/DLA/DEBIAN-CVE-…): the affected entry of that release and package says the version that
// fixed it, or, with no fix event, that it is still open there. Pro (paid) fixes are not the release's own.
import type { OsvRecord } from '../records/osv.ts';
import type { DistroFix, DistroName } from '../records/distro-fix.ts';
import { parseEcosystem } from '../versions/ecosystems.ts';
import { compareDpkg } from '../versions/dpkg.ts';
import { DEBIAN_RELEASES } from '../records/distro-fix.ts';

const DISTRO_CVE = /^(?:UBUNTU-|DEBIAN-)?(CVE-\d{4}-\d{4,})$/i;

/** The CVEs an advisory is about, including Ubuntu's and Debian's own CVE records (UBUNTU-CVE-2024-6387). */
export function osvDistroCves(record: OsvRecord): string[] {
  const out = new Set(record.cves.map((c) => c.toUpperCase()));
  for (const id of [record.id, ...record.aliases, ...record.related, ...record.upstream]) {
    const m = DISTRO_CVE.exec(id.trim());
    if (m) out.add(m[1]!.toUpperCase());
  }
  return [...out];
}

/** The release an OSV ecosystem names for a distribution (Ubuntu:22.04:LTS → 22.04, Debian:12 → bookworm), or null. */
function releaseOf(distro: DistroName, ecosystem: string): string | null {
  const e = parseEcosystem(ecosystem);
  if (e.base.toLowerCase() !== distro || !e.release) return null;
  if (e.qualifiers.some((q) => /^(pro|fips.*|esm.*)$/i.test(q))) return null;
  return distro === 'debian' ? (DEBIAN_RELEASES[e.release] ?? null) : e.release;
}

/** What these advisories say of `cves` in one package of one release; a fix wins over "open", the earliest fix over later ones. */
export function distroFixesFromOsv(
  records: readonly OsvRecord[],
  target: { distro: DistroName; release: string; package: string },
  cves: readonly string[],
): Map<string, DistroFix> {
  const wanted = new Set(cves.map((c) => c.toUpperCase()));
  const out = new Map<string, DistroFix>();
  for (const record of records) {
    if (record.withdrawn) continue;
    const about = osvDistroCves(record).filter((c) => wanted.has(c));
    if (about.length === 0) continue;
    for (const affected of record.affected) {
      if (!affected.package || affected.package.name !== target.package) continue;
      if (releaseOf(target.distro, affected.package.ecosystem) !== target.release) continue;
      const fixes = affected.ranges
        .filter((r) => r.type === 'ECOSYSTEM')
        .flatMap((r) => r.events.map((e) => e.fixed))
        .filter((v): v is string => typeof v === 'string');
      const fixed = fixes.sort(compareDpkg)[0] ?? null;
      for (const cve of about) {
        const seen = out.get(cve);
        const next: DistroFix = { ...target, cve, status: fixed ? 'fixed' : 'open', fixedVersion: fixed };
        if (!seen || (seen.status === 'open' && fixed) || (seen.fixedVersion && fixed && compareDpkg(fixed, seen.fixedVersion) < 0)) {
          out.set(cve, next);
        }
      }
    }
  }
  return out;
}
