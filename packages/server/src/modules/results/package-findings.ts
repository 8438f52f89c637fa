// Findings of an authenticated look: each installed source package against its distribution's own advisories, in that
// distribution's version order (so backports are right) — Debian's Security Tracker first, then the OSV records of
// Debian, Ubuntu, Alpine, AlmaLinux and Rocky Linux; a release past its support; a newer kernel waiting for a restart.
import { compareVersions, DEBIAN_RELEASES, findingRiskScore, releaseSupport, severityFromScore, type VersionScheme } from '@bulwark/intel';
import { QOD_OF_TYPE, type Severity } from '@bulwark/core';
import { and, eq, sql } from 'drizzle-orm';
import { textArray } from '../../db/rows.ts';
import type { Db } from '../../db/client.ts';
import { intelDistroFixes } from '../../db/schema/index.ts';
import { kernelMatches } from '../credentials/index.ts';
import { matchHost, packageLabel } from '../intel/index.ts';
import type { FindingInput } from './findings.ts';
import { cveFacts, type CveFacts } from './intel-facts.ts';
import type { DeliveredAuth } from './scan-result.ts';

type Os = NonNullable<DeliveredAuth['os']>;
type Pkg = NonNullable<DeliveredAuth['packages']>[number];

export interface PackageVerdict {
  source: string;
  /** Binary packages of the source installed on the host. */
  binaries: string[];
  cve: string;
  installed: string;
  fixed: string | null;
  status: 'missing-patch' | 'unfixed' | 'wont-fix';
  advisory: string;
}

interface Family {
  label: string;
  /** OSV ecosystem of the release (Debian:12, Ubuntu:22.04, Alpine:v3.19, AlmaLinux:9, Rocky Linux:9). */
  ecosystem: string | null;
  /** Debian's code name when the tracker applies. */
  debianRelease: string | null;
  scheme: VersionScheme;
}

/** Which advisories and version rules apply to the release the host runs; null for one Bulwark cannot judge. */
export function familyOf(os: Os): Family | null {
  const major = os.versionId.split('.')[0] ?? '';
  const id = os.id;
  const like = new Set(os.like);
  if (id === 'debian' || (like.has('debian') && !like.has('ubuntu') && id !== 'ubuntu')) {
    if (id !== 'debian') return null;
    const release = os.codename || DEBIAN_RELEASES[major] || null;
    return { label: `Debian ${release ?? major}`, ecosystem: major ? `Debian:${major}` : null, debianRelease: release, scheme: 'dpkg' };
  }
  if (id === 'ubuntu') return { label: `Ubuntu ${os.versionId}`, ecosystem: `Ubuntu:${os.versionId}`, debianRelease: null, scheme: 'dpkg' };
  if (id === 'alpine') {
    const mm = os.versionId.split('.').slice(0, 2).join('.');
    return { label: `Alpine ${mm}`, ecosystem: `Alpine:v${mm}`, debianRelease: null, scheme: 'apk' };
  }
  if (id === 'almalinux') return { label: `AlmaLinux ${major}`, ecosystem: `AlmaLinux:${major}`, debianRelease: null, scheme: 'rpm' };
  if (id === 'rocky') return { label: `Rocky Linux ${major}`, ecosystem: `Rocky Linux:${major}`, debianRelease: null, scheme: 'rpm' };
  return null;
}

/** The installed source packages: one entry per (source, version), with its binaries. */
function sourcesOf(packages: readonly Pkg[]): Map<string, { source: string; version: string; binaries: string[] }> {
  const out = new Map<string, { source: string; version: string; binaries: string[] }>();
  for (const p of packages) {
    const entry = out.get(p.source) ?? { source: p.source, version: p.sourceVersion, binaries: [] };
    if (!entry.binaries.includes(p.name)) entry.binaries.push(p.name);
    out.set(p.source, entry);
  }
  return out;
}

const fixedIn = (matchedBy: string): string | null => /\bfixed (\S+)/.exec(matchedBy)?.[1] ?? null;

/** What the distribution's advisories say of the host's packages: each CVE still open in what is installed. */
export async function packageVerdicts(db: Db, os: Os, packages: readonly Pkg[]): Promise<PackageVerdict[]> {
  const family = familyOf(os);
  if (!family) return [];
  const sources = sourcesOf(packages);
  const out = new Map<string, PackageVerdict>();
  const decided = new Set<string>();
  if (family.debianRelease) {
    const names = [...sources.keys()];
    for (let i = 0; i < names.length; i += 1000) {
      const rows = await db
        .select()
        .from(intelDistroFixes)
        .where(
          and(
            eq(intelDistroFixes.distro, 'debian'),
            eq(intelDistroFixes.release, family.debianRelease),
            sql`${intelDistroFixes.package} = any(${textArray(names.slice(i, i + 1000))})`,
          ),
        );
      for (const r of rows) {
        const src = sources.get(r.package)!;
        const key = `${r.package}|${r.cve}`;
        decided.add(key);
        const base = {
          source: r.package,
          binaries: src.binaries,
          cve: r.cve,
          installed: src.version,
          advisory: `Debian Security Tracker (${family.debianRelease})`,
        };
        if (r.status === 'not-affected') continue;
        if (r.status === 'fixed' && r.fixedVersion) {
          if (compareVersions('dpkg', src.version, r.fixedVersion) < 0)
            out.set(key, { ...base, fixed: r.fixedVersion, status: 'missing-patch' });
        } else out.set(key, { ...base, fixed: null, status: r.status === 'wont-fix' ? 'wont-fix' : 'unfixed' });
      }
    }
  }
  if (family.ecosystem) {
    const queries = [...sources.values()].map((s) => ({ ecosystem: family.ecosystem!, name: s.source, version: s.version }));
    const { byPackage } = await matchHost(db, { packages: queries });
    for (const q of queries) {
      const src = sources.get(q.name)!;
      for (const m of byPackage.get(packageLabel(q)) ?? []) {
        const key = `${q.name}|${m.cve}`;
        // The tracker's word on a CVE wins over OSV's (it knows "not affected" and "will not fix").
        if (decided.has(key) || out.has(key)) continue;
        const fixed = fixedIn(m.matched_by);
        out.set(key, {
          source: q.name,
          binaries: src.binaries,
          cve: m.cve,
          installed: src.version,
          fixed,
          status: fixed ? 'missing-patch' : 'unfixed',
          advisory: m.matched_by.split(';')[0]?.trim() || `OSV ${family.ecosystem}`,
        });
      }
    }
  }
  return [...out.values()];
}

const NAME_SUFFIX: Record<PackageVerdict['status'], (v: PackageVerdict, label: string) => string> = {
  'missing-patch': (v) => `fixed in ${v.fixed}`,
  unfixed: (_v, label) => `no fix in ${label} yet`,
  'wont-fix': (_v, label) => `${label} will not fix`,
};

/** One finding per (source package, CVE): key `pkg:<source>:<CVE>`, host level, decided on the package list. */
export function packageFinding(v: PackageVerdict, facts: CveFacts | undefined, familyLabel: string): FindingInput {
  const severity: Severity = facts?.severity ?? (facts?.cvss ? severityFromScore(facts.cvss) : 2);
  const evidence = [
    `Installed: ${v.binaries.slice(0, 10).join(', ')}${v.binaries.length > 10 ? ` and ${v.binaries.length - 10} more` : ''} from source package ${v.source} ${v.installed}`,
    v.fixed
      ? `Fixed in: ${v.fixed} (${v.advisory})`
      : `${v.status === 'wont-fix' ? `${familyLabel} decided not to fix this` : `${familyLabel} has not fixed this yet`} (${v.advisory})`,
  ];
  return {
    key: `pkg:${v.source}:${v.cve}`,
    checkId: null,
    cve: v.cve,
    cves: [v.cve],
    port: null,
    protocol: null,
    name: `${v.cve} in ${v.source} ${v.installed} (${NAME_SUFFIX[v.status](v, familyLabel)})`,
    severity,
    confidence: 'confirmed',
    cvss: facts?.cvss ?? null,
    cvssVector: facts?.cvssVector ?? null,
    epss: facts?.epss ?? null,
    epssPercentile: facts?.epssPercentile ?? null,
    exploitKnown: facts?.kev ?? false,
    ransomwareKnown: facts?.ransomware ?? false,
    riskScore: findingRiskScore({
      cvss: facts?.cvss ?? null,
      severity,
      epss: facts?.epss ?? null,
      kev: facts?.kev ?? false,
      ransomware: facts?.ransomware ?? false,
    }),
    evidence: evidence.join('\n'),
    description: facts?.description ?? null,
    // The distribution's fixed version of the source package (its binaries come with it); none while it is unfixed.
    solution: v.fixed ? `Upgrade ${v.source} to ${v.fixed} or later (${familyLabel}).` : null,
    cwes: facts?.cwes ?? [],
    references: facts?.references ?? [],
    matchedBy: v.advisory,
    detection: 'package-list',
    qod: QOD_OF_TYPE.package,
    package: v.source,
    installedVersion: v.installed,
    fixedVersion: v.fixed,
    advisory: v.advisory,
  };
}

function hostCheck(id: string, name: string, severity: Severity, evidence: string, description: string): FindingInput {
  return {
    key: `check:${id}@0/tcp`,
    checkId: id,
    cve: null,
    cves: [],
    port: null,
    protocol: null,
    name,
    severity,
    confidence: 'confirmed',
    cvss: null,
    cvssVector: null,
    epss: null,
    epssPercentile: null,
    exploitKnown: false,
    ransomwareKnown: false,
    riskScore: findingRiskScore({ cvss: null, severity, epss: null, kev: false, ransomware: false }),
    evidence,
    description,
    matchedBy: 'check',
    detection: 'package-list',
    qod: QOD_OF_TYPE.package,
  };
}

/**
 * The newest installed kernel, in the form `uname -r` prints it: Debian's linux-image-<release> packages, or rpm's
 * kernel / kernel-core as version-release.arch. Null when the list has none.
 */
export function latestKernel(packages: readonly Pkg[]): string | null {
  const versions: { text: string; scheme: 'dpkg' | 'rpm' }[] = [];
  for (const p of packages) {
    const deb = /^linux-image-(\d\S*)$/.exec(p.name)?.[1];
    if (deb && !deb.endsWith('-dbg')) versions.push({ text: deb, scheme: 'dpkg' });
    if (p.manager === 'rpm' && (p.name === 'kernel-core' || p.name === 'kernel'))
      versions.push({ text: `${p.version.replace(/^\d+:/, '')}.${p.arch}`, scheme: 'rpm' });
  }
  return versions.sort((a, b) => compareVersions(a.scheme, a.text, b.text)).at(-1)?.text ?? null;
}

export interface LookOutcome {
  findings: FindingInput[];
  /** latestKernel of the packages listed (null without a list). */
  kernelLatest: string | null;
  /** The health the run records: the probe's, or end_of_life for a release past its support. */
  health: DeliveredAuth['health'];
  message: string;
}

/** Everything one host's look gives: package findings, end of life, a pending restart; and the health to record. */
export async function lookFindings(
  db: Db,
  auth: DeliveredAuth,
  seen: Date,
  factsCache: Map<string, CveFacts | null>,
): Promise<LookOutcome> {
  const findings: FindingInput[] = [];
  let health = auth.health;
  let message = auth.message;
  if (!auth.packages || !auth.os) return { findings, health, message, kernelLatest: auth.packages ? latestKernel(auth.packages) : null };
  const family = familyOf(auth.os);
  const support = releaseSupport(auth.os.id, auth.os.versionId, seen);
  if (support.ended) {
    health = 'end_of_life';
    message = `${auth.os.prettyName}: security support ended on ${support.endsOn}. ${message}`.trim();
    findings.push(
      hostCheck(
        'os-end-of-life',
        `${auth.os.prettyName} is no longer supported`,
        3,
        `os-release: ${auth.os.prettyName} (ID ${auth.os.id}, VERSION_ID ${auth.os.versionId}); security support ended on ${support.endsOn}.`,
        'The operating system release no longer receives security updates: vulnerabilities found after its end of support stay open. Upgrade to a supported release.',
      ),
    );
  } else if (!family) {
    message = `${message} Bulwark has no advisories for ${auth.os.prettyName}: its packages were listed but not judged.`.trim();
  }
  if (family) {
    const verdicts = await packageVerdicts(db, auth.os, auth.packages);
    const wanted = verdicts.map((v) => v.cve).filter((c) => !factsCache.has(c));
    if (wanted.length > 0) {
      const found = await cveFacts(db, wanted);
      for (const c of wanted) factsCache.set(c, found.get(c) ?? null);
    }
    for (const v of verdicts) findings.push(packageFinding(v, factsCache.get(v.cve) ?? undefined, family.label));
  }
  const latest = latestKernel(auth.packages);
  const scheme = auth.packages[0]?.manager === 'rpm' ? 'rpm' : 'dpkg';
  if (auth.kernel && latest && !kernelMatches(auth.kernel.running, latest) && compareVersions(scheme, latest, auth.kernel.running) > 0)
    findings.push(
      hostCheck(
        'kernel-reboot-required',
        'A newer kernel is installed but not running',
        1,
        `Running kernel ${auth.kernel.running}; newest installed ${latest}.`,
        'Security fixes in the installed kernel take effect only after a restart.',
      ),
    );
  return { findings, health, message, kernelLatest: latest };
}
