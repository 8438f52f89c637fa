// The scan-kind descriptors agree with the schemas they reference and with the web route table: each kind's profile
// fields are its input's fields, its paths are its own, and its result and profile pages are routes of the app.
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../src/route-match.ts';
import {
  CLOUD_SCAN_KIND,
  NETWORK_SCAN_KIND,
  POLICY_SCAN_KIND,
  SCAN_KINDS,
  scanKindOf,
  scanKindOfType,
  scanProfileEditPath,
  scanListPath,
  scanProfilesPath,
  scanResultPath,
} from '../src/scan-kinds/index.ts';

describe('scan kinds', () => {
  it('name profile fields that are exactly the input fields besides name and description', () => {
    for (const kind of SCAN_KINDS) {
      const input = Object.keys(kind.schemas.profileInput.shape).filter((k) => k !== 'name' && k !== 'description');
      expect([...kind.profileFields].sort(), kind.key).toEqual(input.sort());
    }
  });

  it('export in the format their export schema accepts', () => {
    for (const kind of SCAN_KINDS) {
      expect(kind.schemas.profileExport.shape.format.value, kind.key).toBe(kind.exportFormat);
    }
  });

  it('have their own type, permission and path segments', () => {
    // An empty profile segment ('' for web and cloud) means the kind has none.
    const segments = SCAN_KINDS.flatMap((k) => [k.api.scans, k.api.runs, k.api.profiles, k.web.result, k.web.profile]).filter(Boolean);
    expect(new Set(segments).size).toBe(segments.length);
    expect(new Set(SCAN_KINDS.map((k) => k.type)).size).toBe(SCAN_KINDS.length);
    expect(new Set(SCAN_KINDS.map((k) => k.permission)).size).toBe(SCAN_KINDS.length);
  });

  it('are found by key and by scan type', () => {
    expect(scanKindOf('policy')).toBe(POLICY_SCAN_KIND);
    expect(scanKindOfType('nvt')).toBe(NETWORK_SCAN_KIND);
  });

  it('end their result tabs with the errors tab', () => {
    for (const kind of SCAN_KINDS) expect(kind.resultTabs.at(-1)?.key, kind.key).toBe('errors');
  });

  it('have result and profile pages that are routes of the web app', () => {
    expect(matchRoute(scanResultPath(NETWORK_SCAN_KIND, 7))?.route.name).toBe('net-scan-result');
    expect(matchRoute(scanResultPath(POLICY_SCAN_KIND, 7))?.route.name).toBe('policy-scan-result');
    expect(matchRoute(scanProfileEditPath(NETWORK_SCAN_KIND, 3))?.route.name).toBe('net-scan-profile-edit');
    expect(matchRoute(scanProfileEditPath(POLICY_SCAN_KIND, 'new'))?.route.name).toBe('policy-scan-profile-edit');
    expect(scanProfilesPath(NETWORK_SCAN_KIND)).toBe('/scans/scan-profiles');
    expect(scanProfilesPath(POLICY_SCAN_KIND)).toBe('/scans/scan-profiles?kind=policy');
    expect(scanListPath(NETWORK_SCAN_KIND)).toBe('/scans/scans');
    expect(scanListPath(POLICY_SCAN_KIND)).toBe('/scans/scans?kind=policy');
    // Cloud pages keep the flat paths platform-core §2 gives them.
    expect(scanResultPath(CLOUD_SCAN_KIND, 7)).toBe('/cloud/scans/result/7');
    expect(matchRoute(scanResultPath(CLOUD_SCAN_KIND, 7))?.route.name).toBe('cloud-scan-result');
    expect(scanProfileEditPath(CLOUD_SCAN_KIND, 3)).toBe('/cloud/scan-profiles/3');
    expect(matchRoute(scanProfileEditPath(CLOUD_SCAN_KIND, 'new'))?.route.name).toBe('cloud-scan-profile');
    expect(scanListPath(CLOUD_SCAN_KIND)).toBe('/cloud/scans');
  });
});
