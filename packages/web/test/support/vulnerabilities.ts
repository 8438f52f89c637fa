// Test data of the unified vulnerability screens, checked against core's schemas so a changed contract fails here first:
// an issue row, a finding row, an issue's details, a finding with its timeline, a saved filter, the ignored summary.
import {
  ignoredDetails,
  issue,
  issueDetails,
  savedFilter,
  vulnerability,
  vulnerabilityDetail,
  type Issue,
  type IssueDetails,
  type SavedFilter,
  type Vulnerability,
  type VulnerabilityDetail,
} from '@bulwark/core';

export function anIssue(o: Partial<Issue> = {}): Issue {
  return issue.parse({
    hid: 'CVE-2024-6387',
    name: 'OpenSSH regreSSHion',
    source: 'network',
    kind: 2,
    kind_label: 'General',
    severity: 3,
    severity_label: 'High',
    cvss: 8.1,
    epss: 0.4321,
    exploit_known: true,
    ransomware_known: false,
    risk_score: 71.4,
    check_id: null,
    cve: 'CVE-2024-6387',
    cves: ['CVE-2024-6387'],
    assets: 2,
    findings: 3,
    created: '2026-11-01T10:00:00.000Z',
    last_detected: '2026-11-20T10:00:00.000Z',
    ...o,
  });
}

export function aVulnerability(o: Partial<Vulnerability> = {}): Vulnerability {
  return vulnerability.parse({
    id: 11,
    hid: 'CVE-2024-6387',
    name: 'OpenSSH regreSSHion',
    source: 'network',
    kind: 2,
    kind_label: 'General',
    confidence: 'potential',
    confidence_label: 'Potential',
    severity: 3,
    severity_label: 'High',
    state: 1,
    state_label: 'Active',
    cvss: 8.1,
    epss: 0.4321,
    exploit_known: true,
    ransomware_known: false,
    risk_score: 71.4,
    asset: { id: 7, asset_name: 'db-01', asset_type: 2, criticality: 3 },
    port: 22,
    protocol: 'tcp',
    service: 'ssh',
    check_id: null,
    cve: 'CVE-2024-6387',
    cves: ['CVE-2024-6387'],
    created: '2026-11-01T10:00:00.000Z',
    last_detected: '2026-11-20T10:00:00.000Z',
    closed_at: null,
    ignored: null,
    test_ignored: false,
    ...o,
  });
}

export function anIgnore(o: Partial<NonNullable<Vulnerability['ignored']>> = {}): NonNullable<Vulnerability['ignored']> {
  return {
    kind: 1,
    reason: 1,
    reason_label: 'Risk accepted',
    comment: 'Behind the VPN',
    expires_at: '2026-12-01T22:59:59.000Z',
    is_expiring: false,
    at: '2026-11-21T09:00:00.000Z',
    by: { id: 2, email: 'alice@example.com' },
    pending: false,
    ...o,
  };
}

export function anIssueDetails(o: Partial<IssueDetails> = {}): IssueDetails {
  return issueDetails.parse({
    ...anIssue(),
    cvss_vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H',
    epss_percentile: 0.97,
    description: 'A signal handler race condition in sshd.',
    solution: 'Upgrade OpenSSH to 9.8p1 or later.',
    references: [{ label: 'OpenSSH release notes', url: 'https://www.openssh.com/txt/release-9.8' }],
    counts: { open: 3, closed: 1, ignored: 1, assets: 2 },
    test_ignored: false,
    ignore_rule: null,
    ...o,
  });
}

export function aFindingDetail(o: Partial<VulnerabilityDetail> = {}): VulnerabilityDetail {
  return vulnerabilityDetail.parse({
    ...aVulnerability(),
    cvss_vector: null,
    epss_percentile: 0.97,
    evidence: 'SSH-2.0-OpenSSH_9.2p1 Debian-2',
    description: null,
    solution: null,
    detection: 'service-version',
    detection_label: 'Announced version',
    matched_by: 'cpe:2.3:a:openbsd:openssh:9.2:p1',
    timeline: [],
    ...o,
  });
}

export function aSavedFilter(o: Partial<SavedFilter> = {}): SavedFilter {
  return savedFilter.parse({
    id: 1,
    name: 'Critical KEV',
    filters: { severity: ['4'], exploit_known: 'true' },
    is_default: false,
    created: '2026-11-01T10:00:00.000Z',
    updated: '2026-11-01T10:00:00.000Z',
    ...o,
  });
}

export const NOTHING_IGNORED = ignoredDetails.parse({ total: 0, ignored: 0, disabled: 0, pending: 0, expiring: 0, by_reason: [] });
