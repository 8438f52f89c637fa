// The scan kinds, each described once (see types.ts): the server and the web app are generic over these descriptors.
import { NETWORK_SCAN_KIND } from './network.ts';
import { POLICY_SCAN_KIND } from './policy.ts';
import { WEB_SCAN_KIND } from './web.ts';
import { CLOUD_SCAN_KIND } from './cloud.ts';
import type { ScanKind, ScanKindKey, ScanKindType } from './types.ts';

export * from './types.ts';
export { NETWORK_SCAN_KIND } from './network.ts';
export { POLICY_SCAN_KIND } from './policy.ts';
export { WEB_SCAN_KIND, WEB_DISCOVERY_SCANS_PATH } from './web.ts';
export { CLOUD_SCAN_KIND } from './cloud.ts';

export type AnyScanKind = typeof NETWORK_SCAN_KIND | typeof POLICY_SCAN_KIND | typeof WEB_SCAN_KIND | typeof CLOUD_SCAN_KIND;

/** Every kind, in the order the app lists them. */
export const SCAN_KINDS: readonly AnyScanKind[] = [NETWORK_SCAN_KIND, POLICY_SCAN_KIND, WEB_SCAN_KIND, CLOUD_SCAN_KIND];

/** The kind of a scan_type ('nvt' → network). */
export function scanKindOfType(type: ScanKindType): AnyScanKind {
  return SCAN_KINDS.find((k) => k.type === type)!;
}

/** The kinds a schedule can run (network, policy, web and cloud scans: each descriptor says how, in `schedule`). */
export const SCHEDULABLE_SCAN_TYPES = SCAN_KINDS.filter((k) => k.schedule !== null).map((k) => k.type);

/** Whether a schedule of this scan type names targets (not a cloud one); a schedule that says no type is a network one. */
export const scheduleNeedsTargets = (type: ScanKindType | undefined): boolean =>
  type === undefined || scanKindOfType(type).schedule?.targets !== false;

/** The kind of a key ('policy' → policy). */
export function scanKindOf(key: ScanKindKey): AnyScanKind {
  return SCAN_KINDS.find((k) => k.key === key)!;
}

/** Where a kind's pages live: /scans for network and policy scans, /was for web scans, /cloud for cloud scans. */
const baseOf = (kind: ScanKind): string => kind.web.base ?? '/scans';
/** The web path of a run's result page (a discovery run's own page when the kind has one). */
export const scanResultPath = (kind: ScanKind, runId: number, discovery = false): string =>
  kind.web.flatPaths
    ? `${baseOf(kind)}/scans/${kind.web.result}/${runId}`
    : `${baseOf(kind)}/scans/view/${(discovery && kind.web.discoveryResult) || kind.web.result}/${runId}`;
/** The web path of a profile's edit page ('new' for a new one). */
export const scanProfileEditPath = (kind: ScanKind, id: number | 'new'): string =>
  kind.web.flatPaths
    ? `${baseOf(kind)}/scan-profiles/${id}`
    : kind.web.profile
      ? `${baseOf(kind)}/scan-profiles/edit/${kind.web.profile}/${id}`
      : `${baseOf(kind)}/scan-profiles/edit/${id}`;
/** The web path of the scan profiles page on the kind's tab. */
export const scanProfilesPath = (kind: ScanKind): string =>
  kind.web.listTab ? `${baseOf(kind)}/scan-profiles?kind=${kind.web.listTab}` : `${baseOf(kind)}/scan-profiles`;
/** The web path of the scans page on the kind's tab. */
export const scanListPath = (kind: ScanKind): string =>
  kind.web.listTab ? `${baseOf(kind)}/scans?kind=${kind.web.listTab}` : `${baseOf(kind)}/scans`;
