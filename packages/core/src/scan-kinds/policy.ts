// The policy scan (scan/oscans/, runs scan/noruns/, profiles scan/oprofiles/): a configuration benchmark (OVAL) evaluated
// on hosts over an authenticated session.
import { policyProfile, policyProfileExport, policyProfileInput } from '../api/policies.ts';
import type { ScanKind } from './types.ts';

export const POLICY_SCAN_KIND = {
  key: 'policy',
  type: 'oval',
  permission: 'policy_scans',
  api: { scans: 'oscans', runs: 'noruns', profiles: 'oprofiles' },
  web: { result: 'oscan', profile: 'oprofile', listTab: 'policy' },
  schemas: { profile: policyProfile, profileInput: policyProfileInput, profileExport: policyProfileExport },
  exportFormat: 'bulwark-oprofile/1',
  profileFields: ['policy', 'lin_auths', 'ignore_platform'],
  resultTabs: [
    { key: 'rules', label: 'Rules' },
    { key: 'hosts', label: 'Hosts', badge: 'hosts_up' },
    { key: 'errors', label: 'Errors' },
  ],
  findingSource: { name: 'policy-rules', checkIdPrefix: 'policy:' },
  schedule: { targets: true, label: 'policy schedule' },
  labels: {
    scan: 'policy scan',
    profile: 'policy profile',
    profilesTab: 'Policy profiles',
    scans: 'Policy scans',
    result: 'Policy scan result',
    run: 'policy scan run',
  },
} as const satisfies ScanKind;
