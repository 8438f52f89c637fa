// Whether a CVE matched on a service's upstream version is really open in the distribution package the banner shows.
import { compareDpkg } from '../versions/dpkg.ts';
import type { DistroFix } from '../records/distro-fix.ts';
import type { DistroPackage } from './banner.ts';

export type DistroVerdict =
  /** The release fixed it in this revision or an earlier one: not a finding. */
  | { verdict: 'fixed'; fixedVersion: string }
  /** The release says the package is not affected: not a finding. */
  | { verdict: 'not-affected' }
  /** The release fixed it later than the revision seen, or has not fixed it: a finding. */
  | { verdict: 'open'; fixedVersion: string | null }
  /** The release has no record of this CVE in this package: decided on the upstream version alone. */
  | { verdict: 'unknown' };

const withoutEpoch = (v: string) => v.replace(/^\d+:/, '');

/**
 * Compares the revision seen with the release's fix, in dpkg's order. Banners never show the epoch, so both sides are
 * compared without it (the epoch is the same for one source package within a release).
 */
export function distroVerdict(pkg: DistroPackage, fix: DistroFix | undefined): DistroVerdict {
  if (!fix || fix.distro !== pkg.distro || fix.release !== pkg.release || fix.package !== pkg.package) return { verdict: 'unknown' };
  if (fix.status === 'not-affected') return { verdict: 'not-affected' };
  if (fix.status === 'open' || fix.status === 'wont-fix' || !fix.fixedVersion) return { verdict: 'open', fixedVersion: null };
  return compareDpkg(withoutEpoch(pkg.version), withoutEpoch(fix.fixedVersion)) >= 0
    ? { verdict: 'fixed', fixedVersion: fix.fixedVersion }
    : { verdict: 'open', fixedVersion: fix.fixedVersion };
}
