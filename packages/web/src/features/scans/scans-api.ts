// Calls of the network-scan screens: runs (list, one, actions, delete, errors, hosts, findings), scans, targets, pickers.
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

/** GET scan/nruns/: a page of runs with their tasks and allowed actions. */
export function fetchRuns(query: QueryParams, signal?: AbortSignal): Promise<Paged<ScanRunRow>> {
  return api.get('scan/nruns/', { query, signal, schema: runPage });
}

export function fetchRun(id: number, signal?: AbortSignal): Promise<ScanRunRow> {
  return api.get(`scan/nruns/${id}/`, { signal, schema: scanRun });
}

/** POST scan/nruns/{id}/{stop|resume|cancel|cancel/force}/ → the run as it is now (409 when not allowed). */
export function runAction(id: number, action: ScanAction): Promise<ScanRunRow> {
  return api.post(`scan/nruns/${id}/${SCAN_ACTIONS[action]}/`, undefined, { schema: scanRun });
}

export function deleteRun(id: number): Promise<void> {
  return api.delete(`scan/nruns/${id}/`);
}

export function fetchRunErrors(id: number, showHidden: boolean, signal?: AbortSignal): Promise<ScanErrorRow[]> {
  return api.get(`scan/nruns/${id}/errors/`, { query: { show_hidden: showHidden ? true : undefined }, signal, schema: errorList });
}

export function fetchRunHosts(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<RunHost>> {
  return api.get(`scan/nruns/${id}/hosts/`, { query, signal, schema: hostPage });
}

export function fetchRunFindings(id: number, query: QueryParams, signal?: AbortSignal): Promise<Paged<FindingRow>> {
  return api.get(`scan/nruns/${id}/findings/`, { query, signal, schema: findingPage });
}

/** POST scan/nscans/: creates the scan and (start defaults to true) its first run. */
export function createScan(input: NetworkScanInput): Promise<NetworkScan> {
  return api.post('scan/nscans/', input, { schema: networkScan });
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

/** GET noprofiles/: every network profile the customer may scan with, built-ins first. */
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
