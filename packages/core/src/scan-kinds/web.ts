// The web-application scan (scan/wscans/ and discovery scans scan/wdscans/, runs scan/wruns/, profiles scan/wprofiles/):
// crawl a web application and test it. Its pages live under /was/ (view/was/{runId}, view/rdwas/{runId} for discovery).
import { webProfile, webProfileExport, webProfileFields, webProfileInput } from '../api/web-scans.ts';
import type { ScanKind } from './types.ts';

export const WEB_SCAN_KIND = {
  key: 'web',
  type: 'was',
  permission: 'web_scans',
  api: { scans: 'wscans', runs: 'wruns', profiles: 'wprofiles' },
  web: { base: '/was', result: 'was', discoveryResult: 'rdwas', profile: '', listTab: '' },
  schemas: { profile: webProfile, profileInput: webProfileInput, profileExport: webProfileExport },
  exportFormat: 'bulwark-wprofile/1',
  profileFields: Object.keys(webProfileFields.shape),
  resultTabs: [
    { key: 'findings', label: 'Findings', badge: 'cnt_vulns' },
    { key: 'sitemap', label: 'Site map' },
    { key: 'errors', label: 'Errors' },
  ],
  findingSource: { name: 'web-tests', checkIdPrefix: '' },
  schedule: { targets: true, label: 'web schedule' },
  labels: {
    scan: 'web scan',
    profile: 'web scan profile',
    profilesTab: 'Web profiles',
    scans: 'Web scans',
    result: 'Web scan result',
    run: 'web scan run',
  },
} as const satisfies ScanKind;

/** The path segment of discovery scans (scan/wdscans/): web scans with discovery on, in the same table. */
export const WEB_DISCOVERY_SCANS_PATH = 'wdscans';
