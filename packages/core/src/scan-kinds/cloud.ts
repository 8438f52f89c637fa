// The cloud scan (scan/cscans/, runs scan/cruns/, profiles scan/cprofiles/): one provider account read through its API,
// its resources inventoried as cloud assets and the CIS Foundations controls evaluated on them. Its pages live under
// /cloud/ (scans/result/{runId}, scan-profiles/{id}), behind the cloud-scanning flag.
import { cloudProfile, cloudProfileExport, cloudProfileFields, cloudProfileInput } from '../api/cloud.ts';
import type { ScanKind } from './types.ts';

export const CLOUD_SCAN_KIND = {
  key: 'cloud',
  type: 'cloud',
  permission: 'cloud_scans',
  api: { scans: 'cscans', runs: 'cruns', profiles: 'cprofiles' },
  web: { base: '/cloud', result: 'result', profile: '', listTab: '', flatPaths: true },
  schemas: { profile: cloudProfile, profileInput: cloudProfileInput, profileExport: cloudProfileExport },
  exportFormat: 'bulwark-cprofile/1',
  profileFields: Object.keys(cloudProfileFields.shape),
  resultTabs: [
    { key: 'controls', label: 'Controls' },
    { key: 'resources', label: 'Resources', badge: 'hosts_up' },
    { key: 'findings', label: 'Findings', badge: 'cnt_vulns' },
    { key: 'errors', label: 'Errors' },
  ],
  findingSource: { name: 'cloud-controls', checkIdPrefix: 'cloud:' },
  schedule: { targets: false, label: 'cloud schedule' },
  labels: {
    scan: 'cloud scan',
    profile: 'cloud scan profile',
    profilesTab: 'Cloud profiles',
    scans: 'Cloud scans',
    result: 'Cloud scan result',
    run: 'cloud scan run',
  },
} as const satisfies ScanKind;
