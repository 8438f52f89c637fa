// Test data of the policy screens, checked against core's schemas so a changed contract fails here first: a library
// policy (and its rules), a policy profile, a policy run, a host's result, a rule row, an asset's latest result.
import {
  assetPolicyResult,
  ovalPolicy,
  ovalPolicyDetail,
  policyHostResult,
  policyProfile,
  policyRuleRow,
  type AssetPolicyResult,
  type OvalPolicy,
  type OvalPolicyDetail,
  type PolicyHostResult,
  type PolicyProfile,
  type PolicyRuleRow,
  type ScanRunRow,
} from '@bulwark/core';
import { aFinishedRun } from './fixtures.ts';

export const STANDARD = 'ssg-debian11-xccdf.xml#xccdf_org.ssgproject.content_profile_standard';
export const STANDARD_NAME = 'Debian 11: Standard System Security Profile for Debian 11';

export function aPolicy(o: Partial<OvalPolicy> = {}): OvalPolicy {
  return ovalPolicy.parse({
    id: STANDARD,
    name: STANDARD_NAME,
    description: 'Standard security baseline of a Debian 11 system.',
    benchmark: 'Guide to the Secure Configuration of Debian 11',
    version: '0.1.65',
    platforms: ['cpe:/o:debian:debian_linux:11'],
    rules: 3,
    source: 'ssg',
    ...o,
  });
}

export function aPolicyDetail(o: Partial<OvalPolicyDetail> = {}): OvalPolicyDetail {
  return ovalPolicyDetail.parse({
    ...aPolicy(),
    rule_list: [
      { id: 'xccdf_rule_telnet', title: 'Uninstall the inet-based telnet server', severity: 'high' },
      { id: 'xccdf_rule_rsyslog', title: 'Ensure rsyslog is Installed', severity: 'medium' },
      { id: 'xccdf_rule_home', title: 'Ensure /home Located On Separate Partition', severity: 'low' },
    ],
    ...o,
  });
}

export function aPolicyProfile(o: Partial<PolicyProfile> = {}): PolicyProfile {
  return policyProfile.parse({
    id: 12,
    name: 'Debian baseline',
    description: 'The jump hosts',
    type: 'oval',
    scan_type: 'oval',
    policy: STANDARD,
    policy_name: STANDARD_NAME,
    lin_auths: [4],
    ignore_platform: true,
    builtin: false,
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace' },
    created: '2026-11-19T10:00:00.000Z',
    modified: '2026-11-20T10:00:00.000Z',
    ...o,
  });
}

export function aPolicyRun(o: Partial<ScanRunRow> = {}): ScanRunRow {
  return aFinishedRun({
    id: 31,
    scan_id: 14,
    name: 'Jump hosts policy',
    targets: ['127.0.6.41'],
    result: null,
    result_label: null,
    cnt_vulns: 2,
    hosts_total: 1,
    hosts_up: 1,
    profile: { id: 12, name: 'Debian baseline' },
    scan_type: 'oval',
    policy: { id: STANDARD, name: STANDARD_NAME },
    score: 72.41,
    ...o,
  });
}

export function aPolicyHost(o: Partial<PolicyHostResult> = {}): PolicyHostResult {
  return policyHostResult.parse({
    id: 51,
    host_id: 5,
    address: '127.0.6.41',
    hostnames: ['jump.example.com'],
    policy: STANDARD,
    policy_name: STANDARD_NAME,
    benchmark: 'Guide to the Secure Configuration of Debian 11',
    score: 72.41,
    counts: { pass: 16, fail: 2, error: 1, unknown: 0, notapplicable: 25, notchecked: 0 },
    credential_health: 'ok',
    credential_message: 'Logged in as auditor.',
    error: null,
    ...o,
  });
}

export function aPolicyRule(o: Partial<PolicyRuleRow> = {}): PolicyRuleRow {
  return policyRuleRow.parse({
    id: 61,
    host_id: 5,
    address: '127.0.6.41',
    rule_id: 'xccdf_rule_telnet',
    title: 'Uninstall the inet-based telnet server',
    severity: 'high',
    result: 'fail',
    result_label: 'Fail',
    evidence: ['package inetutils-telnetd is removed: false', '1 item: name=inetutils-telnetd version=2.4'],
    message: 'The package is installed.',
    ...o,
  });
}

export function anAssetPolicyResult(o: Partial<AssetPolicyResult> = {}): AssetPolicyResult {
  return assetPolicyResult.parse({ ...aPolicyHost(), run_id: 31, scan_id: 14, finished: '2026-11-20T10:05:00.000Z', ...o });
}
