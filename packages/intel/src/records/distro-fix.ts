// A distribution's own verdict on a CVE in one of its source packages, in one release: fixed in a version (backported
// fixes keep the upstream version and raise the package revision), still open, or not affected.
/** Distributions whose own fixed versions decide CVE findings on their packages. */
export type DistroName = 'debian' | 'ubuntu';

export interface DistroFix {
  distro: DistroName;
  /** Debian: release code name (buster, bullseye, bookworm, trixie …); Ubuntu: version (22.04). */
  release: string;
  /** Source package (openssh, apache2, exim4 …). */
  package: string;
  cve: string;
  /** `wont-fix`: open, and the distribution decided not to fix it in this release (the tracker's <ignored>). */
  status: 'fixed' | 'open' | 'wont-fix' | 'not-affected';
  /** The first version of the release with the fix (dpkg order), for `fixed`. */
  fixedVersion: string | null;
}

/** Debian releases by major version, as package revisions name them (`+deb12u3` is bookworm's third update). */
export const DEBIAN_RELEASES: Readonly<Record<string, string>> = {
  '9': 'stretch',
  '10': 'buster',
  '11': 'bullseye',
  '12': 'bookworm',
  '13': 'trixie',
  '14': 'forky',
};

const STABLE_SUITES = new Set(Object.values(DEBIAN_RELEASES));

/** The release a changelog distribution field names (`bookworm-security`, `bullseye-proposed-updates` …), or null. */
export function debianReleaseOfSuite(suite: string): string | null {
  const base = suite.trim().split('-')[0] ?? '';
  return STABLE_SUITES.has(base) ? base : null;
}

const CHANGELOG_HEADER = /^([a-z0-9][a-z0-9+.-]+) \(([^)\s]+)\) ([a-z0-9-]+(?: [a-z0-9-]+)*); urgency=/;
const CVE_ID = /\bCVE-\d{4}-\d{4,}\b/g;

/** Whether text starts like a Debian changelog (`package (version) suite; urgency=…`). */
export function isDebianChangelog(text: string): boolean {
  return CHANGELOG_HEADER.test(
    text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .split('\n', 1)[0] ?? '',
  );
}

/**
 * The fixes a Debian changelog (`/usr/share/doc/<pkg>/changelog.Debian.gz`) records: every CVE an entry uploaded to a
 * stable release names is fixed in that entry's version for that release. The earliest such version wins (a CVE named
 * again later, e.g. a follow-up, does not move the fix). Entries for unstable name no release and are skipped.
 */
export function distroFixesFromChangelog(text: string): DistroFix[] {
  const fixes = new Map<string, DistroFix>();
  let current: { pkg: string; version: string; release: string | null } | null = null;
  for (const line of text.split(/\r?\n/)) {
    const header = CHANGELOG_HEADER.exec(line);
    if (header) {
      const releases = header[3]!
        .split(' ')
        .map(debianReleaseOfSuite)
        .filter((r): r is string => r !== null);
      current = { pkg: header[1]!, version: header[2]!, release: releases[0] ?? null };
      continue;
    }
    if (!current?.release) continue;
    for (const cve of line.match(CVE_ID) ?? []) {
      // The changelog is newest first: a later (older) entry overwrites, so the earliest fix remains.
      fixes.set(`${current.release}|${current.pkg}|${cve}`, {
        distro: 'debian',
        release: current.release,
        package: current.pkg,
        cve,
        status: 'fixed',
        fixedVersion: current.version,
      });
    }
  }
  return [...fixes.values()];
}

interface TrackerRelease {
  status?: unknown;
  fixed_version?: unknown;
  nodsa?: unknown;
  nodsa_reason?: unknown;
}

/**
 * The fixes of one source package in the Debian Security Tracker's JSON (security-tracker.debian.org/tracker/data/json:
 * `{package: {CVE-id: {releases: {release: {status, fixed_version, urgency …}}}}}`). `resolved` with a version is fixed
 * in it, `resolved` with version "0" means the package was never affected, `open` and `undetermined` are open. TEMP-
 * ids (not yet a CVE) are skipped, as are releases Bulwark does not know.
 */
export function distroFixesFromTracker(pkg: string, entries: unknown): DistroFix[] {
  const out: DistroFix[] = [];
  if (!entries || typeof entries !== 'object' || Array.isArray(entries)) return out;
  for (const [cve, entry] of Object.entries(entries as Record<string, unknown>)) {
    if (!/^CVE-\d{4}-\d{4,}$/.test(cve) || !entry || typeof entry !== 'object') continue;
    const releases = (entry as { releases?: unknown }).releases;
    if (!releases || typeof releases !== 'object') continue;
    for (const [release, r] of Object.entries(releases as Record<string, TrackerRelease>)) {
      if (!STABLE_SUITES.has(release) || !r || typeof r !== 'object') continue;
      const fixed = typeof r.fixed_version === 'string' ? r.fixed_version : null;
      if (r.status === 'resolved' && fixed === '0')
        out.push({ distro: 'debian', release, package: pkg, cve, status: 'not-affected', fixedVersion: null });
      else if (r.status === 'resolved' && fixed)
        out.push({ distro: 'debian', release, package: pkg, cve, status: 'fixed', fixedVersion: fixed });
      else if (r.status === 'open' || r.status === 'undetermined')
        out.push({
          distro: 'debian',
          release,
          package: pkg,
          cve,
          status: r.nodsa_reason === 'ignored' ? 'wont-fix' : 'open',
          fixedVersion: null,
        });
    }
  }
  return out;
}
