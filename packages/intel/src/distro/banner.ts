// The distribution package behind a service, from a banner that carries its revision: OpenSSH on Debian says
// "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3" (source package openssh, version 9.2p1-2+deb12u3, release bookworm), and on
// Ubuntu "SSH-2.0-OpenSSH_8.9p1 Ubuntu-3ubuntu0.10" (version 8.9p1-3ubuntu0.10; the release is not in the banner, but
// each Ubuntu LTS ships one OpenSSH upstream version, so 8.9p1 means 22.04).
import { DEBIAN_RELEASES, type DistroName } from '../records/distro-fix.ts';

export interface DistroPackage {
  distro: DistroName;
  /** Debian: the code name (bookworm); Ubuntu: the version (22.04), as OSV's Ubuntu ecosystems name it. */
  release: string;
  package: string;
  /** Upstream version and package revision as the banner gives them (no epoch: banners never show one). */
  version: string;
}

/**
 * The OpenSSH upstream version each Ubuntu LTS release ships (its security updates keep it and raise the revision).
 * Interim releases are left out: two of them may share an upstream version, and a guess would pick the wrong fixes.
 */
export const UBUNTU_OPENSSH_RELEASES: Readonly<Record<string, string>> = {
  '7.2p2': '16.04',
  '7.6p1': '18.04',
  '8.2p1': '20.04',
  '8.9p1': '22.04',
  '9.6p1': '24.04',
};

/** How the distribution is written in findings: Debian, Ubuntu. */
export function distroLabel(distro: DistroName): string {
  return distro === 'ubuntu' ? 'Ubuntu' : 'Debian';
}

/** What a service banner says of its distribution package, or null when it says no release and revision. */
export function distroPackageOfBanner(banner: string | null | undefined): DistroPackage | null {
  if (!banner) return null;
  const debian = /OpenSSH_([0-9][\w.]*) Debian-([0-9][\w.+~]*)/.exec(banner);
  if (debian) {
    const release = /\+deb(\d+)u\d+/.exec(debian[2]!)?.[1];
    if (!release || !DEBIAN_RELEASES[release]) return null;
    return { distro: 'debian', release: DEBIAN_RELEASES[release], package: 'openssh', version: `${debian[1]}-${debian[2]}` };
  }
  const ubuntu = /OpenSSH_([0-9][\w.]*) Ubuntu-([0-9][\w.+~]*ubuntu[\w.+~]*)/.exec(banner);
  if (ubuntu) {
    const release = UBUNTU_OPENSSH_RELEASES[ubuntu[1]!];
    if (!release) return null;
    return { distro: 'ubuntu', release, package: 'openssh', version: `${ubuntu[1]}-${ubuntu[2]}` };
  }
  return null;
}
