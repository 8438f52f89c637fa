// Does an OSV advisory affect a package version? ECOSYSTEM/SEMVER range events and explicit version lists, per the OSV spec.
import type { OsvAffected, OsvEvent, OsvRange, OsvRecord } from '../records/osv.ts';
import { compareVersions } from '../versions/compare.ts';
import { ecosystemMatches, normalizePackageName, versionSchemeFor } from '../versions/ecosystems.ts';

/** Why an advisory affects a package: the affected entry and the range or list that holds the version. */
export interface OsvAffect {
  advisory: string;
  ecosystem: string;
  name: string;
  /** `fixed 8.7p1-38.el9_4.1`, `introduced 2.0 last_affected 2.3`, `version 1.2.3 listed` ... */
  range: string;
}

/** Range events in a readable form; `introduced 0` is left out. */
export function describeOsvRange(range: OsvRange): string {
  return range.events
    .flatMap((e) =>
      Object.entries(e)
        .filter(([k, v]) => !(k === 'introduced' && v === '0'))
        .map(([k, v]) => `${k} ${v}`),
    )
    .join(' ');
}

/** OSV's evaluation of one ECOSYSTEM/SEMVER range: walk the events in version order, switching affected on and off. */
export function versionInOsvRange(range: OsvRange, ecosystem: string, version: string): boolean {
  const scheme = range.type === 'SEMVER' ? 'semver' : versionSchemeFor(ecosystem);
  const cmp = (a: string, b: string): number => compareVersions(scheme, a, b);
  const limits = range.events.flatMap((e) => (e.limit === undefined ? [] : [e.limit]));
  if (limits.length > 0 && !limits.some((l) => l === '*' || cmp(version, l) < 0)) return false;
  const bound = (e: OsvEvent): string => e.introduced ?? e.fixed ?? e.last_affected ?? '';
  const events = range.events
    .filter((e) => e.limit === undefined)
    .sort((a, b) => {
      // "0" is before every version; at equal versions, an introduction comes before a fix.
      if (a.introduced === '0' || b.introduced === '0') return a.introduced === b.introduced ? 0 : a.introduced === '0' ? -1 : 1;
      return cmp(bound(a), bound(b)) || (a.introduced !== undefined ? -1 : b.introduced !== undefined ? 1 : 0);
    });
  let affected = false;
  for (const e of events) {
    if (e.introduced !== undefined) {
      if (e.introduced === '0' || cmp(version, e.introduced) >= 0) affected = true;
    } else if (e.fixed !== undefined) {
      if (cmp(version, e.fixed) >= 0) affected = false;
    } else if (e.last_affected !== undefined) {
      if (cmp(version, e.last_affected) > 0) affected = false;
    }
  }
  return affected;
}

function entryAffects(a: OsvAffected, version: string): string | null {
  if (!a.package) return null;
  if (a.versions.includes(version)) return `version ${version} listed`;
  for (const r of a.ranges) {
    // GIT ranges name commits, which a package version cannot be compared with.
    if (r.type !== 'ECOSYSTEM' && r.type !== 'SEMVER') continue;
    if (versionInOsvRange(r, a.package.ecosystem, version)) return describeOsvRange(r);
  }
  return null;
}

/**
 * Whether the advisory affects `name` at `version` in `ecosystem` (`AlmaLinux:9`, `Debian:12`, `npm` ...). Returns
 * the reason, or null. Withdrawn advisories affect nothing.
 */
export function osvAffects(record: OsvRecord, ecosystem: string, name: string, version: string): OsvAffect | null {
  if (record.withdrawn) return null;
  const wanted = normalizePackageName(ecosystem, name);
  for (const a of record.affected) {
    if (!a.package || !ecosystemMatches(a.package.ecosystem, ecosystem)) continue;
    if (normalizePackageName(a.package.ecosystem, a.package.name) !== wanted) continue;
    const range = entryAffects(a, version);
    if (range !== null) return { advisory: record.id, ecosystem: a.package.ecosystem, name: a.package.name, range };
  }
  return null;
}

/** `OSV ALSA-2024:4312 AlmaLinux:9 openssh fixed 8.7p1-38.el9_4.1` */
export function describeOsvAffect(a: OsvAffect): string {
  return `OSV ${a.advisory} ${a.ecosystem} ${a.name} ${a.range}`.trim();
}

/** Index keys of an advisory: its distinct (ecosystem, package name) pairs. */
export function osvPackageKeys(record: OsvRecord): { ecosystem: string; name: string }[] {
  const seen = new Map<string, { ecosystem: string; name: string }>();
  for (const a of record.affected) {
    if (a.package) seen.set(`${a.package.ecosystem}\u0000${a.package.name}`, { ecosystem: a.package.ecosystem, name: a.package.name });
  }
  return [...seen.values()];
}
