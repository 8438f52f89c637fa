// The cloud engine's contract (issue 32): what a probe is told to read (one provider account, its regions, the
// credentials opened for this task), what it hands back (the resources it inventoried and each control's result on
// them, with the API answer that shows it) and what each provider brings (its collector, its controls, its test of
// the credentials). Plain JSON, so a remote probe receives and returns it over HTTP.
import type { CloudControlStatus, CloudProviderKey } from '@bulwark/core';
import type { ScanError } from '../types.ts';

export type { CloudControlStatus, CloudProviderKey };

/**
 * Where the provider's APIs are: the public clouds when unset. Operators set them for sovereign clouds or a private
 * endpoint (BULWARK_CLOUD_*_URL on the server); the tests point them at the local stand-ins.
 */
export interface CloudEndpoints {
  /** Every AWS service at one URL (moto's server mode, a VPC endpoint proxy). */
  aws?: string;
  /** https://login.microsoftonline.com */
  azureLogin?: string;
  /** https://management.azure.com */
  azureManagement?: string;
  /** https://graph.microsoft.com (users, MFA registration for the identity controls). */
  azureGraph?: string;
  /** https://oauth2.googleapis.com/token */
  googleToken?: string;
  /** Base for every Google API (https://{service}.googleapis.com when unset): one URL for the stand-in. */
  googleApis?: string;
  /** https://{service}.{region}.oraclecloud.com when unset; one URL for the stand-in. */
  oracle?: string;
}

export interface CloudLimits {
  /** Calls in flight at once (per account; default 8). */
  parallel: number;
  /** Calls per second at most (per account; default 20); throttling answers (429, ThrottlingException) back off further. */
  requestsPerSecond: number;
  /** Stop inventorying past this many resources (default 100,000): the run gets an error saying so. */
  maxResources: number;
  /** One call's timeout, ms (default 30,000). */
  callTimeoutMs: number;
}

export const DEFAULT_CLOUD_LIMITS: CloudLimits = { parallel: 8, requestsPerSecond: 20, maxResources: 100_000, callTimeoutMs: 30_000 };

/** One cloud scan task. */
export interface CloudScanSpec {
  provider: CloudProviderKey;
  /** The profile's credentials, opened for this task only (dropped by the probe when it ends); lists as arrays. */
  credentials: Record<string, string | string[]>;
  /** The regions to read (never empty: the server fills in every supported region when the profile names none). */
  regions: string[];
  /** Control ids to leave out (the profile's minus_controls). */
  minusControls?: string[];
  endpoints?: CloudEndpoints;
  limits?: Partial<CloudLimits>;
}

/** A resource as the provider describes it, reduced to what the inventory and the controls need. */
export interface CloudResource {
  /** The provider's own unique id: ARN, Azure resource id, Google self link or full name, OCID. The asset's value. */
  uid: string;
  provider: CloudProviderKey;
  /** AWS account id, Azure subscription id, Google project id, OCI compartment OCID. */
  account: string;
  /** null for global resources (IAM users, S3 is regional per bucket, Azure AD …). */
  region: string | null;
  /** 'ec2', 's3', 'iam', 'compute', 'storage' … */
  service: string;
  /** '<provider>.<service>.<type>': 'aws.s3.bucket', 'azure.storage.account', 'google.compute.instance', 'oracle.core.instance'. */
  type: string;
  name: string;
  publicAddresses?: string[];
  tags?: Record<string, string>;
  /**
   * What the controls read and the resource page shows (bounded: no secrets, at most a few KB): encryption, public
   * access settings, versioning, open ingress rules …
   */
  properties: Record<string, unknown>;
}

/** One control on one resource (or on the account, `resource` null). */
export interface CloudControlResult {
  control: string;
  /** The resource's uid; null for an account-level control (root MFA, password policy). */
  resource: string | null;
  status: CloudControlStatus;
  /** The API answer that shows the result (the field and its value; a few lines of JSON at most). */
  evidence: string;
  /** Why a control could not be read (status error): the provider's error code and message. */
  message?: string;
}

/** A control of the catalogue: the benchmark recommendation it implements and the words its findings carry. */
export interface CloudControlInfo {
  /** Stable id, `<provider>-<service>-<what>`: 'aws-s3-public-access', 'azure-storage-secure-transfer'. */
  id: string;
  provider: CloudProviderKey;
  benchmark: string;
  /** The recommendation number in the benchmark ('1.5'); '' for one of Bulwark's own. */
  reference: string;
  title: string;
  description: string;
  solution: string;
  /** 0 info … 4 critical. */
  severity: 0 | 1 | 2 | 3 | 4;
  service: string;
  /** The resource type it is evaluated on ('aws.s3.bucket'), 'account' for account-level controls. */
  resourceType: string;
}

export interface CloudControl extends CloudControlInfo {
  /** Evaluates the control over what was collected (pure: no calls). */
  evaluate(inventory: CloudInventory): CloudControlResult[];
}

/** What a collector gathered: the resources, and account-level facts the controls read (password policy, root MFA …). */
export interface CloudInventory {
  account: string;
  /** A readable name of the account (alias, subscription or project name) when the API gives one. */
  accountName?: string;
  resources: CloudResource[];
  /** Account-level facts by name ('passwordPolicy', 'accountSummary', 'credentialReport' …); null when unreadable. */
  facts: Record<string, unknown>;
  /** Calls that failed for want of permission or otherwise: controls that need them say error. */
  failures: CloudFailure[];
}

/** One read a collector could not make (the run's errors group them by call and code). */
export interface CloudFailure {
  /** The permission or action the call needs ('iam:GetAccountPasswordPolicy', 'Microsoft.Storage/storageAccounts/read'). */
  call: string;
  /** The provider's error code ('AccessDenied', 'ThrottlingException', 'OptInRequired' …). */
  code: string;
  message: string;
  /** The region the call read, when it is a regional read. */
  region?: string | null;
  /** The resource or scope (subscription, project, compartment) the call read, when it is not the whole account. */
  resource?: string;
}

/**
 * The run error of one group of failures (one call, one error code): how many reads failed and the regions and
 * resources they concerned. A ScanError like any other (the server keeps its type and message).
 */
export interface CloudReadError extends ScanError {
  call: string;
  code: string;
  count: number;
  regions: string[];
  resources: string[];
}

export interface CloudScanProgress {
  percent: number;
  phase: 'authenticate' | 'inventory' | 'evaluate' | 'done';
  calls: number;
  resources: number;
  regionsDone: number;
  regionsTotal: number;
}

export interface CloudScanResult {
  provider: CloudProviderKey;
  account: string;
  accountName?: string;
  resources: CloudResource[];
  results: CloudControlResult[];
  /** Errors for the run's errors tab (auth failed 4, run time exceeded 3, a region or service unreadable …). */
  errors: ScanError[];
  stats: { calls: number; throttled: number; startedAt: string; finishedAt: string; durationMs: number };
}

export type CloudScanEvent = { type: 'progress'; progress: CloudScanProgress } | { type: 'error'; error: ScanError };

export interface CloudRunOptions {
  signal?: AbortSignal;
  onEvent?: (event: CloudScanEvent) => void;
  progressEveryMs?: number;
}

/** The credential test's answer (the API's cloudTestResult). */
export interface CloudTestOutcome {
  ok: boolean;
  account: string | null;
  missingPermissions: string[];
  message: string;
}

/** What each provider brings. */
export interface CloudProviderModule {
  key: CloudProviderKey;
  /** The regions the provider offers (supported-regions/{x}): id and label. */
  regions: readonly { id: string; label: string }[];
  controls: readonly CloudControl[];
  /** Reads the account: every resource of the spec's regions and the account-level facts. */
  collect(spec: CloudScanSpec, context: CloudCollectContext): Promise<CloudInventory>;
  /** Tries the credentials: who they are, and which read permissions a scan needs are refused. */
  test(spec: Pick<CloudScanSpec, 'credentials' | 'endpoints' | 'regions'>): Promise<CloudTestOutcome>;
}

/** What the engine hands a collector: the call budget (parallel, rate, throttling back-off), progress and stop. */
export interface CloudCollectContext {
  signal: AbortSignal;
  limits: CloudLimits;
  /** Runs one API call within the budget: at most `parallel` at once, `requestsPerSecond`, retried on throttling. */
  call<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** A region (or subscription, project) finished. */
  regionDone(): void;
  /** A resource found (counted for progress and maxResources). */
  found(count: number): void;
  error(error: ScanError): void;
}
