// compareVersions(ecosystem or scheme, a, b): one entry point over every version ordering.
import { compareApk } from './apk.ts';
import { compareDpkg } from './dpkg.ts';
import { VERSION_SCHEMES, type VersionScheme, versionSchemeFor } from './ecosystems.ts';
import { compareGeneric } from './generic.ts';
import { comparePep440 } from './pep440.ts';
import { compareRpm } from './rpm.ts';
import { compareSemver } from './semver.ts';

const isScheme = (s: string): s is VersionScheme => (VERSION_SCHEMES as readonly string[]).includes(s);

/**
 * Compares two versions under a scheme (`dpkg`, `rpm`, `apk`, `semver`, `pep440`, `generic`) or the scheme of an
 * OSV ecosystem (`Debian:12`, `npm`, ...). Returns -1, 0 or 1. Versions that do not parse as semver or PEP 440 fall
 * back to the generic ordering rather than failing: feeds hold the odd non-conforming version.
 */
export function compareVersions(schemeOrEcosystem: VersionScheme | string, a: string, b: string): number {
  const scheme = isScheme(schemeOrEcosystem) ? schemeOrEcosystem : versionSchemeFor(schemeOrEcosystem);
  switch (scheme) {
    case 'dpkg':
      return compareDpkg(a, b);
    case 'rpm':
      return compareRpm(a, b);
    case 'apk':
      return compareApk(a, b);
    case 'semver':
      return compareSemver(a, b) ?? compareGeneric(a, b);
    case 'pep440':
      return comparePep440(a, b) ?? compareGeneric(a, b);
    default:
      return compareGeneric(a, b);
  }
}
