// What a report or schedule covers: the scope kind (only vulnerabilities and network scans can be chosen today; the
// others are listed, disabled, with the area they wait for) and its detail: all open vulnerabilities or one of the
// user's saved vulnerability views, or one network scan.
import { Anchor, Loader, Select, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { REPORT_SCOPE_KINDS, formatDate, type ReportScopeKind } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { fetchSavedFilters, VULN_KEYS } from '../vulnerabilities/vulnerabilities-api.ts';
import { REPORT_KEYS, fetchNetworkScans } from './reports-api.ts';
import { scopeKindOptions, viewOfScope, type Filters } from './report-format.ts';
import { ALL_OPEN, KEPT, type ScopeValues } from './report-forms.ts';

const KIND_OPTIONS = scopeKindOptions(REPORT_SCOPE_KINDS);

/** The user's saved views of the vulnerability list (the same cache as the list's "Saved views"). */
export function useSavedViews() {
  return useQuery({ queryKey: VULN_KEYS.saved, queryFn: ({ signal }) => fetchSavedFilters(signal) });
}

/** The network scans, asked for only once a scan scope is chosen. */
export function useNetworkScans(kind: ReportScopeKind) {
  return useQuery({
    queryKey: REPORT_KEYS.networkScans,
    queryFn: ({ signal }) => fetchNetworkScans(signal),
    enabled: kind === 'scan_network',
  });
}

export interface ScopeChoices {
  views: ReturnType<typeof useSavedViews>;
  scans: ReturnType<typeof useNetworkScans>;
}

export interface ScopeFieldsProps {
  values: ScopeValues;
  inputProps(field: 'scope_kind' | 'view' | 'scan'): GetInputPropsReturnType;
  choices: ScopeChoices;
  /** The filters the edited schedule already holds (offered as "kept" when they are not all open vulnerabilities). */
  kept?: Filters;
}

export function ScopeFields({ values, inputProps, choices, kept = {} }: ScopeFieldsProps) {
  const { views, scans } = choices;
  const viewList = views.data ?? [];
  const keptView = viewOfScope(kept, viewList);
  const keptCount = Object.keys(kept).length;
  const viewOptions = [
    { value: ALL_OPEN, label: 'All open vulnerabilities' },
    ...(keptCount > 0
      ? [
          {
            value: KEPT,
            label: keptView
              ? `Saved view “${keptView.name}” (as saved with this schedule)`
              : `The ${keptCount} filters saved with this schedule`,
          },
        ]
      : []),
    ...viewList.map((v) => ({ value: String(v.id), label: `Saved view “${v.name}”` })),
  ];
  const scanList = scans.data?.results ?? [];
  const scanOptions = scanList.map((s) => ({ value: String(s.id), label: `${s.name} (created ${formatDate(s.created)})` }));
  // A scan chosen before that the list no longer holds (deleted, or beyond the newest shown) still shows by number.
  if (values.scan !== '' && !scanOptions.some((o) => o.value === values.scan)) {
    scanOptions.unshift({ value: values.scan, label: `Network scan #${values.scan}` });
  }

  return (
    <Stack gap="md">
      <Select
        {...inputProps('scope_kind')}
        label="Report on"
        description="Reports can cover vulnerabilities and network scans today; the other kinds arrive with their areas."
        data={KIND_OPTIONS}
        allowDeselect={false}
        required
      />
      {values.scope_kind === 'unified_vulns' && (
        <Select
          {...inputProps('view')}
          label="Vulnerabilities"
          description={
            <>
              All open vulnerabilities, or one of your saved views of the{' '}
              <Anchor component={Link} to="/vm/unified-vulnerabilities" size="xs">
                vulnerability list
              </Anchor>{' '}
              (set filters there, then “Save view”).
            </>
          }
          data={viewOptions}
          allowDeselect={false}
          searchable
          nothingFoundMessage="No saved view matches"
          required
          rightSection={views.isPending ? <Loader size={14} aria-label="Loading saved views" /> : undefined}
        />
      )}
      {values.scope_kind === 'unified_vulns' && views.isError && (
        <Text size="sm" c="red" role="alert">
          {messageOf(views.error, 'Your saved views could not be loaded; “All open vulnerabilities” can still be chosen.')}
        </Text>
      )}
      {values.scope_kind === 'scan_network' && (
        <Select
          {...inputProps('scan')}
          label="Network scan"
          description="What this scan found on its targets."
          data={scanOptions}
          searchable
          nothingFoundMessage="No scan matches"
          placeholder={scans.isPending ? 'Loading scans…' : scanList.length === 0 ? 'No network scans yet' : 'Choose a scan'}
          required
        />
      )}
      {values.scope_kind === 'scan_network' && scans.isError && (
        <Text size="sm" c="red" role="alert">
          {messageOf(scans.error, 'The network scans could not be loaded.')}
        </Text>
      )}
      {values.scope_kind === 'scan_network' && scans.isSuccess && scanList.length === 0 && (
        <Text size="sm" c="dimmed">
          There are no network scans to report on yet.{' '}
          <Anchor component={Link} to="/scans/scans" size="sm">
            Start a scan
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}
