// OSV ecosystem strings (`Debian:12`, `Ubuntu:22.04:LTS`, `Alpine:v3.19`, `npm` ...): parsing, matching and version scheme.

/** The version ordering used to compare versions of one ecosystem. */
export type VersionScheme = 'dpkg' | 'rpm' | 'apk' | 'semver' | 'pep440' | 'generic';

export const VERSION_SCHEMES: readonly VersionScheme[] = ['dpkg', 'rpm', 'apk', 'semver', 'pep440', 'generic'];

/** Base ecosystem name (lower case) → scheme. Unlisted ecosystems use the generic upstream ordering. */
const SCHEME_BY_ECOSYSTEM: Record<string, VersionScheme> = {
  debian: 'dpkg',
  ubuntu: 'dpkg',
  almalinux: 'rpm',
  'rocky linux': 'rpm',
  'red hat': 'rpm',
  redhat: 'rpm',
  suse: 'rpm',
  opensuse: 'rpm',
  fedora: 'rpm',
  mageia: 'rpm',
  openeuler: 'rpm',
  'azure linux': 'rpm',
  'oracle linux': 'rpm',
  centos: 'rpm',
  alpine: 'apk',
  wolfi: 'apk',
  chainguard: 'apk',
  npm: 'semver',
  'crates.io': 'semver',
  go: 'semver',
  hex: 'semver',
  pub: 'semver',
  nuget: 'semver',
  swifturl: 'semver',
  packagist: 'semver',
  pypi: 'pep440',
};

/** An ecosystem split into its base name and release (`Ubuntu:22.04:LTS` → Ubuntu, 22.04, qualifiers [LTS]). */
export interface Ecosystem {
  base: string;
  release: string | null;
  qualifiers: string[];
}

/** Splits an OSV ecosystem string. Ubuntu's `Pro` and `LTS`/`FIPS` style qualifiers are kept apart from the release. */
export function parseEcosystem(ecosystem: string): Ecosystem {
  const [base, ...rest] = ecosystem.trim().split(':');
  const isQualifier = (s: string): boolean => /^(lts|pro|fips.*|esm.*)$/i.test(s);
  const release = rest.find((s) => s !== '' && !isQualifier(s)) ?? null;
  return { base, release, qualifiers: rest.filter((s) => s !== '' && isQualifier(s)) };
}

/** The version scheme of an ecosystem string (`Debian:12` → dpkg, `PyPI` → pep440, unknown → generic). */
export function versionSchemeFor(ecosystem: string): VersionScheme {
  return SCHEME_BY_ECOSYSTEM[parseEcosystem(ecosystem).base.toLowerCase()] ?? 'generic';
}

/** Release segments without a leading `v` (Alpine writes v3.19). */
const releaseSegments = (release: string): string[] => release.replace(/^v/i, '').split('.');

/**
 * Whether an advisory's ecosystem covers the ecosystem asked about: same base name (case-insensitive), and when both
 * name a release, the advisory's release is the asked one or a leading part of it (AlmaLinux:9 covers AlmaLinux:9.4).
 * An ecosystem without release on either side matches every release.
 */
export function ecosystemMatches(advisory: string, asked: string): boolean {
  const a = parseEcosystem(advisory);
  const q = parseEcosystem(asked);
  if (a.base.toLowerCase() !== q.base.toLowerCase()) return false;
  if (a.release === null || q.release === null) return true;
  const ar = releaseSegments(a.release.toLowerCase());
  const qr = releaseSegments(q.release.toLowerCase());
  return ar.length <= qr.length && ar.every((s, i) => s === qr[i]);
}

/** Package names as ecosystems compare them: PyPI normalises case and `-_.` runs (PEP 503); others are exact. */
export function normalizePackageName(ecosystem: string, name: string): string {
  const base = parseEcosystem(ecosystem).base.toLowerCase();
  if (base === 'pypi') return name.toLowerCase().replace(/[-_.]+/g, '-');
  return name;
}
