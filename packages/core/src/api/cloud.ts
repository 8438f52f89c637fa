// Schemas of cloud scanning (platform-core §2, §3, §7; issue 32): cloud scan profiles (scan/cprofiles/, one provider's
// credentials and the regions to scan), cloud scans and runs (scan/cscans/, scan/cruns/), a run's resources and control
// results (policy_results), the regions of each provider (cloud/supported-regions/{provider}/), the profile picker
// (cloud/cloud_basics/), cloud resources as assets (cloud/resources/) and the control catalogue (cloud/controls/).
import { z } from 'zod';
import { name } from './fields.ts';
import { MASKED } from './integrations.ts';
import { CLOUD_PROVIDER, type CloudProvider } from '../codes/scans.ts';
import { probeRef, scanRun, userRef } from './scans.ts';

// ---------------------------------------------------------------------------------------------------------------
// Providers and their credential fields, said once: the server validates and masks by them, the web form draws them.

/** The providers by key; their §3 codes are CLOUD_PROVIDER (AWS 0, Azure 1, Oracle 3, Google 4). */
export const CLOUD_PROVIDER_KEYS = ['aws', 'azure', 'oracle', 'google'] as const;
export type CloudProviderKey = (typeof CLOUD_PROVIDER_KEYS)[number];
export const cloudProviderKeyOf = (code: CloudProvider): CloudProviderKey => CLOUD_PROVIDER_KEYS.find((k) => CLOUD_PROVIDER[k] === code)!;

export interface CloudCredentialField {
  /** The key under `credentials`. */
  name: string;
  label: string;
  /** Sealed at rest, answered as the mask; '' on an update keeps the stored value. */
  secret?: boolean;
  /** A list of values (subscriptions, projects …), sent as an array. */
  list?: boolean;
  /** A multi-line value (a private key, a service-account key file). */
  multiline?: boolean;
  required: boolean;
  /** Required only when another field has a value: `auth` = 'role' needs role_arn. */
  requiredWhen?: { field: string; equals: string };
  /** The choices of a select. */
  choices?: readonly { value: string; label: string }[];
  help?: string;
}

/** The credential fields of each provider, in form order. */
export const CLOUD_CREDENTIAL_FIELDS: Record<CloudProviderKey, readonly CloudCredentialField[]> = {
  aws: [
    {
      name: 'auth',
      label: 'Authentication',
      required: true,
      choices: [
        { value: 'keys', label: 'Access key' },
        { value: 'role', label: 'Access key, then assume a role' },
      ],
    },
    { name: 'access_key_id', label: 'Access key ID', required: true },
    { name: 'secret_access_key', label: 'Secret access key', secret: true, required: true },
    {
      name: 'role_arn',
      label: 'Role ARN',
      required: false,
      requiredWhen: { field: 'auth', equals: 'role' },
      help: 'arn:aws:iam::<account>:role/<name>: a role with the SecurityAudit and ViewOnlyAccess policies.',
    },
    { name: 'external_id', label: 'External ID', required: false, help: 'The external ID the role’s trust policy asks for.' },
  ],
  azure: [
    { name: 'tenant_id', label: 'Tenant (directory) ID', required: true },
    { name: 'client_id', label: 'Client (application) ID', required: true },
    { name: 'client_secret', label: 'Client secret', secret: true, required: true },
    {
      name: 'subscriptions',
      label: 'Subscriptions',
      list: true,
      required: false,
      help: 'Subscription IDs to scan; empty scans every subscription the application can read (Reader role).',
    },
  ],
  oracle: [
    { name: 'tenancy_ocid', label: 'Tenancy OCID', required: true },
    { name: 'user_ocid', label: 'User OCID', required: true },
    { name: 'fingerprint', label: 'API key fingerprint', required: true },
    { name: 'private_key', label: 'API private key (PEM)', secret: true, multiline: true, required: true },
    { name: 'region', label: 'Home region', required: true, help: 'The tenancy’s home region, e.g. eu-frankfurt-1.' },
  ],
  google: [
    {
      name: 'service_account_key',
      label: 'Service account key (JSON)',
      secret: true,
      multiline: true,
      required: true,
      help: 'The JSON key of a service account with the Viewer and Security Reviewer roles.',
    },
    {
      name: 'projects',
      label: 'Projects',
      list: true,
      required: false,
      help: 'Project IDs to scan; empty scans every project the key can read.',
    },
  ],
};

/** The credentials as written: values by field name (lists as arrays). Checked against the provider's fields on save. */
export const cloudCredentialsInput = z
  .record(z.string().max(100), z.union([z.string().max(20_000), z.array(z.string().trim().min(1).max(500)).max(500)]))
  .default({});
export type CloudCredentialsInput = z.infer<typeof cloudCredentialsInput>;

/**
 * The credentials' errors for a provider, keyed `credentials.<field>` ({} when fine). `stored` names the secret fields a
 * saved profile already holds (left '' on an update they are kept).
 */
export function cloudCredentialErrors(
  provider: CloudProviderKey,
  credentials: CloudCredentialsInput,
  stored: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const errors: Record<string, string> = {};
  const fields = CLOUD_CREDENTIAL_FIELDS[provider];
  for (const key of Object.keys(credentials))
    if (!fields.some((f) => f.name === key)) errors[`credentials.${key}`] = 'This field is not a credential of this provider.';
  for (const f of fields) {
    const value = credentials[f.name];
    if (f.list) {
      if (value !== undefined && !Array.isArray(value)) errors[`credentials.${f.name}`] = 'Send a list of values.';
      continue;
    }
    if (Array.isArray(value)) {
      errors[`credentials.${f.name}`] = 'Send one value, not a list.';
      continue;
    }
    const text = (value ?? '').trim();
    if (f.choices && text !== '' && !f.choices.some((c) => c.value === text)) {
      errors[`credentials.${f.name}`] = `Choose one of: ${f.choices.map((c) => c.value).join(', ')}.`;
      continue;
    }
    const needed = f.required || (f.requiredWhen !== undefined && (credentials[f.requiredWhen.field] ?? '') === f.requiredWhen.equals);
    if (needed && text === '' && !(f.secret && stored.has(f.name))) errors[`credentials.${f.name}`] = 'This field is required.';
  }
  return errors;
}

/** The credentials as answered: secrets as the mask when stored, null when not; the rest as saved. */
export const cloudCredentialsOutput = z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()]));
export { MASKED as CLOUD_SECRET_MASK };

// ---------------------------------------------------------------------------------------------------------------
// Regions.

export const cloudRegion = z.object({ id: z.string(), label: z.string() });
export type CloudRegion = z.infer<typeof cloudRegion>;
/** GET cloud/supported-regions/{provider}/ ({provider}: aws, azure, oracle, google or the §3 code). */
export const cloudRegionList = z.object({ provider: z.number().int(), results: z.array(cloudRegion) });

// ---------------------------------------------------------------------------------------------------------------
// Cloud scan profiles (scan/cprofiles/).

const description = z.string().trim().max(2000, 'Ensure this field has no more than 2000 characters.').default('');
const providerCode = z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)], {
  message: 'Choose a provider: 0 (AWS), 1 (Azure), 3 (Oracle) or 4 (Google).',
});

export const cloudProfileFields = z.object({
  provider: providerCode,
  /** Region ids to scan (cloud/supported-regions/); empty scans every region the provider offers. */
  regions: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
  /** Control ids left out of the evaluation (cloud/controls/). */
  minus_controls: z.array(z.string().trim().min(1).max(200)).max(1000).default([]),
  credentials: cloudCredentialsInput,
});
export type CloudProfileFields = z.infer<typeof cloudProfileFields>;

export const cloudProfileInput = cloudProfileFields.extend({ name, description });
export type CloudProfileInput = z.input<typeof cloudProfileInput>;

export const cloudProfile = cloudProfileFields.extend({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.literal('cloud'),
  builtin: z.boolean(),
  user: userRef,
  created: z.string(),
  modified: z.string(),
  credentials: cloudCredentialsOutput,
  /** The account the last successful test or scan reached (AWS account id, tenant, project list, tenancy). */
  account: z.string().nullable(),
});
export type CloudProfile = z.infer<typeof cloudProfile>;

/** The export of a cloud profile: the provider, regions and controls; credentials are never exported. */
export const cloudProfileExport = cloudProfileInput.extend({ format: z.literal('bulwark-cprofile/1') });
export type CloudProfileExport = z.infer<typeof cloudProfileExport>;

/** GET cloud/cloud_basics/: the profiles for pickers. */
export const cloudBasics = z.array(z.object({ id: z.number().int(), name: z.string(), provider: z.number().int() }));

/**
 * POST scan/cprofiles/{id}/test/ (the stored credentials, or those in the body before saving: POST scan/cprofiles/test/):
 * whether the provider accepted them, the account reached, and the read permissions a scan needs that were refused.
 */
export const cloudTestResult = z.object({
  ok: z.boolean(),
  account: z.string().nullable(),
  /** The permissions (as the provider names them: `s3:GetBucketPolicy`, `Microsoft.Storage/storageAccounts/read`) refused. */
  missing_permissions: z.array(z.string()),
  message: z.string(),
});
export type CloudTestResult = z.infer<typeof cloudTestResult>;

// ---------------------------------------------------------------------------------------------------------------
// Cloud scans (scan/cscans/).

export const cloudScanInput = z.object({
  name,
  profile: z.number().int().positive({ message: 'This field is required.' }),
  /** A probe id; -1 (or null) for the built-in probe. */
  node: z.number().int().nullable().default(null),
  probe_group: z.number().int().positive().nullable().default(null),
  /** Start a run at once (the default), as the other scan kinds do. */
  start: z.boolean().default(true),
});
export type CloudScanInput = z.input<typeof cloudScanInput>;

export const cloudScan = z.object({
  id: z.number().int(),
  name: z.string(),
  profile: z.object({ id: z.number().int(), name: z.string(), provider: z.number().int() }).nullable(),
  node: probeRef.nullable(),
  user: userRef,
  created: z.string(),
  last_started: z.string().nullable(),
  /** The newest run (scan/cruns/{id}/), null before the first. */
  last_run: z.number().int().nullable(),
});
export type CloudScan = z.infer<typeof cloudScan>;

// ---------------------------------------------------------------------------------------------------------------
// Controls, results and resources.

/** How a control came out on a resource (or on the account when it has none). */
export const CLOUD_CONTROL_STATUSES = ['pass', 'fail', 'error', 'not_applicable'] as const;
export type CloudControlStatus = (typeof CLOUD_CONTROL_STATUSES)[number];
export const CLOUD_CONTROL_STATUS_LABELS: Record<CloudControlStatus, string> = {
  pass: 'Passed',
  fail: 'Failed',
  error: 'Could not be read',
  not_applicable: 'Not applicable',
};

/** A control of the catalogue (GET cloud/controls/, cloud/controls/{id}/): the `cp` of /vm/unified-vulnerabilities/cp/{cp}. */
export const cloudControl = z.object({
  id: z.string(),
  provider: z.number().int(),
  /** 'CIS Amazon Web Services Foundations Benchmark v3.0.0' … */
  benchmark: z.string(),
  /** The benchmark's recommendation number ('1.5'), '' for Bulwark's own. */
  reference: z.string(),
  title: z.string(),
  description: z.string(),
  solution: z.string(),
  /** 0 info … 4 critical, as findings. */
  severity: z.number().int().min(0).max(4),
  service: z.string(),
  resource_type: z.string(),
});
export type CloudControlItem = z.infer<typeof cloudControl>;

/** One line of GET scan/cruns/{id}/policy_results/: a control with its counts in the run. */
export const cloudPolicyResult = cloudControl.extend({
  passed: z.number().int(),
  failed: z.number().int(),
  errors: z.number().int(),
  status: z.enum(CLOUD_CONTROL_STATUSES),
});
export type CloudPolicyResult = z.infer<typeof cloudPolicyResult>;

/** A cloud resource (an asset of kind `cloud`, type 4): GET cloud/resources/, cloud/resources/{id}/, scan/cruns/{id}/results/. */
export const cloudResource = z.object({
  /** The asset id. */
  id: z.number().int(),
  provider: z.number().int(),
  /** The provider's own id: ARN, Azure resource id, Google self link, OCID. */
  uid: z.string(),
  name: z.string(),
  account: z.string(),
  region: z.string().nullable(),
  service: z.string(),
  resource_type: z.string(),
  public_addresses: z.array(z.string()),
  tags: z.record(z.string(), z.string()),
  properties: z.record(z.string(), z.unknown()),
  first_seen: z.string(),
  last_seen: z.string(),
  /** When a scan of its account and region last missed it (the resource is gone); null while it is seen. */
  gone_since: z.string().nullable(),
  /** Open findings by severity. */
  vulnerabilities: z.object({ critical: z.number(), high: z.number(), medium: z.number(), low: z.number(), info: z.number() }),
});
export type CloudResourceItem = z.infer<typeof cloudResource>;

/** The query of cloud/resources/ (paged; every filter indexed). */
export const cloudResourceQuery = z.object({
  provider: z.coerce.number().int().optional(),
  account: z.string().max(500).optional(),
  region: z.string().max(100).optional(),
  resource_type: z.string().max(200).optional(),
  search: z.string().max(500).optional(),
  /** 'true': only resources a scan missed; 'false': only those still seen. */
  gone: z.enum(['true', 'false']).optional(),
  /** A run: the resources it saw (scan/cruns/{id}/results/ sets it). */
  run: z.coerce.number().int().positive().optional(),
});

/**
 * A cloud run's row (scan/cruns/): the shared run row with the account it read and the engine's progress summed over
 * its tasks (calls made, resources found, regions done of the regions to read, the least advanced phase).
 */
export const cloudRunProgress = z.object({
  cloud: z
    .object({
      provider: z.number().int(),
      provider_label: z.string(),
      /** The account (AWS account id, Azure tenant, Google project, OCI tenancy) once the run has read it. */
      account: z.string().nullable(),
      account_name: z.string().nullable(),
      regions: z.array(z.string()),
      phase: z.string().nullable(),
      calls: z.number().int(),
      resources: z.number().int(),
      regions_done: z.number().int(),
      regions_total: z.number().int(),
    })
    .nullable(),
});
export const cloudScanRun = scanRun.extend({ scan_type: z.literal('cloud') }).extend(cloudRunProgress.shape);
export type CloudScanRunRow = z.infer<typeof cloudScanRun>;
