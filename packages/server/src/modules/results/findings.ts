// Builds a host's findings from one run: the checks' findings (key `check:<id>@<port>/<proto>`, with the facts of
// their worst CVE) and one finding per (CVE, port) that intel matched to a service's CPEs (key `cve:<id>@<port>/<proto>`).
import {
  distroLabel,
  distroPackageOfBanner,
  distroVerdict,
  findingRiskScore,
  severityFromScore,
  type DistroFix,
  type DistroPackage,
  type VulnerabilityMatch,
} from '@bulwark/intel';
import type { DetectionMethod, Severity } from '@bulwark/core';
import type { CveFacts } from './intel-facts.ts';
import type { DeliveredFinding, DeliveredHost, DeliveredPort } from './scan-result.ts';
import { findingQod } from './qod.ts';
import { cveSolution, type TestFacts } from './solutions.ts';

/** A test's facts by its id (the catalogue's templates); undefined for a test the catalogue does not hold. */
export type TestFactsLookup = (checkId: string) => TestFacts | undefined;

/** Port protocols as stored: TCP 0, UDP 1. */
export const PROTOCOL_CODE = { tcp: 0, udp: 1 } as const;
export const PROTOCOL_NAME = ['tcp', 'udp'] as const;

export interface FindingInput {
  key: string;
  checkId: string | null;
  cve: string | null;
  cves: string[];
  port: number | null;
  protocol: 0 | 1 | null;
  name: string;
  severity: Severity;
  confidence: string;
  cvss: number | null;
  cvssVector: string | null;
  epss: number | null;
  epssPercentile: number | null;
  exploitKnown: boolean;
  ransomwareKnown: boolean;
  riskScore: number;
  evidence: string | null;
  description: string | null;
  /** How to fix it: the test's remediation, or the upgrade that fixes the CVE (results/solutions.ts). */
  solution?: string | null;
  /** CWE ids and every reference of the test or the CVE record. */
  cwes?: string[];
  references?: string[];
  matchedBy: string | null;
  detection: DetectionMethod;
  /** Quality of detection 0-100 (core's QOD_OF_TYPE; results/qod.ts). */
  qod: number;
  /** Package findings: the source package, installed and fixed versions, the advisory. */
  package?: string | null;
  installedVersion?: string | null;
  fixedVersion?: string | null;
  advisory?: string | null;
  /** The engine that found it (default network); web findings also carry their OWASP Top 10 (2021) category. */
  source?: 'network' | 'web' | 'cloud';
  owasp?: string | null;
}

/** `check:<id>@<port>/<proto>` or `cve:<id>@<port>/<proto>`; port 0 (tcp) for host-level findings. */
export const findingKey = (kind: 'check' | 'cve', id: string, port: number | null | undefined, proto: 'tcp' | 'udp' | null | undefined) =>
  `${kind}:${id}@${port ?? 0}/${proto ?? 'tcp'}`;

/** A valid CPE 2.3 formatted string (the ones intel can match). */
export const isCpe23 = (s: string): boolean => /^cpe:2\.3:[aoh*-]:/.test(s) && s.split(/(?<!\\):/).length === 13;

function checkFinding(f: DeliveredFinding, facts: ReadonlyMap<string, CveFacts>, test: TestFacts | undefined): FindingInput {
  const cves = [...new Set(f.cve.map((c) => c.toUpperCase()))];
  // The worst CVE the check names decides CVSS, EPSS and the exploitation flags.
  const known = cves.map((c) => facts.get(c)).filter((x): x is CveFacts => x !== undefined);
  const worst = known.sort((a, b) => b.risk - a.risk)[0];
  const port = f.port ?? null;
  const proto = port === null ? null : (f.protocol ?? 'tcp');
  const severity = f.severity as Severity;
  return {
    key: findingKey('check', f.check, port, proto),
    checkId: f.check,
    cve: worst?.cve ?? cves[0] ?? null,
    cves,
    port,
    protocol: proto === null ? null : PROTOCOL_CODE[proto],
    name: f.name,
    severity,
    confidence: f.confidence,
    cvss: worst?.cvss ?? test?.cvss ?? null,
    cvssVector: worst?.cvssVector ?? (worst ? null : (test?.cvssVector ?? null)),
    epss: worst?.epss ?? null,
    epssPercentile: worst?.epssPercentile ?? null,
    exploitKnown: worst?.kev ?? false,
    ransomwareKnown: worst?.ransomware ?? false,
    riskScore: findingRiskScore({
      cvss: worst?.cvss ?? test?.cvss ?? null,
      severity,
      epss: worst?.epss ?? null,
      kev: worst?.kev ?? false,
      ransomware: worst?.ransomware ?? false,
    }),
    evidence: f.evidence ?? null,
    // The test's own words first; a test that says nothing borrows its worst CVE's record.
    description: test?.description ?? worst?.description ?? null,
    solution: test?.solution ?? null,
    cwes: [...new Set([...(test?.cwes ?? []), ...known.flatMap((k) => k.cwes)])],
    references: [...new Set([...(test?.references ?? []), ...known.flatMap((k) => k.references)])],
    matchedBy: 'check',
    detection: 'active-check',
    qod: findingQod('active-check'),
  };
}

/** A distribution's fix of a CVE in a package, as the run's lookup found it (undefined: no record). */
export type DistroFixLookup = (pkg: DistroPackage, cve: string) => DistroFix | undefined;

/**
 * Distribution backports: a CVE matched on the upstream version of a banner that names its Debian or Ubuntu package
 * and revision is a finding only when the distribution has not fixed it in that revision. Without the distribution's
 * record it stays potential, and the evidence says the upstream version alone decided.
 */
function distroNote(
  m: VulnerabilityMatch,
  p: DeliveredPort,
  lookup: DistroFixLookup,
): { drop: boolean; note?: string; confirmed?: boolean; fix?: { pkg: DistroPackage; fixedVersion: string | null } } {
  const pkg = distroPackageOfBanner(p.service?.banner);
  if (!pkg) return { drop: false };
  const verdict = distroVerdict(pkg, lookup(pkg, m.cve));
  const distro = distroLabel(pkg.distro);
  const where = `${distro} ${pkg.release} ${pkg.package} ${pkg.version}`;
  switch (verdict.verdict) {
    case 'fixed':
    case 'not-affected':
      return { drop: true };
    case 'open':
      return {
        drop: false,
        confirmed: true,
        fix: { pkg, fixedVersion: verdict.fixedVersion },
        note: verdict.fixedVersion
          ? `${where}: ${distro} fixed ${m.cve} in ${verdict.fixedVersion}, later than the revision seen.`
          : `${where}: ${distro} lists ${m.cve} as not fixed yet.`,
      };
    case 'unknown':
      return { drop: false, note: `${where}: no ${distro} record of ${m.cve} in this package; decided on the upstream version alone.` };
  }
}

function cveFinding(
  m: VulnerabilityMatch,
  p: DeliveredPort,
  cpe: string,
  lookup: DistroFixLookup,
  facts: CveFacts | undefined,
): FindingInput | null {
  const distro = distroNote(m, p, lookup);
  if (distro.drop) return null;
  const svc = p.service;
  const product = [svc?.product, svc?.version].filter(Boolean).join(' ');
  // Unscored CVEs count as Medium, as the risk score treats them.
  const severity: Severity = m.severity ?? (m.cvss ? severityFromScore(m.cvss.score) : 2);
  const shortDescription = m.description.split(/(?<=\.)\s/)[0]?.slice(0, 120) ?? '';
  const evidence = [`${product || svc?.name || 'Service'} on ${p.port}/${p.protocol} (${cpe})`];
  if (svc?.banner) evidence.push(`Banner: ${svc.banner.slice(0, 500)}`);
  if (distro.note) evidence.push(distro.note);
  return {
    key: findingKey('cve', m.cve, p.port, p.protocol),
    checkId: null,
    cve: m.cve,
    cves: [m.cve],
    port: p.port,
    protocol: PROTOCOL_CODE[p.protocol],
    name: product ? `${m.cve} in ${product}` : shortDescription ? `${m.cve}: ${shortDescription}` : m.cve,
    severity,
    confidence: distro.confirmed ? 'confirmed' : 'potential',
    cvss: m.cvss?.score ?? null,
    cvssVector: m.cvss?.vector ?? null,
    epss: m.epss,
    epssPercentile: m.epss_percentile,
    exploitKnown: m.kev,
    ransomwareKnown: m.ransomware,
    riskScore: m.risk_score,
    evidence: evidence.join('\n'),
    description: m.description || null,
    solution: cveSolution(svc?.product ?? null, m.matched_by, distro.fix),
    cwes: facts?.cwes ?? [],
    references: m.references.length ? m.references : (facts?.references ?? []),
    matchedBy: m.matched_by,
    // Decided on the distribution's record when there was one; else on the version the service announced.
    detection: distro.confirmed ? 'distro-revision' : 'service-version',
    qod: findingQod(distro.confirmed ? 'distro-revision' : 'service-version', svc?.banner),
  };
}

/** Every CPE the host's open ports' services gave (the query for intel's matchHost). */
export function hostCpes(host: DeliveredHost): string[] {
  const out = new Set<string>();
  for (const p of host.ports) if (p.state === 'open') for (const c of p.service?.cpe ?? []) if (isCpe23(c)) out.add(c);
  return [...out];
}

/**
 * The host's findings of this run, one per key (the riskier one when two share a key: the same CVE through two CPEs of
 * one port, or a check reported twice).
 */
export function hostFindings(
  host: DeliveredHost,
  matches: ReadonlyMap<string, readonly VulnerabilityMatch[]>,
  facts: ReadonlyMap<string, CveFacts>,
  distroFix: DistroFixLookup = () => undefined,
  tests: TestFactsLookup = () => undefined,
): FindingInput[] {
  const byKey = new Map<string, FindingInput>();
  const keep = (f: FindingInput) => {
    const seen = byKey.get(f.key);
    if (!seen || f.riskScore > seen.riskScore) byKey.set(f.key, f);
  };
  for (const f of host.findings) keep(checkFinding(f, facts, tests(f.check)));
  for (const p of host.ports) {
    if (p.state !== 'open') continue;
    for (const cpe of p.service?.cpe ?? [])
      for (const m of matches.get(cpe) ?? []) {
        const f = cveFinding(m, p, cpe, distroFix, facts.get(m.cve));
        if (f) keep(f);
      }
  }
  return [...byKey.values()];
}
