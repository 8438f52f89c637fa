// Schemas of the network-scanning calls (platform-core §3, §7): scan targets, network scan profiles, scans, runs with
// their tasks, results and errors, job progress (the test catalogue's are in catalogue.ts). Server and web share them.
import { z } from 'zod';
import { blank, name } from './fields.ts';
import { validateCidr, validateIp, validateIpRange } from '../validators/ip.ts';
import { validatePortString } from '../validators/ports.ts';
import { DETECTION_METHODS } from '../codes/vulnerabilities.ts';
import { tagSetPreviewInput } from './tag-set.ts';

const description = z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default('');

/** A host name as DNS allows it (letters, digits, hyphens, dots; labels of at most 63). */
export function validateHostName(value: string): string | null {
  const ok =
    value.length <= 253 &&
    /^(?=.{1,253}$)([a-zA-Z0-9_]([a-zA-Z0-9-_]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9_]([a-zA-Z0-9-_]{0,61}[a-zA-Z0-9])?)*\.?$/.test(value) &&
    !/^[0-9.]+$/.test(value);
  return ok ? null : 'Enter a valid IP address or host name.';
}

/** A host target: an IP address (4 or 6) or a host name. */
export function validateHostTarget(value: string): string | null {
  if (validateIp(value) === null) return null;
  if (/^[0-9.]+$/.test(value) || value.includes(':')) return 'Enter a valid IP address or host name.';
  return validateHostName(value);
}

/**
 * Whether an entry is written as a network or range rather than a host name: it has a '/', or its part before the
 * first '-' looks like an address. Host names may hold '-' themselves ('web-01.example.com').
 */
export function looksLikeIpRange(value: string): boolean {
  if (value.includes('/')) return true;
  const dash = value.indexOf('-');
  if (dash <= 0) return false;
  const head = value.slice(0, dash);
  return validateIp(head) === null || /^[0-9.]+$/.test(head) || head.includes(':');
}

/** A network `a.b.c.d/m` or a range `start-end`. */
export function validateIpRangeTarget(value: string): string | null {
  if (value.includes('/')) return validateCidr(value) === null ? null : 'Enter a network as address/mask, e.g. 10.0.0.0/24.';
  if (value.includes('-')) return validateIpRange(value) === null ? null : 'Enter a range as start-end, e.g. 10.0.0.1-10.0.0.50.';
  return 'Enter a network (10.0.0.0/24) or a range (10.0.0.1-10.0.0.50).';
}

export const SCAN_TARGET_KINDS = ['host', 'network', 'range'] as const;
export type ScanTargetKind = (typeof SCAN_TARGET_KINDS)[number];
/** Asset types (feature-areas §3) of the targets: network 1, host 2. */
export const SCAN_TARGET_ASSET_TYPE: Record<ScanTargetKind, 1 | 2> = { host: 2, network: 1, range: 1 };

export const scanHostInput = z.object({
  host: z
    .string()
    .trim()
    .min(1, blank)
    .max(253)
    .superRefine((v, ctx) => {
      if (v === '') return;
      const m = validateHostTarget(v);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    }),
  name: z.string().trim().max(200).default(''),
  description,
});
export const scanHost = z.object({
  id: z.number().int(),
  host: z.string(),
  name: z.string(),
  description: z.string(),
  asset_type: z.literal(2),
  created: z.string(),
});
export type ScanHost = z.infer<typeof scanHost>;

export const scanIpRangeInput = z.object({
  iprange: z
    .string()
    .trim()
    .min(1, blank)
    .max(100)
    .superRefine((v, ctx) => {
      if (v === '') return;
      const m = validateIpRangeTarget(v);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    }),
  name: z.string().trim().max(200).default(''),
  description,
});
export const scanIpRange = z.object({
  id: z.number().int(),
  iprange: z.string(),
  kind: z.enum(['network', 'range']),
  name: z.string(),
  description: z.string(),
  asset_type: z.literal(1),
  created: z.string(),
});
export type ScanIpRange = z.infer<typeof scanIpRange>;

/** POST scan/ranges/: many targets at once, one per line or separated by commas or spaces. */
export const scanRangesInput = z.object({ targets: z.string().trim().min(1, blank).max(200_000) });
export const scanRangesResult = z.object({
  hosts: z.array(scanHost),
  ipranges: z.array(scanIpRange),
  /** Entries that were already there. */
  existing: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------------
// Network scan profiles.

const portString = (label: string) =>
  z
    .string()
    .trim()
    .max(10_000)
    .default('')
    .superRefine((v, ctx) => {
      if (v === '') return;
      const m = validatePortString(v, label);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    });
const idList = z.array(z.number().int().positive()).max(100).default([]);
const slugList = z.array(z.string().trim().min(1).max(200)).max(1000).default([]);

export const networkProfileFields = z.object({
  standard_scan: z.boolean().default(true),
  ss_tcp_extra_ports: portString('extra TCP ports'),
  ss_use_tcp: z.boolean().default(true),
  custom_tcp_range: portString('custom TCP range'),
  custom_tcp_range_exclude: portString('TCP range exclude'),
  custom_udp_range: portString('custom UDP range'),
  custom_udp_range_exclude: portString('UDP range exclude'),
  plus_categories: slugList,
  minus_categories: slugList,
  plus_tests: slugList,
  minus_tests: slugList,
  /** Greenbone's "safe checks": tests that may harm or load the target (dos, fuzz, intrusive, brute force) stay off. */
  safe_checks: z.boolean().default(true),
  win_auths: idList,
  lin_auths: idList,
  kubernetes_auth: z.number().int().positive().nullable().default(null),
});
export type NetworkProfileFieldsInput = z.input<typeof networkProfileFields>;
/** A network scan profile's settings as stored and as a run copies them. */
export type NetworkProfileSettings = z.output<typeof networkProfileFields>;
/** A new profile's settings: standard scan with TCP, nothing added or removed, no credentials. */
export const DEFAULT_NETWORK_PROFILE: NetworkProfileSettings = networkProfileFields.parse({});

export const networkProfileInput = networkProfileFields.extend({ name, description });
export const networkProfile = networkProfileFields.extend({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.literal('nvt'),
  builtin: z.boolean(),
  user: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created: z.string(),
  modified: z.string(),
});
export type NetworkProfile = z.infer<typeof networkProfile>;

/** The §5 rule: switching standard scan off empties extra TCP ports and the use-tcp flag. */
export function applyStandardScanRule<T extends { standard_scan?: boolean; ss_tcp_extra_ports?: string; ss_use_tcp?: boolean }>(p: T): T {
  return p.standard_scan === false ? { ...p, ss_tcp_extra_ports: '', ss_use_tcp: false } : p;
}

/** The export format of a profile (what import accepts). */
export const networkProfileExport = networkProfileInput.extend({ format: z.literal('bulwark-nprofile/1') });

export const profileListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['nvt', 'oval', 'was', 'cloud']),
  builtin: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------------------
// Scans and runs.

export const userRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable();
export const probeRef = z.object({ id: z.number().int(), name: z.string() });

export const networkScanInput = z
  .object({
    name,
    /** Ids of scan targets (hosts and ip ranges). */
    assets: z.array(z.number().int().positive()).max(10_000).default([]),
    /** Targets written directly: hosts, networks a.b.c.d/m, ranges start-end. */
    targets: z.array(z.string().trim().min(1).max(253)).max(10_000).default([]),
    exclude: z.array(z.string().trim().min(1).max(253)).max(10_000).default([]),
    profile: z.number().int().positive({ message: 'This field is required.' }),
    /** A probe id; -1 (or null) for the built-in (external) probe. */
    node: z.number().int().nullable().default(null),
    probe_group: z.number().int().positive().nullable().default(null),
    /** Start a run at once (default true). */
    start: z.boolean().default(true),
    /** Assets chosen by tags (ids only), resolved each time a run starts. */
    unified_tags_set: tagSetPreviewInput.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.assets.length === 0 && v.targets.length === 0 && !v.unified_tags_set?.inclusion_tags.length)
      ctx.addIssue({ code: 'custom', path: ['targets'], message: 'Choose at least one target.' });
    for (const [i, t] of v.targets.entries()) {
      const m = looksLikeIpRange(t) ? validateIpRangeTarget(t) : validateHostTarget(t);
      if (m) ctx.addIssue({ code: 'custom', path: ['targets'], message: `${t}: ${m}` });
      if (i > 50) break;
    }
    if (v.node !== null && v.node !== -1 && v.probe_group !== null)
      ctx.addIssue({ code: 'custom', path: ['probe_group'], message: 'Choose a probe or a probe group, not both.' });
  });
export type NetworkScanInput = z.input<typeof networkScanInput>;

export const networkScan = z.object({
  id: z.number().int(),
  name: z.string(),
  user: userRef,
  assets: z.array(z.number().int()),
  targets: z.array(z.string()),
  exclude: z.array(z.string()),
  unified_tags_set: tagSetPreviewInput.nullable(),
  profile: profileListItem.nullable(),
  node: probeRef,
  probe_group: probeRef.nullable(),
  created: z.string(),
  last_run: z.number().int().nullable(),
  scan_type: z.enum(['nvt', 'oval', 'was', 'cloud']),
});
export type NetworkScan = z.infer<typeof networkScan>;

/** What a picker shows of a scan of any kind (network, policy, web, cloud): every scan list answers at least this. */
export const scanSummary = networkScan.pick({ id: true, name: true, created: true });
export type ScanSummary = z.infer<typeof scanSummary>;

export const scanActionName = z.enum(['pause', 'resume', 'cancel', 'force_cancel']);

export const scanTask = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  state: z.number().int(),
  state_label: z.string().nullable(),
  targets: z.array(z.string()),
  progress: z.number(),
  hosts_total: z.number().int(),
  hosts_done: z.number().int(),
  probe: probeRef.nullable(),
  attempts: z.number().int(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
});
export type ScanTaskRow = z.infer<typeof scanTask>;

/** A row of scan/nruns/ (the §3 scan list row, plus what the list needs to show progress and actions). */
export const scanRun = z.object({
  id: z.number().int(),
  scan_id: z.number().int(),
  name: z.string(),
  user: userRef,
  targets: z.array(z.string()),
  scanned_items: z.number().int(),
  state: z.number().int(),
  state_label: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  result: z.number().int().nullable(),
  result_label: z.string().nullable(),
  cnt_vulns: z.number().int(),
  severity_counts: z.array(z.number().int()),
  progress: z.number(),
  hosts_total: z.number().int(),
  /** Live while the run scans (the hosts its tasks delivered), the processed count afterwards. */
  hosts_up: z.number().int(),
  /** Hosts finished across the run's tasks. */
  hosts_done: z.number().int(),
  /** Seconds since the run started (to its end once finished); null before it started. */
  elapsed_seconds: z.number().int().nullable(),
  /** Estimated seconds left from hosts done per second; null while there is not enough data ("estimating…") or not scanning. */
  remaining_seconds: z.number().int().nullable(),
  open_ports: z.number().int(),
  node: probeRef,
  probe_group: probeRef.nullable(),
  is_external: z.boolean(),
  scheduled: z.boolean(),
  profile: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  actions: z.array(scanActionName),
  created: z.string(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  processing_job: z.string().nullable(),
  children: z.array(scanTask),
  /** 'nvt' (vulnerability tests, scan/nruns/), 'oval' (policy, scan/noruns/) or 'was' (web, scan/wruns/). */
  scan_type: z.enum(['nvt', 'oval', 'was', 'cloud']),
  /** Policy runs: the policy evaluated and the hosts' mean score (null until results are in). */
  policy: z.object({ id: z.string(), name: z.string() }).nullable(),
  score: z.number().nullable(),
});
export type ScanRunRow = z.infer<typeof scanRun>;

/** Query of scan/nruns/: paging, ordering (§3 sort keys, '-' for descending) and the §3 filter fields. */
export const SCAN_RUN_ORDERINGS = [
  'name',
  'scan_id',
  'user',
  'scanned_items',
  'status',
  'started',
  'finished',
  'cnt_vulns',
  'created',
] as const;

export const scanErrorRow = z.object({ type: z.number().int(), type_label: z.string(), message: z.string(), count: z.number().int() });

export const runHostPort = z.object({
  port: z.number().int(),
  protocol: z.enum(['tcp', 'udp']),
  state: z.string(),
  service: z.string().nullable(),
  product: z.string().nullable(),
  version: z.string().nullable(),
  cpe: z.array(z.string()),
  tls: z.boolean(),
});
export const runHost = z.object({
  host_id: z.number().int(),
  address: z.string(),
  hostnames: z.array(z.string()),
  ports: z.array(runHostPort),
  findings_count: z.number().int(),
  max_severity: z.number().int().nullable(),
  /** The authenticated look at the host in this run (credential health code and what happened), null without one. */
  credential_health: z.string().nullable(),
  credential_message: z.string().nullable(),
});
export type RunHost = z.infer<typeof runHost>;

export const findingRow = z.object({
  id: z.number().int(),
  host_id: z.number().int(),
  address: z.string(),
  name: z.string(),
  check_id: z.string().nullable(),
  cve: z.string().nullable(),
  cves: z.array(z.string()),
  port: z.number().int().nullable(),
  protocol: z.enum(['tcp', 'udp']).nullable(),
  severity: z.number().int(),
  severity_label: z.string(),
  confidence: z.string(),
  state: z.number().int(),
  state_label: z.string(),
  cvss: z.number().nullable(),
  cvss_vector: z.string().nullable(),
  epss: z.number().nullable(),
  epss_percentile: z.number().nullable(),
  exploit_known: z.boolean(),
  ransomware_known: z.boolean(),
  risk_score: z.number(),
  evidence: z.string().nullable(),
  description: z.string().nullable(),
  solution: z.string().nullable(),
  matched_by: z.string().nullable(),
  /** How the finding was decided (DETECTION_METHODS); null on findings stored before it was recorded. */
  detection: z.enum(DETECTION_METHODS).nullable(),
  detection_label: z.string(),
  /** Quality of detection 0-100 (codes/qod.ts) and its level, "30 % (Low)". */
  qod: z.number().int().default(0),
  qod_label: z.string().default(''),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type FindingRow = z.infer<typeof findingRow>;

/** States of background work, Celery's: RETRY is a failed attempt that will run again; FAILURE is final. */
export const JOB_STATES = ['PENDING', 'PROGRESS', 'RETRY', 'SUCCESS', 'FAILURE'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** celery-progress/{id}/: the shape the classic progress endpoint answers with. */
export const jobProgress = z.object({
  state: z.enum(JOB_STATES),
  complete: z.boolean(),
  success: z.boolean().nullable(),
  progress: z.object({ current: z.number().int(), total: z.number().int(), percent: z.number() }),
  result: z.unknown().nullable(),
});
