// Builds a web run's findings (pure): each engine finding becomes one finding of the web-application asset keyed by
// test, URL path, method and parameter (one issue per web test, so the unified vulnerability list groups it), and each
// CVE the intelligence matched on a technology the scan recognised becomes an A06 (outdated component) finding.
import { findingRiskScore, severityFromScore, type VulnerabilityMatch } from '@bulwark/intel';
import { OWASP_OUTDATED_COMPONENTS, qodOf, type Severity } from '@bulwark/core';
import type { Technology, WebFinding, WebTestInfo } from '@bulwark/scanner';
import type { CveFacts } from './intel-facts.ts';
import type { FindingInput } from './findings.ts';

/** The finding source and key prefix of web findings. */
export const WEB_SOURCE = 'web' as const;

/**
 * The URL as a key part: the path without query or fragment (a parameter's value does not make a new finding), the
 * host in front only when it is not the target's (a virtual host or another in-scope host), trailing slashes and case
 * of the host folded.
 */
export function normalisedWebPath(url: string, targetHost: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.split(/[?#]/)[0] ?? url;
  }
  const path = (u.pathname.replace(/\/+$/, '') || '/').slice(0, 1000);
  return u.host.toLowerCase() === targetHost.toLowerCase() ? path : `${u.host.toLowerCase()}${path}`;
}

/** `web:<test>@<path>|<method>|<param>`: the same test on the same place is the same finding across runs. */
export const webFindingKey = (test: string, path: string, method: string, parameter: string | undefined): string =>
  `web:${test}@${path}|${method.toUpperCase()}|${parameter ?? ''}`;

/** The evidence as one text (findings.evidence, what lists, exports and the finding drawer show). */
export function evidenceText(f: WebFinding): string {
  const lines = [`${f.method.toUpperCase()} ${f.url}`];
  if (f.parameter) lines.push(`Parameter: ${f.parameter}${f.location ? ` (${f.location})` : ''}`);
  if (f.payload) lines.push(`Payload: ${f.payload}`);
  lines.push(`Confidence: ${f.confidence}`, `Proof: ${f.evidence.proof}`, `Confirmed by: ${f.evidence.how}`);
  lines.push('', 'Request:', f.evidence.request, '', 'Response excerpt:', f.evidence.response);
  return lines.join('\n');
}

/** One engine finding as a finding of the asset: the test's words, the finding's overrides, its worst CVE's facts. */
export function webFindingInput(
  f: WebFinding,
  test: WebTestInfo | undefined,
  targetHost: string,
  facts: ReadonlyMap<string, CveFacts>,
): FindingInput {
  const cves = [...new Set((f.cve ?? []).map((c) => c.toUpperCase()))];
  const worst = cves
    .map((c) => facts.get(c))
    .filter((x): x is CveFacts => x !== undefined)
    .sort((a, b) => b.risk - a.risk)[0];
  const severity = (f.severity ?? test?.severity ?? 2) as Severity;
  return {
    key: webFindingKey(f.test, normalisedWebPath(f.url, targetHost), f.method, f.parameter),
    checkId: f.test,
    cve: worst?.cve ?? cves[0] ?? null,
    cves,
    port: null,
    protocol: null,
    name: f.name ?? test?.name ?? f.test,
    severity,
    confidence: f.confidence,
    cvss: worst?.cvss ?? null,
    cvssVector: worst?.cvssVector ?? null,
    epss: worst?.epss ?? null,
    epssPercentile: worst?.epssPercentile ?? null,
    exploitKnown: worst?.kev ?? false,
    ransomwareKnown: worst?.ransomware ?? false,
    riskScore: findingRiskScore({
      cvss: worst?.cvss ?? null,
      severity,
      epss: worst?.epss ?? null,
      kev: worst?.kev ?? false,
      ransomware: worst?.ransomware ?? false,
    }),
    evidence: evidenceText(f),
    description: test?.description ?? worst?.description ?? null,
    solution: test?.solution ?? null,
    cwes: [...new Set([...(test?.cwe ?? []), ...(worst?.cwes ?? [])])],
    references: [...new Set([...(test?.references ?? []), ...(worst?.references ?? [])])],
    matchedBy: 'check',
    detection: 'active-check',
    // A confirmed proof is an active check that talked to the application; a potential one weighs as an announced version.
    qod: f.confidence === 'confirmed' ? qodOf('active-check') : qodOf('service-version'),
    source: WEB_SOURCE,
    owasp: test?.owasp ?? (cves.length ? OWASP_OUTDATED_COMPONENTS : null),
  };
}

/** A CVE the intelligence matched on a technology's CPE: one finding per (CVE, technology) on the asset. */
export function technologyCveFinding(m: VulnerabilityMatch, t: Technology, facts: CveFacts | undefined): FindingInput {
  const severity: Severity = m.severity ?? (m.cvss ? severityFromScore(m.cvss.score) : 2);
  const product = [t.name, t.version].filter(Boolean).join(' ');
  return {
    key: `web:cve:${m.cve}@${t.cpe ?? t.name.toLowerCase()}`,
    checkId: null,
    cve: m.cve,
    cves: [m.cve],
    port: null,
    protocol: null,
    name: `${m.cve} in ${product}`,
    severity,
    confidence: 'potential',
    cvss: m.cvss?.score ?? null,
    cvssVector: m.cvss?.vector ?? null,
    epss: m.epss,
    epssPercentile: m.epss_percentile,
    exploitKnown: m.kev,
    ransomwareKnown: m.ransomware,
    riskScore: m.risk_score,
    evidence: [`${product} (${t.cpe ?? ''})`, t.evidence ? `Seen: ${t.evidence}` : ''].filter(Boolean).join('\n'),
    description: m.description || null,
    solution: `Upgrade ${t.name} to a version that fixes ${m.cve}.`,
    cwes: facts?.cwes ?? [],
    references: m.references.length ? m.references : (facts?.references ?? []),
    matchedBy: m.matched_by,
    detection: 'service-version',
    qod: qodOf('service-version'),
    source: WEB_SOURCE,
    owasp: OWASP_OUTDATED_COMPONENTS,
  };
}

/** One finding per key (the riskier one when two share a key: the same test on one path with two payloads). */
export function dedupeByKey(found: readonly FindingInput[]): FindingInput[] {
  const byKey = new Map<string, FindingInput>();
  for (const f of found) {
    const seen = byKey.get(f.key);
    if (!seen || f.riskScore > seen.riskScore || (f.riskScore === seen.riskScore && f.confidence === 'confirmed')) byKey.set(f.key, f);
  }
  return [...byKey.values()];
}
