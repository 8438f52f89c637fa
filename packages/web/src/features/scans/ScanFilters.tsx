// The filter bar of the scan list (§3 filter fields): status labels, finished from/to, probe, scheduled, search.
import { Button, Checkbox, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isScanTaskLabel } from '@bulwark/core';
import { probeOptionsQuery } from './scan-queries.ts';
import { activeFilterCount, finishedRangeError, STATUS_FILTER_OPTIONS, type RunFilters, type ScheduledFilter } from './scan-format.ts';

const SCHEDULED_OPTIONS: { value: ScheduledFilter; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Scheduled' },
  { value: 'no', label: 'Started by hand' },
];

export interface ScanFiltersProps {
  filters: RunFilters;
  onChange(filters: RunFilters): void;
  showScanId: boolean;
  onShowScanId(show: boolean): void;
}

export function ScanFilters({ filters, onChange, showScanId, onShowScanId }: ScanFiltersProps) {
  const probes = useQuery(probeOptionsQuery);
  const set = (patch: Partial<RunFilters>) => onChange({ ...filters, ...patch });
  const rangeError = finishedRangeError(filters);
  const probeData = (probes.data ?? [{ id: -1, name: 'External (built-in)' }]).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label="Filter scans">
      <TextInput
        label="Search"
        placeholder="Scan name"
        value={filters.search}
        onChange={(e) => set({ search: e.currentTarget.value })}
        w={200}
      />
      <MultiSelect
        label="Status"
        placeholder={filters.statuses.length === 0 ? 'Any status' : undefined}
        data={[...STATUS_FILTER_OPTIONS]}
        value={filters.statuses}
        onChange={(values) => set({ statuses: values.filter(isScanTaskLabel) })}
        clearable
        w={240}
      />
      <TextInput
        type="date"
        label="Finished from"
        value={filters.finishedFrom}
        onChange={(e) => set({ finishedFrom: e.currentTarget.value })}
        w={160}
      />
      <TextInput
        type="date"
        label="Finished to"
        value={filters.finishedTo}
        onChange={(e) => set({ finishedTo: e.currentTarget.value })}
        error={rangeError}
        aria-invalid={rangeError ? true : undefined}
        w={160}
      />
      <Select
        label="Probe"
        placeholder="Any probe"
        data={probeData}
        value={filters.node === null ? null : String(filters.node)}
        onChange={(value) => set({ node: value === null ? null : Number(value) })}
        clearable
        w={200}
      />
      <Select
        label="Scheduled"
        data={SCHEDULED_OPTIONS}
        value={filters.scheduled}
        onChange={(value) => set({ scheduled: (value as ScheduledFilter | null) ?? 'any' })}
        allowDeselect={false}
        w={160}
      />
      <Checkbox label="Show Scan ID" checked={showScanId} onChange={(e) => onShowScanId(e.currentTarget.checked)} mb={8} />
      {activeFilterCount(filters) > 0 && (
        <Button
          variant="subtle"
          onClick={() => onChange({ ...filters, statuses: [], finishedFrom: '', finishedTo: '', node: null, scheduled: 'any', search: '' })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
