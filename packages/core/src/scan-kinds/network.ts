// The network scan (scan/nscans/, runs scan/nruns/, profiles scan/nprofiles/): ports, services and checks on hosts.
import { networkProfile, networkProfileExport, networkProfileFields, networkProfileInput } from '../api/scans.ts';
import type { ScanKind } from './types.ts';

export const NETWORK_SCAN_KIND = {
  key: 'network',
  type: 'nvt',
  permission: 'net_scans',
  api: { scans: 'nscans', runs: 'nruns', profiles: 'nprofiles' },
  web: { result: 'nscan', profile: 'nprofile', listTab: '' },
  schemas: { profile: networkProfile, profileInput: networkProfileInput, profileExport: networkProfileExport },
  exportFormat: 'bulwark-nprofile/1',
  profileFields: Object.keys(networkProfileFields.shape),
  resultTabs: [
    { key: 'findings', label: 'Findings', badge: 'cnt_vulns' },
    { key: 'hosts', label: 'Hosts', badge: 'hosts_up' },
    { key: 'errors', label: 'Errors' },
  ],
  findingSource: { name: 'network-checks', checkIdPrefix: '' },
  schedule: { targets: true, label: 'network schedule' },
  labels: {
    scan: 'network scan',
    profile: 'scan profile',
    profilesTab: 'Network profiles',
    scans: 'Scans',
    result: 'Scan result',
    run: 'scan run',
  },
} as const satisfies ScanKind;
