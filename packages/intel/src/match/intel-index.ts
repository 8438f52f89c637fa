// In-memory vulnerability intelligence: imported CVE, KEV, EPSS and OSV records, queried by CPE, product or package.
// The server's database storage mirrors this API: the same add() outcomes, index keys and queries.
import { type Cpe, cpeFromParts, parseCpe } from '../cpe/cpe.ts';
import { cveProductKeys } from '../cpe/keys.ts';
import type { FeedRecordItem } from '../feeds/types.ts';
import type { StoreOutcome } from '../feeds/import.ts';
import { describeOsvAffect, osvAffects, osvPackageKeys } from '../osv/affects.ts';
import type { EpssScore } from '../records/epss.ts';
import type { KevEntry } from '../records/kev.ts';
import type { CveRecord } from '../records/nvd.ts';
import type { OsvRecord } from '../records/osv.ts';
import { normalizePackageName, parseEcosystem } from '../versions/ecosystems.ts';
import type { VulnerabilityMatch } from './types.ts';
import { candidateCves, configurationReasons, nvdFacts, sortMatches, vulnerabilityMatch } from './cve-match.ts';
import type { DistroFix } from '../records/distro-fix.ts';

export interface CpeQueryOptions {
  /**
   * Take "running on" platforms as satisfied when the query names no platform of that kind (default true): a single
   * application CPE says nothing about the OS. Give the host's OS CPE too, or set false, for strict evaluation.
   */
  assumeUnknownPlatforms?: boolean;
}

export interface ProductQuery {
  vendor?: string;
  product: string;
  version: string;
  update?: string;
  /** a (application, default), o (operating system) or h (hardware). */
  part?: 'a' | 'o' | 'h';
}

export interface PackageQuery {
  /** OSV ecosystem, with release where it has one: `AlmaLinux:9`, `Debian:12`, `Ubuntu:22.04:LTS`, `npm`. */
  ecosystem: string;
  name: string;
  version: string;
}

const addTo = (map: Map<string, Set<string>>, key: string, id: string): void => {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
};

const removeFrom = (map: Map<string, Set<string>>, key: string, id: string): void => {
  const set = map.get(key);
  set?.delete(id);
  if (set && set.size === 0) map.delete(key);
};

const packageKey = (ecosystem: string, name: string): string =>
  `${parseEcosystem(ecosystem).base.toLowerCase()}\u0000${normalizePackageName(ecosystem, name)}`;

export class IntelIndex {
  private readonly cves = new Map<string, CveRecord>();
  private readonly kevs = new Map<string, KevEntry>();
  private readonly epssScores = new Map<string, EpssScore>();
  private readonly advisories = new Map<string, OsvRecord>();
  /** product (lower case) → CVE ids whose vulnerable entries name it; `*` for entries of any product. */
  private readonly byProduct = new Map<string, Set<string>>();
  /** vendor → CVE ids, for queries that leave the product open. */
  private readonly byVendor = new Map<string, Set<string>>();
  /** base ecosystem + package name → OSV ids. */
  private readonly byPackage = new Map<string, Set<string>>();

  /** Takes any record item from readFeed; says whether it was new, changed or already known. */
  add(item: FeedRecordItem): StoreOutcome {
    switch (item.kind) {
      case 'cve':
        return this.addCve(item.record);
      case 'kev':
        return this.addKev(item.record);
      case 'epss':
        return this.addEpss(item.record);
      case 'osv':
        return this.addOsv(item.record);
      case 'distro-fix':
        return this.addDistroFix(item.record);
    }
  }

  /** Distribution fixes by release, package and CVE (the earliest fixed version kept). */
  private readonly distroFixes = new Map<string, DistroFix>();

  addDistroFix(fix: DistroFix): StoreOutcome {
    const key = `${fix.distro}|${fix.release}|${fix.package}|${fix.cve}`;
    const old = this.distroFixes.get(key);
    if (old && old.status === fix.status && old.fixedVersion === fix.fixedVersion) return 'unchanged';
    this.distroFixes.set(key, fix);
    return old ? 'updated' : 'added';
  }

  /** The distribution's record of a CVE in a package of a release, if any. */
  distroFix(distro: string, release: string, pkg: string, cve: string): DistroFix | undefined {
    return this.distroFixes.get(`${distro}|${release}|${pkg}|${cve}`);
  }

  addCve(record: CveRecord): StoreOutcome {
    const old = this.cves.get(record.id);
    if (old && old.lastModified !== null && old.lastModified === record.lastModified) return 'unchanged';
    if (old) this.indexCve(old, removeFrom);
    this.cves.set(record.id, record);
    this.indexCve(record, addTo);
    return old ? 'updated' : 'added';
  }

  private indexCve(record: CveRecord, op: typeof addTo): void {
    for (const k of cveProductKeys(record.configurations)) {
      if (!k.vulnerable) continue; // platforms are conditions, not ways in
      op(this.byProduct, k.product, record.id);
      op(this.byVendor, k.vendor, record.id);
    }
  }

  addKev(entry: KevEntry): StoreOutcome {
    const old = this.kevs.get(entry.cve);
    this.kevs.set(entry.cve, entry);
    if (!old) return 'added';
    return JSON.stringify(old) === JSON.stringify(entry) ? 'unchanged' : 'updated';
  }

  /** Keeps the newest score per CVE: an older score date is 'unchanged'. */
  addEpss(score: EpssScore): StoreOutcome {
    const old = this.epssScores.get(score.cve);
    if (old && old.date !== null && score.date !== null && score.date < old.date) return 'unchanged';
    this.epssScores.set(score.cve, score);
    if (!old) return 'added';
    return old.epss === score.epss && old.percentile === score.percentile && old.date === score.date ? 'unchanged' : 'updated';
  }

  addOsv(record: OsvRecord): StoreOutcome {
    const old = this.advisories.get(record.id);
    if (old && old.modified !== null && old.modified === record.modified) return 'unchanged';
    if (old) for (const k of osvPackageKeys(old)) removeFrom(this.byPackage, packageKey(k.ecosystem, k.name), old.id);
    this.advisories.set(record.id, record);
    for (const k of osvPackageKeys(record)) addTo(this.byPackage, packageKey(k.ecosystem, k.name), record.id);
    return old ? 'updated' : 'added';
  }

  getCve(id: string): CveRecord | undefined {
    return this.cves.get(id.toUpperCase());
  }

  getKev(id: string): KevEntry | undefined {
    return this.kevs.get(id.toUpperCase());
  }

  getEpss(id: string): EpssScore | undefined {
    return this.epssScores.get(id.toUpperCase());
  }

  getOsv(id: string): OsvRecord | undefined {
    return this.advisories.get(id);
  }

  get counts(): { cve: number; kev: number; epss: number; osv: number } {
    return { cve: this.cves.size, kev: this.kevs.size, epss: this.epssScores.size, osv: this.advisories.size };
  }

  /** Everything known about one CVE, shaped as a match with the given reasons. */
  describe(cve: string, matchedBy: readonly string[], advisory?: OsvRecord): VulnerabilityMatch {
    const rec = this.cves.get(cve);
    const kev = this.kevs.get(cve);
    const epss = this.epssScores.get(cve);
    return vulnerabilityMatch(
      cve,
      {
        nvd: rec && nvdFacts(rec),
        kev,
        epss,
      },
      matchedBy,
      advisory,
    );
  }

  /** CVEs whose configurations apply to a host with these CPEs (one product, or everything seen on the host). */
  matchCpes(cpes: string | Cpe | readonly (string | Cpe)[], options: CpeQueryOptions = {}): VulnerabilityMatch[] {
    const list = (Array.isArray(cpes) ? cpes : [cpes]) as (string | Cpe)[];
    const targets = list.map((c) => (typeof c === 'string' ? parseCpe(c) : c));
    const candidates = candidateCves(this.byProduct, this.byVendor, targets);
    const out: VulnerabilityMatch[] = [];
    for (const id of candidates) {
      const record = this.cves.get(id);
      if (!record) continue;
      const reasons = configurationReasons(record.configurations, targets, options.assumeUnknownPlatforms ?? true);
      if (reasons) out.push(this.describe(id, reasons));
    }
    return sortMatches(out);
  }

  /** CVEs for a vendor/product/version (names as in the CPE dictionary: lower case, `_` for spaces). */
  matchProduct(query: ProductQuery, options: CpeQueryOptions = {}): VulnerabilityMatch[] {
    const name = (s: string | undefined): string | undefined => s?.trim().toLowerCase().replace(/\s+/g, '_');
    const cpe = cpeFromParts({
      part: query.part ?? 'a',
      vendor: name(query.vendor),
      product: name(query.product),
      version: query.version.trim(),
      update: query.update?.trim(),
    });
    return this.matchCpes([cpe], options);
  }

  /** Per CVE, why the OSV advisories held report it for a package version, and the advisory. */
  packageReasons(query: PackageQuery): Map<string, { why: string[]; advisory: OsvRecord }> {
    const reasons = new Map<string, { why: string[]; advisory: OsvRecord }>();
    for (const id of this.byPackage.get(packageKey(query.ecosystem, query.name)) ?? []) {
      const advisory = this.advisories.get(id);
      const affect = advisory && osvAffects(advisory, query.ecosystem, query.name, query.version);
      if (!advisory || !affect) continue;
      for (const cve of advisory.cves.length > 0 ? advisory.cves : [advisory.id]) {
        const entry = reasons.get(cve) ?? { why: [], advisory };
        entry.why.push(describeOsvAffect(affect));
        reasons.set(cve, entry);
      }
    }
    return reasons;
  }

  /** CVEs that OSV advisories report for a package version in an ecosystem. */
  matchPackage(query: PackageQuery): VulnerabilityMatch[] {
    return sortMatches([...this.packageReasons(query)].map(([cve, r]) => this.describe(cve, r.why, r.advisory)));
  }
}
