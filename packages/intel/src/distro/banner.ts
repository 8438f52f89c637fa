// The distribution package behind a service, from a banner that carries its revision: OpenSSH on Debian says
// "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3", i.e. source package openssh, version 9.2p1-2+deb12u3, release bookworm.
import { DEBIAN_RELEASES } from '../records/distro-fix.ts';

export interface DistroPackage {
  distro: 'debian';
  release: string;
  package: string;
  /** Upstream version and Debian revision as the banner gives them (no epoch: banners never show one). */
  version: string;
}

/** What a service banner says of its Debian package, or null when it says no release and revision. */
export function distroPackageOfBanner(banner: string | null | undefined): DistroPackage | null {
  if (!banner) return null;
  const ssh = /OpenSSH_([0-9][\w.]*) Debian-([0-9][\w.+~]*)/.exec(banner);
  if (ssh) {
    const release = /\+deb(\d+)u\d+/.exec(ssh[2]!)?.[1];
    if (!release || !DEBIAN_RELEASES[release]) return null;
    return { distro: 'debian', release: DEBIAN_RELEASES[release], package: 'openssh', version: `${ssh[1]}-${ssh[2]}` };
  }
  return null;
}
