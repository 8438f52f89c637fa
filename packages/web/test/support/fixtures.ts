// Answers of the API as the server sends them, each checked against @bulwark/core's schema so a test cannot drift from
// the real shapes: runs, tasks, findings, hosts, profiles, probes, probe groups, feed imports, CVE matches, a session,
// audit events and the platform's customers.
import {
  DEFAULT_NETWORK_PROFILE,
  auditEvent,
  customer,
  featureFlagMap,
  feedImport,
  feedSyncStatus,
  findingRow,
  networkProfile,
  platformCustomer,
  probe,
  probeGroup,
  runHost,
  scanRun,
  scanTask,
  userProfile,
  vulnerabilityMatch,
  type AuditEvent,
  type Customer,
  type FeedImport,
  type FeedSyncSource,
  type FeedSyncStatus,
  type FindingRow,
  type NetworkProfile,
  type PlatformCustomer,
  type Probe,
  type RunHost,
  type ScanRunRow,
  type ScanTaskRow,
  type UserProfile,
} from '@bulwark/core';
import type { Session } from '../../src/session/session.ts';
import type { ProbeGroup } from '../../src/features/probes/probes-api.ts';
import type { VulnerabilityMatch } from '../../src/features/intel/api/intel-api.ts';

export function aRun(overrides: Partial<ScanRunRow> = {}): ScanRunRow {
  return scanRun.parse({
    id: 7,
    scan_id: 3,
    name: 'Office LAN',
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace' },
    targets: ['10.0.0.0/24'],
    scanned_items: 256,
    state: 3,
    state_label: 'Running',
    status: 1,
    status_label: 'In Progress',
    result: null,
    result_label: null,
    cnt_vulns: 0,
    severity_counts: [0, 0, 0, 0, 0],
    progress: 42,
    hosts_total: 256,
    hosts_up: 3,
    hosts_done: 100,
    elapsed_seconds: 120,
    remaining_seconds: 180,
    open_ports: 5,
    node: { id: -1, name: 'External (built-in)' },
    probe_group: null,
    is_external: true,
    scheduled: false,
    profile: { id: 2, name: 'Standard' },
    actions: ['pause', 'cancel', 'force_cancel'],
    created: '2026-11-20T10:00:00.000Z',
    started: '2026-11-20T10:00:01.000Z',
    finished: null,
    processing_job: null,
    children: [],
    scan_type: 'nvt',
    policy: null,
    score: null,
    ...overrides,
  });
}

/** A run that has finished: at rest, so the list does not poll for it. */
export function aFinishedRun(overrides: Partial<ScanRunRow> = {}): ScanRunRow {
  return aRun({
    state: 4,
    state_label: 'Finished',
    status: 2,
    status_label: 'Finished',
    result: 2,
    result_label: 'Fail',
    cnt_vulns: 3,
    progress: 100,
    actions: [],
    finished: '2026-11-20T10:05:00.000Z',
    ...overrides,
  });
}

export function aTask(overrides: Partial<ScanTaskRow> = {}): ScanTaskRow {
  return scanTask.parse({
    id: 11,
    parent: 7,
    state: 4,
    state_label: 'Finished',
    targets: ['10.0.0.0/25'],
    progress: 100,
    hosts_total: 128,
    hosts_done: 128,
    probe: { id: -1, name: 'External (built-in)' },
    attempts: 1,
    started: '2026-11-20T10:00:01.000Z',
    finished: '2026-11-20T10:04:00.000Z',
    ...overrides,
  });
}

export function aFinding(overrides: Partial<FindingRow> = {}): FindingRow {
  return findingRow.parse({
    id: 21,
    host_id: 5,
    address: '10.0.0.5',
    name: 'OpenSSH regreSSHion',
    check_id: null,
    cve: 'CVE-2024-6387',
    cves: [],
    port: 22,
    protocol: 'tcp',
    severity: 3,
    severity_label: 'High',
    confidence: 'confirmed',
    state: 0,
    state_label: 'New',
    cvss: 8.1,
    cvss_vector: null,
    epss: 0.5,
    epss_percentile: 0.9,
    exploit_known: false,
    ransomware_known: false,
    risk_score: 71,
    evidence: null,
    description: null,
    solution: 'Upgrade OpenSSH.',
    matched_by: null,
    detection: 'service-version',
    detection_label: 'Announced version',
    qod: 30,
    qod_label: '30 % (Low)',
    first_seen: '2026-11-20T10:05:00.000Z',
    last_seen: '2026-11-20T10:05:00.000Z',
    ...overrides,
  });
}

export function aHost(overrides: Partial<RunHost> = {}): RunHost {
  return runHost.parse({
    host_id: 5,
    address: '10.0.0.5',
    hostnames: ['bastion.example.com'],
    ports: [{ port: 22, protocol: 'tcp', state: 'open', service: 'ssh', product: 'OpenSSH', version: '8.9p1', cpe: [], tls: false }],
    findings_count: 1,
    max_severity: 3,
    credential_health: null,
    credential_message: null,
    ...overrides,
  });
}

export function aProfile(overrides: Partial<NetworkProfile> = {}): NetworkProfile {
  return networkProfile.parse({
    ...DEFAULT_NETWORK_PROFILE,
    id: 9,
    name: 'Weekly sweep',
    description: 'All TCP ports of the office',
    type: 'nvt',
    builtin: false,
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace' },
    created: '2026-11-19T10:00:00.000Z',
    modified: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

export function aProbe(overrides: Partial<Probe> = {}): Probe {
  return probe.parse({
    id: 4,
    name: 'Branch office',
    group: null,
    status: 'online',
    status_label: 'Online',
    last_heartbeat: '2026-11-20T10:00:00.000Z',
    registered: '2026-11-19T10:00:00.000Z',
    hostname: 'probe-1',
    version: '0.1.0',
    address: '127.0.0.3',
    active_runs: 1,
    token_expires: null,
    builtin: false,
    load: null,
    ...overrides,
  });
}

export function aProbeGroup(overrides: Partial<ProbeGroup> = {}): ProbeGroup {
  return probeGroup.parse({ id: 2, name: 'Datacentre', probes: [{ id: 4, name: 'Branch office' }], active_runs: 0, ...overrides });
}

export function anImport(overrides: Partial<FeedImport> = {}): FeedImport {
  return feedImport.parse({
    id: 3,
    sources: ['/data/feeds/kev/known_exploited_vulnerabilities.json'],
    status: 'done',
    percent: 100,
    counts: { read: 1404, added: 1404, updated: 0, unchanged: 0, skipped: 0 },
    bytes_read: 1257565,
    bytes_total: 1257565,
    formats: ['KEV'],
    errors: [],
    message: null,
    created_at: '2026-11-20T10:14:00.000Z',
    started_at: '2026-11-20T10:14:01.000Z',
    finished_at: '2026-11-20T10:15:00.000Z',
    ...overrides,
  });
}

/** A feed source as intel/status/ lists it: synced once, up to date. */
export function aSyncSource(overrides: Partial<FeedSyncSource> = {}): FeedSyncSource {
  return {
    source: 'kev',
    label: 'CISA Known Exploited Vulnerabilities',
    state: 'ok',
    last_attempt_at: '2026-11-24T03:30:00.000Z',
    last_success_at: '2026-11-24T03:30:05.000Z',
    last_error: null,
    last_error_at: null,
    records: 1404,
    unchanged: false,
    progress: null,
    ...overrides,
  };
}

/** The sync part of intel/status/: daily at 03:30 UTC, not running, the given sources. */
export function aSyncStatus(overrides: Partial<FeedSyncStatus> = {}): FeedSyncStatus {
  return feedSyncStatus.parse({
    enabled: true,
    at: '03:30',
    time_zone: 'UTC',
    next_run_at: '2026-11-25T03:30:00.000Z',
    running: false,
    sources: [aSyncSource()],
    ...overrides,
  });
}

export function aMatch(overrides: Partial<VulnerabilityMatch> = {}): VulnerabilityMatch {
  return vulnerabilityMatch.parse({
    cve: 'CVE-2024-6387',
    cvss: { version: '3.1', vector: 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H', score: 8.1 },
    severity: 3,
    epss: 0.4,
    epss_percentile: 0.97,
    kev: false,
    ransomware: false,
    kev_date_added: null,
    kev_due_date: null,
    matched_by: 'cpe:2.3:a:openbsd:openssh:*:*:*:*:*:*:*:* < 9.8',
    risk_score: 64.2,
    published: '2024-07-01T00:00:00.000Z',
    description: 'A signal handler race condition in sshd.',
    references: [],
    ...overrides,
  });
}

export function aUserProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return userProfile.parse({
    id: 1,
    user: 1,
    email: 'admin@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    picture: null,
    phone_number: null,
    is_superuser: true,
    customer_admin: true,
    customer: 1,
    customer_name: 'Example Ltd',
    days_to_expiration: 300,
    permissions: {},
    role: null,
    platform_operator: true,
    two_factor_method: 'none',
    digestreportconfig: null,
    ...overrides,
  });
}

/** The signed-in user's organisation as GET customer/ answers it (start-up loads it after the profile). */
export function aCustomer(overrides: Partial<Customer> = {}): Customer {
  return customer.parse({
    id: 1,
    name: 'Example Ltd',
    logo: null,
    subscription_tier: 2,
    license_end_date: '2027-09-16',
    days_to_expiration: 300,
    integrations: [],
    lifecycle_management_enabled: false,
    lifecycle_period: 90,
    risk_acceptance_approval: false,
    blackouts: null,
    max_concurrent_tasks: 4,
    ...overrides,
  });
}

/** A signed-in session as start-up leaves it in the query cache. */
export function aSession(profile: UserProfile = aUserProfile()): Session {
  return {
    auth: { isAuthenticated: true, sessionExpiryAgeSeconds: 3600, impersonated: false, impersonation_source: null },
    flags: featureFlagMap([]),
    profile,
    customer: null,
  };
}

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return auditEvent.parse({
    id: 31,
    created: '2026-11-20T10:15:00.000Z',
    user: 1,
    actor: 'admin@example.com',
    impersonated: false,
    impersonation_source: null,
    resource: 'net_scans',
    action: 'create',
    method: 'POST',
    route: '/api/scan/nscans/',
    object_id: '12',
    status: 201,
    summary: { name: 'Office LAN', targets: ['10.0.0.0/24'] },
    ip: '127.0.0.1',
    ...overrides,
  });
}

export function aPlatformCustomer(overrides: Partial<PlatformCustomer> = {}): PlatformCustomer {
  return platformCustomer.parse({
    id: 1,
    name: 'Example Ltd',
    subscription_tier: 1,
    license_end_date: '2027-09-16',
    days_to_expiration: 300,
    feature_flags: [],
    max_concurrent_tasks: null,
    users: 3,
    created: '2026-01-05T09:00:00.000Z',
    ...overrides,
  });
}
