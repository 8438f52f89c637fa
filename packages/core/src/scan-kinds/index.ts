// The scan kinds, each described once (see types.ts): the server and the web app are generic over these descriptors.
import { NETWORK_SCAN_KIND } from './network.ts';
import { POLICY_SCAN_KIND } from './policy.ts';
import type { ScanKind, ScanKindKey, ScanKindType } from './types.ts';

export * from './types.ts';
export { NETWORK_SCAN_KIND } from './network.ts';
export { POLICY_SCAN_KIND } from './policy.ts';

export type AnyScanKind = typeof NETWORK_SCAN_KIND | typeof POLICY_SCAN_KIND;

/** Every kind, in the order the app lists them. */
export const SCAN_KINDS: readonly AnyScanKind[] = [NETWORK_SCAN_KIND, POLICY_SCAN_KIND];

/** The kind of a scan_type ('nvt' → network). */
export function scanKindOfType(type: ScanKindType): AnyScanKind {
  return SCAN_KINDS.find((k) => k.type === type)!;
}

/** The kind of a key ('policy' → policy). */
export function scanKindOf(key: ScanKindKey): AnyScanKind {
  return SCAN_KINDS.find((k) => k.key === key)!;
}

/** The web path of a run's result page. */
export const scanResultPath = (kind: ScanKind, runId: number): string => `/scans/scans/view/${kind.web.result}/${runId}`;
/** The web path of a profile's edit page ('new' for a new one). */
export const scanProfileEditPath = (kind: ScanKind, id: number | 'new'): string => `/scans/scan-profiles/edit/${kind.web.profile}/${id}`;
/** The web path of the scan profiles page on the kind's tab. */
export const scanProfilesPath = (kind: ScanKind): string =>
  kind.web.listTab ? `/scans/scan-profiles?kind=${kind.web.listTab}` : '/scans/scan-profiles';
/** The web path of the scans page on the kind's tab. */
export const scanListPath = (kind: ScanKind): string => (kind.web.listTab ? `/scans/scans?kind=${kind.web.listTab}` : '/scans/scans');
