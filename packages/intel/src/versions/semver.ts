// Semantic Versioning 2.0.0 precedence (pre-release identifiers, build metadata ignored), lenient about `v` and short versions.

/** A parsed semantic version; `prerelease` is empty for a release. */
export interface SemVer {
  major: bigint;
  minor: bigint;
  patch: bigint;
  prerelease: string[];
}

const SEMVER = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Parses `1.2.3-rc.1+build`; `v1.2` and `1.2` are accepted as 1.2.0 (Go and loose npm ranges use them). Null when not semver. */
export function parseSemver(version: string): SemVer | null {
  const m = SEMVER.exec(version.trim());
  if (!m) return null;
  return {
    major: BigInt(m[1]),
    minor: BigInt(m[2] ?? '0'),
    patch: BigInt(m[3] ?? '0'),
    prerelease: m[4] ? m[4].split('.') : [],
  };
}

const NUMERIC = /^\d+$/;

/** Pre-release identifiers: numeric ones compare as numbers and sort before alphanumeric ones (ASCII order). */
function compareIdentifier(a: string, b: string): number {
  const an = NUMERIC.test(a);
  const bn = NUMERIC.test(b);
  if (an && bn) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x === y ? 0 : x < y ? -1 : 1;
  }
  if (an !== bn) return an ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Compares two parsed versions: -1, 0 or 1. */
export function compareSemverParsed(a: SemVer, b: SemVer): number {
  for (const key of ['major', 'minor', 'patch'] as const) {
    if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
  }
  // A release is newer than any of its pre-releases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  const n = Math.min(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < n; i++) {
    const c = compareIdentifier(a.prerelease[i], b.prerelease[i]);
    if (c !== 0) return c;
  }
  return Math.sign(a.prerelease.length - b.prerelease.length);
}

/** Compares two semver strings; null when either does not parse (the caller falls back to another scheme). */
export function compareSemver(a: string, b: string): number | null {
  const pa = parseSemver(a);
  const pb = parseSemver(b);
  if (!pa || !pb) return null;
  return compareSemverParsed(pa, pb);
}
