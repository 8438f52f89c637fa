// How to fix a finding (issue 26): a test's own facts (description, remediation, CWE, references from its YAML
// `info`), and a CVE's fix from its fixed versions: the upstream version the matched configuration ends before
// (versionEndExcluding / versionEndIncluding in intel's matched_by) and, where the distribution fixed it in a
// backport, the distribution's package and revision.
import { DEBIAN_RELEASES, distroLabel, type DistroPackage } from '@bulwark/intel';

/** What a finding of a test carries from the test's template. */
export interface TestFacts {
  description: string | null;
  solution: string | null;
  cwes: string[];
  references: string[];
  cvss: number | null;
  cvssVector: string | null;
}

/** The test facts of a catalogue template (`info` fields, bulwark.solution before info.remediation). */
export function testFactsOf(t: {
  info: { description?: string; remediation?: string; reference: string[]; cwe: string[]; cvssScore?: number; cvssMetrics?: string };
  bulwark: { solution: string };
}): TestFacts {
  const solution = (t.bulwark.solution || t.info.remediation || '').trim();
  return {
    description: t.info.description?.trim() || null,
    solution: solution || null,
    cwes: t.info.cwe.map((c) => c.toUpperCase()),
    references: t.info.reference,
    cvss: t.info.cvssScore !== undefined && Number.isFinite(t.info.cvssScore) ? t.info.cvssScore : null,
    cvssVector: t.info.cvssMetrics ?? null,
  };
}

/** The upstream fix a match reason names: `versionEndExcluding 9.3p2` → '9.3p2 or later'; the lowest one when several. */
export function upstreamFix(matchedBy: string | null | undefined): { version: string; inclusive: boolean } | null {
  if (!matchedBy) return null;
  const found: { version: string; inclusive: boolean }[] = [];
  for (const m of matchedBy.matchAll(/versionEnd(Excluding|Including) (\S+)/g))
    found.push({ version: m[2]!.replace(/[;,]$/, ''), inclusive: m[1] === 'Including' });
  return found[0] ?? null;
}

/** The binary package a service's banner comes from (the source package is what the tracker names). */
const BINARY_OF: Readonly<Record<string, string>> = { openssh: 'openssh-server' };

/** `Debian 12 bookworm` or `Ubuntu 22.04`. */
export function releaseLabel(pkg: Pick<DistroPackage, 'distro' | 'release'>): string {
  if (pkg.distro === 'ubuntu') return `Ubuntu ${pkg.release}`;
  const number = Object.entries(DEBIAN_RELEASES).find(([, name]) => name === pkg.release)?.[0];
  return number ? `Debian ${number} ${pkg.release}` : `${distroLabel(pkg.distro)} ${pkg.release}`;
}

/**
 * The solution of a CVE finding: the distribution's fixed revision when it has one, then the upstream version; null
 * when neither is known (the page then says that no solution is known yet).
 */
export function cveSolution(
  product: string | null,
  matchedBy: string | null,
  distro?: { pkg: DistroPackage; fixedVersion: string | null },
): string | null {
  const lines: string[] = [];
  if (distro?.fixedVersion) {
    const binary = BINARY_OF[distro.pkg.package] ?? distro.pkg.package;
    lines.push(`Upgrade ${binary} to ${distro.fixedVersion} or later (${releaseLabel(distro.pkg)}).`);
  }
  const up = upstreamFix(matchedBy);
  if (up) {
    const what = product || 'the software';
    const text = up.inclusive ? `a version later than ${up.version}` : `${up.version} or later`;
    lines.push(distro?.fixedVersion ? `Upstream: fixed in ${what} ${text}.` : `Upgrade ${what} to ${text}.`);
  }
  return lines.length ? lines.join('\n') : null;
}
