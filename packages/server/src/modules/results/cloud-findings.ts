// Builds a cloud run's findings (pure): each failed control on a resource becomes one finding of source `cloud` on the
// resource's asset (an account-level control on the asset of the account itself), keyed by control and resource so the
// same control on the same resource is the same finding across runs, with the check id `cloud:<control>` (one issue per
// control: hid `nvt-cloud:<control>`, which the `cp/{control}` page finds by that check id), the control's words,
// severity and the API answer that shows it. Also reads the CloudScanResult a probe delivered as untrusted JSON.
import { findingRiskScore } from '@bulwark/intel';
import { CLOUD_SCAN_KIND, qodOf, type Severity } from '@bulwark/core';
import type { CloudControlInfo, CloudControlResult, CloudProviderKey, CloudScanResult } from '@bulwark/scanner';
import { z } from 'zod';
import type { FindingInput } from './findings.ts';

/** The finding source of cloud findings. */
export const CLOUD_SOURCE = 'cloud' as const;

/** The asset value of a provider account (account-level controls are findings on it): `aws:account:123456789012`. */
export const cloudAccountUid = (provider: CloudProviderKey, account: string): string => `${provider}:account:${account}`;

/** `cloud:<control>@<uid>`: the same control on the same resource is the same finding across runs. */
export const cloudFindingKey = (control: string, uid: string): string => `cloud:${control}@${uid}`;

/** The check id of a control's findings (core's CLOUD_SCAN_KIND.findingSource.checkIdPrefix + the control id). */
export const cloudCheckId = (control: string): string => `${CLOUD_SCAN_KIND.findingSource.checkIdPrefix}${control}`;

/** The evidence as one text: the API answer, and why a control could not be read. */
export function cloudEvidenceText(r: CloudControlResult, uid: string, info: CloudControlInfo | undefined): string {
  const lines = [`Resource: ${uid}`];
  if (info?.reference) lines.push(`${info.benchmark} ${info.reference}`.trim());
  if (r.evidence) lines.push('', r.evidence);
  if (r.message) lines.push('', r.message);
  return lines.join('\n');
}

/** A failed control on one resource (its uid, or the account's) as a finding of its asset. */
export function cloudFindingInput(r: CloudControlResult, uid: string, info: CloudControlInfo | undefined): FindingInput {
  const severity = (info?.severity ?? 2) as Severity;
  return {
    key: cloudFindingKey(r.control, uid),
    checkId: cloudCheckId(r.control),
    cve: null,
    cves: [],
    port: null,
    protocol: null,
    name: info?.title ?? r.control,
    severity,
    confidence: 'confirmed',
    cvss: null,
    cvssVector: null,
    epss: null,
    epssPercentile: null,
    exploitKnown: false,
    ransomwareKnown: false,
    riskScore: findingRiskScore({ cvss: null, severity, epss: null, kev: false, ransomware: false }),
    evidence: cloudEvidenceText(r, uid, info),
    description: info?.description ?? null,
    solution: info?.solution ?? null,
    cwes: [],
    references: [],
    matchedBy: 'check',
    // A configuration read through the provider's API and judged by a rule, as a policy rule is.
    detection: 'policy-rule',
    qod: qodOf('policy-rule'),
    source: CLOUD_SOURCE,
    owasp: null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The delivered result, checked and bounded (a remote probe sends it over the wire).

const str = (max: number) => z.string().transform((s) => s.slice(0, max));
const providerKey = z.enum(['aws', 'azure', 'oracle', 'google']);

const resource = z.object({
  uid: str(2000).pipe(z.string().min(1)),
  provider: providerKey,
  account: str(500),
  region: str(100).nullable().default(null),
  service: str(100),
  type: str(200),
  name: str(1000),
  publicAddresses: z.array(str(100)).max(1000).default([]),
  tags: z.record(str(300), str(1000)).default({}),
  properties: z.record(z.string(), z.unknown()).default({}),
});

const controlResult = z.object({
  control: str(200).pipe(z.string().min(1)),
  resource: str(2000).nullable(),
  status: z.enum(['pass', 'fail', 'error', 'not_applicable']),
  evidence: str(8000).default(''),
  message: str(2000).optional(),
});

export const deliveredCloudResult = z.object({
  provider: providerKey,
  account: str(500).pipe(z.string().min(1)),
  accountName: str(500).optional(),
  resources: z.array(resource).default([]),
  results: z.array(controlResult).default([]),
  errors: z
    .array(
      z.object({
        type: z.number().int(),
        message: z.string(),
        host: z.string().nullish(),
        // A read the collector could not make (CloudReadError): what it would have read limits what may be marked gone.
        call: str(300).optional(),
        regions: z.array(str(100)).max(1000).optional(),
      }),
    )
    .default([]),
  stats: z
    .object({
      calls: z.number().default(0),
      throttled: z.number().default(0),
      startedAt: z.string().default(''),
      finishedAt: z.string().default(''),
      durationMs: z.number().default(0),
    })
    .default({ calls: 0, throttled: 0, startedAt: '', finishedAt: '', durationMs: 0 }),
});

/** The cloud result of a task's stored result (`{ cloud: CloudScanResult, … }`), or null when the task is not a cloud task. */
export function cloudResultOf(taskId: number, stored: unknown): CloudScanResult | null {
  if (typeof stored !== 'object' || stored === null || !('cloud' in stored)) return null;
  const parsed = deliveredCloudResult.safeParse((stored as { cloud: unknown }).cloud);
  if (parsed.success) return parsed.data as CloudScanResult;
  const issue = parsed.error.issues[0];
  throw new Error(`The cloud result of task ${taskId} is not a cloud scan result: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
}
