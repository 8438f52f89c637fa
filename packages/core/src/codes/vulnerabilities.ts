// Vulnerability codes of feature-areas §3-§4: severities, states, ignore reasons, flags, kinds, sources, confidence.

/** Severity 0-4: Info, Low, Medium, High, Critical. */
export const SEVERITY = { info: 0, low: 1, medium: 2, high: 3, critical: 4 } as const;
export type Severity = (typeof SEVERITY)[keyof typeof SEVERITY];
export const SEVERITY_LABELS: Record<Severity, string> = { 0: 'Info', 1: 'Low', 2: 'Medium', 3: 'High', 4: 'Critical' };

/** Vulnerability state: New 0, Active 1, Reopened 2, Closed 3. */
export const VULNERABILITY_STATE = { new: 0, active: 1, reopened: 2, closed: 3 } as const;
export type VulnerabilityState = (typeof VULNERABILITY_STATE)[keyof typeof VULNERABILITY_STATE];
export const VULNERABILITY_STATE_LABELS: Record<VulnerabilityState, string> = {
  0: 'New',
  1: 'Active',
  2: 'Reopened',
  3: 'Closed',
};

/** Ignore reasons: False positive 0, Risk accepted 1, Not relevant 2. */
export const IGNORE_REASON = { false_positive: 0, risk_accepted: 1, not_relevant: 2 } as const;
export type IgnoreReason = (typeof IGNORE_REASON)[keyof typeof IGNORE_REASON];
export const IGNORE_REASON_LABELS: Record<IgnoreReason, string> = {
  0: 'False positive',
  1: 'Risk accepted',
  2: 'Not relevant',
};

/** Ignoring or disabling a vulnerability: disabled 0, ignored 1. */
export const IGNORE_KIND = { disabled: 0, ignored: 1 } as const;
export type IgnoreKind = (typeof IGNORE_KIND)[keyof typeof IGNORE_KIND];

/** Values of the `ignored` filter. */
export const IGNORED_FILTER_VALUES = ['all', 'ignored_disabled', 'not_ignored_disabled'] as const;
export type IgnoredFilterValue = (typeof IGNORED_FILTER_VALUES)[number];

/** Fields of the ignored_and_disabled_vulns filter. */
export const IGNORED_AND_DISABLED_FILTER_FIELDS = ['state', 'reason', 'is_expiring'] as const;

/** Options of the vulnerability state filter (feature-areas §4). */
export const VULNERABILITY_STATE_FILTER_OPTIONS = ['active', 'ignored'] as const;
export type VulnerabilityStateFilterOption = (typeof VULNERABILITY_STATE_FILTER_OPTIONS)[number];

/** Known-exploitation flags: exploit known 1, ransomware known 2. */
export const EXPLOIT_FLAG = { exploit_known: 1, ransomware_known: 2 } as const;
export type ExploitFlag = (typeof EXPLOIT_FLAG)[keyof typeof EXPLOIT_FLAG];
export const EXPLOIT_FLAG_LABELS: Record<ExploitFlag, string> = { 1: 'Exploit known', 2: 'Ransomware known' };

/** Vulnerability kinds: general 2, potential 1. */
export const VULNERABILITY_KIND = { potential: 1, general: 2 } as const;
export type VulnerabilityKind = (typeof VULNERABILITY_KIND)[keyof typeof VULNERABILITY_KIND];
export const VULNERABILITY_KIND_LABELS: Record<VulnerabilityKind, string> = { 1: 'Potential', 2: 'General' };

/** Where a vulnerability comes from. */
export const VULNERABILITY_SOURCES = ['network', 'web', 'cloud', 'pat'] as const;
export type VulnerabilitySource = (typeof VULNERABILITY_SOURCES)[number];
export const VULNERABILITY_SOURCE_LABELS: Record<VulnerabilitySource, string> = {
  network: 'Network',
  web: 'Web',
  cloud: 'Cloud',
  pat: 'Phishing and training',
};

/** Finding confidence. */
export const FINDING_CONFIDENCE = ['info_gathered', 'potential', 'confirmed'] as const;
export type FindingConfidence = (typeof FINDING_CONFIDENCE)[number];
export const FINDING_CONFIDENCE_LABELS: Record<FindingConfidence, string> = {
  info_gathered: 'Info gathered',
  potential: 'Potential',
  confirmed: 'Confirmed',
};

/** Default range of the risk score and EPSS filters (EPSS is sent as 0-1). */
export const RISK_SCORE_RANGE = { min: 0, max: 100 } as const;
export const EPSS_RANGE = { min: 0, max: 100 } as const;

/**
 * How a finding was decided (ours; the spec has confidence but not the method): an active check that talked to the
 * service, the version the service announced (matched to CVEs on the upstream version), or the distribution package
 * revision it announced checked against the distribution's own fixes. Authenticated package lists come later.
 */
export const DETECTION_METHODS = ['active-check', 'service-version', 'distro-revision', 'package-list', 'policy-rule'] as const;
export type DetectionMethod = (typeof DETECTION_METHODS)[number];
export const DETECTION_LABELS: Record<DetectionMethod, string> = {
  'active-check': 'Active check',
  'service-version': 'Announced version',
  'distro-revision': 'Distribution package revision',
  'package-list': 'Installed packages (authenticated scan)',
  'policy-rule': 'Policy rule (authenticated policy scan)',
};

export function isDetectionMethod(value: unknown): value is DetectionMethod {
  return typeof value === 'string' && (DETECTION_METHODS as readonly string[]).includes(value);
}
