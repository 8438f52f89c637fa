// The scan list's filters (platform-core §3 filter fields) as FilterBar declarations, and the parameters of scan/nruns/.
import { EXTERNAL_PROBE_ID, SCAN_TASK_LABELS } from '@bulwark/core';
import type { QueryParams } from '../../api/query-string.ts';
import type { FilterDef } from '../../components/filter-bar/index.ts';
import type { ProbeOption } from './scans-api.ts';

/** Until the probes are loaded, the external (built-in) probe is the one choice. */
export const EXTERNAL_PROBE_OPTION: ProbeOption = { id: EXTERNAL_PROBE_ID, name: 'External (built-in)' };

/** Search, status labels (§4), finished from/to, probe, scheduled. */
export function scanFilters(probes: readonly ProbeOption[] = [EXTERNAL_PROBE_OPTION]): FilterDef[] {
  return [
    { kind: 'text', name: 'search', label: 'Search', placeholder: 'Scan name', width: 200 },
    {
      kind: 'multi-select',
      name: 'status',
      label: 'Status',
      placeholder: 'Any status',
      options: SCAN_TASK_LABELS.map((label) => ({ value: label, label })),
      width: 240,
    },
    { kind: 'date-range', name: 'finished', label: 'Finished', fromLabel: 'Finished from', toLabel: 'Finished to' },
    {
      kind: 'select',
      name: 'node',
      label: 'Probe',
      placeholder: 'Any probe',
      options: probes.map((p) => ({ value: String(p.id), label: p.name })),
      width: 200,
    },
    { kind: 'boolean', name: 'scheduled', label: 'Scheduled', trueLabel: 'Scheduled', falseLabel: 'Started by hand', anyLabel: 'Any' },
  ];
}

/**
 * Query parameters of scan/nruns/: the list's paging, ordering and filters, plus what §3 adds: the external probe
 * (node -1) also sets is_external; the filter/assets/{assetId} route narrows to the runs of that scan target.
 */
export function runListQuery(list: QueryParams, asset: number | null): QueryParams {
  return {
    ...list,
    is_external: Number(list.node) === EXTERNAL_PROBE_ID ? true : undefined,
    asset: asset ?? undefined,
  };
}
