// When each Linux release's free security support ends (Debian including its LTS, Ubuntu's standard support without
// paid ESM, Alpine, RHEL and its rebuilds, CentOS), from the projects' published life cycles (checked November 2026).
// A host on a release past its date gets an end-of-life finding; one not in the table is "unknown", never "supported".

/** Release key "id:major" or "id:major.minor" → the last day of security support (YYYY-MM-DD). */
const END_OF_SUPPORT: Readonly<Record<string, string>> = {
  'debian:7': '2018-05-31',
  'debian:8': '2020-06-30',
  'debian:9': '2022-06-30',
  'debian:10': '2024-06-30',
  'debian:11': '2026-08-31',
  'debian:12': '2028-06-30',
  'debian:13': '2030-06-30',
  'ubuntu:14.04': '2019-04-30',
  'ubuntu:16.04': '2021-04-30',
  'ubuntu:18.04': '2023-05-31',
  'ubuntu:20.04': '2025-05-31',
  'ubuntu:22.04': '2027-06-30',
  'ubuntu:24.04': '2029-05-31',
  'ubuntu:23.04': '2024-01-25',
  'ubuntu:23.10': '2024-07-11',
  'ubuntu:24.10': '2025-07-10',
  'ubuntu:25.04': '2026-01-15',
  'alpine:3.15': '2023-11-01',
  'alpine:3.16': '2024-05-23',
  'alpine:3.17': '2024-11-22',
  'alpine:3.18': '2025-05-09',
  'alpine:3.19': '2025-11-01',
  'alpine:3.20': '2026-04-01',
  'alpine:3.21': '2026-11-01',
  'alpine:3.22': '2027-05-01',
  'centos:7': '2024-06-30',
  'centos:8': '2021-12-31',
  'rhel:7': '2024-06-30',
  'rhel:8': '2029-05-31',
  'rhel:9': '2032-05-31',
  'rocky:8': '2029-05-31',
  'rocky:9': '2032-05-31',
  'almalinux:8': '2029-03-01',
  'almalinux:9': '2032-05-31',
};

export interface ReleaseSupport {
  /** The last day of security support, when the table knows the release. */
  endsOn: string | null;
  /** Past that day at `now`. */
  ended: boolean;
}

function releaseKey(id: string, versionId: string): string[] {
  const parts = versionId.split('.');
  return [`${id}:${versionId}`, `${id}:${parts.slice(0, 2).join('.')}`, `${id}:${parts[0]}`];
}

/** The support of a release by its os-release ID and VERSION_ID, at `now`. */
export function releaseSupport(id: string, versionId: string, now: Date): ReleaseSupport {
  const key = releaseKey(id.toLowerCase(), versionId).find((k) => END_OF_SUPPORT[k] !== undefined);
  const endsOn = key ? END_OF_SUPPORT[key]! : null;
  return { endsOn, ended: endsOn !== null && now.toISOString().slice(0, 10) > endsOn };
}
