// Test data of the cloud pages, shaped as the API answers them (parsed with core's schemas, so a drifting fixture fails
// loudly): an AWS profile with its secret stored, a cloud run, a control, a policy result, a resource, a finding and a
// cloud schedule with the API its form asks.
import {
  CLOUD_SECRET_MASK,
  cloudControl,
  cloudPolicyResult,
  cloudProfile,
  cloudResource,
  type CloudControlItem,
  type CloudPolicyResult,
  type CloudProfile,
  type CloudResourceItem,
  type CloudScanRunRow,
  type Schedule,
  type Vulnerability,
} from '@bulwark/core';
import { aFinishedRun } from '../../../../test/support/fixtures.ts';
import { aVulnerability } from '../../../../test/support/vulnerabilities.ts';
import { aWebSchedule } from '../../was/testing/schedules.ts';
import { json, page, stubApi, type ApiStub } from '../../../../test/support/api-stub.ts';

export function aCloudProfile(o: Partial<CloudProfile> = {}): CloudProfile {
  return cloudProfile.parse({
    id: 7,
    name: 'Production AWS',
    description: '',
    type: 'cloud',
    builtin: false,
    user: null,
    created: '2026-11-28T10:00:00Z',
    modified: '2026-11-28T10:00:00Z',
    provider: 0,
    regions: ['eu-west-1'],
    minus_controls: [],
    credentials: { auth: 'keys', access_key_id: 'AKIAEXAMPLE', secret_access_key: CLOUD_SECRET_MASK, role_arn: '', external_id: '' },
    account: '123456789012',
    ...o,
  });
}

export function aCloudRun(o: Partial<CloudScanRunRow> = {}): CloudScanRunRow {
  const { cloud, ...shared } = o;
  return {
    ...aFinishedRun({
      id: 61,
      scan_id: 21,
      name: 'AWS nightly',
      targets: ['aws:123456789012'],
      cnt_vulns: 2,
      hosts_up: 3,
      profile: { id: 7, name: 'Production AWS' },
      ...shared,
    }),
    scan_type: 'cloud',
    cloud:
      cloud === undefined
        ? {
            provider: 0,
            provider_label: 'AWS',
            account: '123456789012',
            account_name: null,
            regions: ['eu-west-1', 'eu-north-1'],
            phase: 'done',
            calls: 412,
            resources: 3,
            regions_done: 2,
            regions_total: 2,
          }
        : cloud,
  };
}

export function aCloudControl(o: Partial<CloudControlItem> = {}): CloudControlItem {
  return cloudControl.parse({
    id: 'aws-s3-public-access',
    provider: 0,
    benchmark: 'CIS Amazon Web Services Foundations Benchmark v3.0.0',
    reference: '2.1.4',
    title: 'S3 buckets are not publicly accessible',
    description: 'A bucket readable by anyone exposes its objects.',
    solution: 'Turn on S3 Block Public Access for the bucket and the account.',
    severity: 3,
    service: 's3',
    resource_type: 'aws.s3.bucket',
    ...o,
  });
}

export function aPolicyResult(o: Partial<CloudPolicyResult> = {}): CloudPolicyResult {
  return cloudPolicyResult.parse({ ...aCloudControl(), passed: 1, failed: 1, errors: 0, status: 'fail', ...o });
}

export function aCloudResource(o: Partial<CloudResourceItem> = {}): CloudResourceItem {
  return cloudResource.parse({
    id: 301,
    provider: 0,
    uid: 'arn:aws:s3:::public-bucket',
    name: 'public-bucket',
    account: '123456789012',
    region: 'eu-west-1',
    service: 's3',
    resource_type: 'aws.s3.bucket',
    public_addresses: [],
    tags: { team: 'web' },
    properties: { versioning: 'Disabled', encryption: 'AES256' },
    first_seen: '2026-11-20T10:00:00Z',
    last_seen: '2026-11-28T10:00:00Z',
    gone_since: null,
    vulnerabilities: { critical: 0, high: 1, medium: 0, low: 0, info: 0 },
    ...o,
  });
}

export function aCloudFinding(o: Partial<Vulnerability> = {}): Vulnerability {
  return aVulnerability({
    id: 91,
    hid: 'nvt-cloud:aws-s3-public-access',
    name: 'S3 buckets are not publicly accessible',
    source: 'cloud',
    check_id: 'cloud:aws-s3-public-access',
    cve: null,
    cves: [],
    port: null,
    protocol: null,
    service: null,
    asset: { id: 301, asset_name: 'public-bucket', asset_type: 4, criticality: 2 },
    ...o,
  });
}

/** The calls the profile form makes besides the profile's own: regions and controls of AWS. */
export function cloudFormApi(): ApiStub {
  return stubApi()
    .on('GET', 'cloud/supported-regions/:provider/', (request) =>
      json({
        provider: request.path.includes('/azure/') ? 1 : 0,
        results: request.path.includes('/azure/')
          ? [{ id: 'westeurope', label: 'West Europe' }]
          : [
              { id: 'eu-west-1', label: 'Europe (Ireland)' },
              { id: 'us-east-1', label: 'US East (N. Virginia)' },
            ],
      }),
    )
    .on(
      'GET',
      'cloud/controls/',
      page([aCloudControl(), aCloudControl({ id: 'aws-iam-root-mfa', reference: '1.5', title: 'Root account has MFA' })]),
    );
}

/** A weekly cloud schedule of the AWS profile: no targets (the profile names the account). */
export function aCloudSchedule(o: Partial<Schedule> = {}): Schedule {
  return aWebSchedule({
    id: 5,
    scan: 43,
    name: 'AWS nightly',
    profile: { id: 7, name: 'Production AWS', type: 'cloud', builtin: false },
    assets: [],
    vhosts: [],
    is_was_discovery: false,
    ...o,
  });
}

/** The calls the cloud schedule form makes: the cloud profiles to pick and the upcoming-runs preview. */
export function cloudScheduleApi(): ApiStub {
  return stubApi()
    .on('GET', 'cloud/cloud_basics/', [
      { id: 7, name: 'Production AWS', provider: 0 },
      { id: 8, name: 'Azure tenant', provider: 1 },
    ])
    .on('POST', 'scan/schedules/preview/', json({ upcoming: ['2026-12-07T02:30:00Z'], end_type: 'manually_cancelled' }));
}
