// What a report or schedule covers: the scope kind (a kind whose area is not built would be listed, disabled, with the
// area it waits for) and its detail: all open vulnerabilities or one of the user's saved vulnerability views, or the
// one scan (network, policy, web, web discovery or cloud).
import { Anchor, Loader, Select, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { REPORT_SCOPE_KINDS, formatDate, type ReportScopeKind } from '@bulwark/core';
import { messageOf } from '../../../api/errors.ts';
import { fetchSavedFilters, VULN_KEYS } from '../../vulnerabilities/api/vulnerabilities-api.ts';
import { REPORT_KEYS, fetchScopeScans } from '../api/reports-api.ts';
import { SCAN_SCOPES, scopeKindOptions, viewOfScope, type Filters } from '../report-format.ts';
import { ALL_OPEN, KEPT, type ScopeValues } from '../report-forms.ts';

const KIND_OPTIONS = scopeKindOptions(REPORT_SCOPE_KINDS);

/** The user's saved views of the vulnerability list (the same cache as the list's "Saved views"). */
export function useSavedViews() {
  return useQuery({ queryKey: VULN_KEYS.saved, queryFn: ({ signal }) => fetchSavedFilters(signal) });
}

/** The scans of the chosen scan scope, asked for only once such a scope is chosen. */
export function useScopeScans(kind: ReportScopeKind) {
  const path = SCAN_SCOPES[kind]?.path ?? 'scan/nscans/';
  return useQuery({
    queryKey: REPORT_KEYS.scopeScans(path),
    queryFn: ({ signal }) => fetchScopeScans(path, signal),
    enabled: SCAN_SCOPES[kind] !== undefined,
  });
}

/**
 * The names of the scans a list of reports or schedules covers: each kind of scan among their scopes (network, policy,
 * web, web discovery, cloud) is asked for once.
 */
export function useScopeScanNames(kinds: readonly ReportScopeKind[]) {
  const paths = [...new Set(kinds.flatMap((kind) => SCAN_SCOPES[kind]?.path ?? []))].sort();
  const scans = useQueries({
    queries: paths.map((path) => ({
      queryKey: REPORT_KEYS.scopeScans(path),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchScopeScans(path, signal),
    })),
  });
  return scans.flatMap((q) => q.data?.results ?? []);
}

export interface ScopeChoices {
  views: ReturnType<typeof useSavedViews>;
  scans: ReturnType<typeof useScopeScans>;
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
  const scanScope = SCAN_SCOPES[values.scope_kind];
  const scanList = scans.data?.results ?? [];
  const scanOptions = scanList.map((s) => ({ value: String(s.id), label: `${s.name} (created ${formatDate(s.created)})` }));
  // A scan chosen before that the list no longer holds (deleted, or beyond the newest shown) still shows by number.
  if (values.scan !== '' && !scanOptions.some((o) => o.value === values.scan)) {
    scanOptions.unshift({ value: values.scan, label: `${scanScope?.label ?? 'Scan'} #${values.scan}` });
  }

  return (
    <Stack gap="md">
      <Select
        {...inputProps('scope_kind')}
        label="Report on"
        description="Vulnerabilities (all open or a saved view), one scan of any kind, every policy or web run, or phishing recipients."
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
          rightSection={views.isPending ? <Loader size={14} role="status" aria-label="Loading saved views" /> : undefined}
        />
      )}
      {values.scope_kind === 'unified_vulns' && views.isError && (
        <Text size="sm" c="red" role="alert">
          {messageOf(views.error, 'Your saved views could not be loaded; “All open vulnerabilities” can still be chosen.')}
        </Text>
      )}
      {values.scope_kind === 'no_runs' && (
        <Text size="sm" c="dimmed">
          The failed rules of every policy scan run, as findings of their hosts.
        </Text>
      )}
      {scanScope && (
        <Select
          {...inputProps('scan')}
          label={scanScope.label}
          description="What this scan found on its targets."
          data={scanOptions}
          searchable
          nothingFoundMessage="No scan matches"
          placeholder={scans.isPending ? 'Loading scans…' : scanList.length === 0 ? `No ${scanScope.noun}s yet` : 'Choose a scan'}
          required
        />
      )}
      {scanScope && scans.isError && (
        <Text size="sm" c="red" role="alert">
          {messageOf(scans.error, `The ${scanScope.noun}s could not be loaded.`)}
        </Text>
      )}
      {scanScope && scans.isSuccess && scanList.length === 0 && (
        <Text size="sm" c="dimmed">
          There are no {scanScope.noun}s to report on yet.{' '}
          <Anchor component={Link} to="/scans/scans" size="sm">
            Start a scan
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}
