// Calls of the scan screens: runs (list, one, actions, delete, errors, hosts, findings), scans, targets, pickers; runs and
// scans of both kinds, network (scan/nruns/, scan/nscans/) and policy (scan/noruns/, scan/oscans/).
import {
  findingRow,
  networkScan,
  probeRef,
  profileListItem,
  runHost,
  scanErrorRow,
  scanHost,
  scanIpRange,
  scanRangesResult,
  scanKindOfType,
  scanRun,
  SCAN_ACTIONS,
  tagBasic,
  type FindingRow,
  type NetworkScan,
  type NetworkScanInput,
  type RunHost,
  type ScanAction,
  type ScanHost,
  type ScanIpRange,
  type ScanRunRow,
  type TagBasic,
} from '@bulwark/core';
import { api } from '../../api/client.ts';
import type { QueryParams } from '../../api/query-string.ts';
import { listAnswer, pagedAnswer, type Paged } from '../../components/paged-answer.ts';

export type ScanErrorRow = ReturnType<typeof scanErrorRow.parse>;
export type ProfileOption = ReturnType<typeof profileListItem.parse>;
export type ProbeOption = ReturnType<typeof probeRef.parse>;
export type ScanRangesResult = ReturnType<typeof scanRangesResult.parse>;

const runPage = pagedAnswer(scanRun);
const hostPage = pagedAnswer(runHost);
const findingPage = pagedAnswer(findingRow);
const errorList = listAnswer(scanErrorRow);
const hostTargets = pagedAnswer(scanHost);
const rangeTargets = pagedAnswer(scanIpRange);
const profileOptions = listAnswer(profileListItem);
const probeOptions = listAnswer(probeRef);
/** Only what the start form needs of a probe group (id and name). */
const groupOptions = listAnswer(probeRef);

/** What a scan looks for: 'nvt' network (vulnerability tests) or 'oval' policy. */
export type ScanKind = ScanRunRow['scan_type'];

/** The path of a kind's runs under scan/ (its descriptor's: nruns, noruns). */
export function runsPath(kind: ScanKind): string {
  return `scan/${scanKindOfType(kind).api.runs}`;
}

/** The path of a kind's scans under scan/ (its descriptor's: nscans, oscans). */
export function scansPath(kind: ScanKind): string {
  return `scan/${scanKindOfType(kind).api.scans}`;
}

/** GET scan/nruns/ (or scan/noruns/): a page of runs with their tasks and allowed actions. */
export function fetchRuns(query: QueryParams, signal?: AbortSignal, kind: ScanKind = 'nvt'): Promise<Paged<ScanRunRow>> {
  return api.get(`${runsPath(kind)}/`, { query, signal, schema: runPage });
}

export function fetchRun(id: number, signal?: AbortSignal, kind: ScanKind = 'nvt'): Promise<ScanRunRow> {
  return api.get(`${runsPath(kind)}/${id}/`, { signal, schema: scanRun });
}

/** POST scan/n(o)runs/{id}/{stop|resume|cancel|cancel/force}/ → the run as it is now (409 when not allowed). */
export function runAction(id: number, action: ScanAction, kind: ScanKind = 'nvt'): Promise<ScanRunRow> {
  return api.post(`${runsPath(kind)}/${id}/${SCAN_ACTIONS[action]}/`, undefined, { schema: scanRun });
}

/** POST scan/nscans/{scanId}/start/ (or scan/oscans/): a new run of the scan → the new run. */
export function startScanRun(scanId: number, kind: ScanKind = 'nvt'): Promise<ScanRunRow> {
  return api.post(`${scansPath(kind)}/${scanId}/start/`, undefined, { schema: scanRun });
}

export function deleteRun(id: number, kind: ScanKind = 'nvt'): Promise<void> {
  return api.delete(`${runsPath(kind)}/${id}/`);
}

export function fetchRunErrors(id: number, showHidden: boolean, signal?: AbortSignal, kind: ScanKind = 'nvt'): Promise<ScanErrorRow[]> {
  return api.get(`${runsPath(kind)}/${id}/errors/`, {
    query: { show_hidden: showHidden ? true : undefined },
    signal,
    schema: errorList,
  });
}

export function fetchRunHosts(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<RunHost>> {
  return api.get(`scan/nruns/${id}/hosts/`, { query, signal, schema: hostPage });
}

export function fetchRunFindings(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<FindingRow>> {
  return api.get(`scan/nruns/${id}/findings/`, { query, signal, schema: findingPage });
}

/** POST scan/nscans/ (or scan/oscans/, a policy scan, the same body): creates the scan and (start defaults to true) its first run. */
export function createScan(input: NetworkScanInput, kind: ScanKind = 'nvt'): Promise<NetworkScan> {
  return api.post(`${scansPath(kind)}/`, input, { schema: networkScan });
}

/** POST scan/ranges/: saves many targets written as text; answers the saved hosts and ranges. */
export function saveTargets(text: string): Promise<ScanRangesResult> {
  return api.post('scan/ranges/', { targets: text }, { schema: scanRangesResult });
}

/** The page size used to fill the saved-targets picker (a picker, not a browser: the first this-many of each kind). */
export const TARGET_PICKER_SIZE = 500;

export function fetchSavedHosts(signal?: AbortSignal): Promise<Paged<ScanHost>> {
  return api.get('scan/hosts/', { query: { page_size: TARGET_PICKER_SIZE }, signal, schema: hostTargets });
}

export function fetchSavedRanges(signal?: AbortSignal): Promise<Paged<ScanIpRange>> {
  return api.get('scan/ipranges/', { query: { page_size: TARGET_PICKER_SIZE }, signal, schema: rangeTargets });
}

/** GET noprofiles/: every profile the customer may scan with, network ('nvt') and policy ('oval'), built-ins first. */
export function fetchProfileOptions(signal?: AbortSignal): Promise<ProfileOption[]> {
  return api.get('noprofiles/', { signal, schema: profileOptions });
}

/** GET probe_basics/probes/: [{id, name}], the external (built-in) probe -1 first. */
export function fetchProbeOptions(signal?: AbortSignal): Promise<ProbeOption[]> {
  return api.get('probe_basics/probes/', { signal, schema: probeOptions });
}

export function fetchProbeGroupOptions(signal?: AbortSignal): Promise<ProbeOption[]> {
  return api.get('probe/probe-groups/', { query: { page_size: 100 }, signal, schema: groupOptions });
}

export type { FindingRow, NetworkScan, RunHost, ScanHost, ScanIpRange, ScanRunRow };

/** The customer's tags (tags_basics/), for scanning by tag. */
export function fetchTagChoices(signal?: AbortSignal): Promise<TagBasic[]> {
  return api.get('tags_basics/', { signal, schema: listAnswer(tagBasic) });
}
