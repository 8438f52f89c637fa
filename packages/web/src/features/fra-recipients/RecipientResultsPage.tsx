// /fra/recipient-results: what each recipient did in each assessment (fra/recipient-results/) — the furthest step a
// person reached (machines' requests are not counted, only their number shown), training score and severity in words;
// filters: assessment, reached step, severity, department, search.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRACKING_EVENTS, TRACKING_EVENT_LABELS, formatDateTime, type RecipientResult, type TrackingEvent } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { api } from '../../api/client.ts';
import { FRA_KEYS, recipientResults, recipients } from './api.ts';
import { PhishingSeverityBadge } from './components/SeverityBadge.tsx';
import { SEVERITY_OPTIONS, recipientPath } from './format.ts';

const SORT_KEYS = ['name', 'email', 'department', 'severity', 'sent_at', 'clicked_at', 'submitted_at'];

/** How far the person fell for it, furthest first; reporting and the training are shown beside it. */
const STEPS: readonly TrackingEvent[] = ['submitted', 'clicked', 'opened', 'bounced', 'delivered', 'sent'];
function furthest(r: RecipientResult): { kind: TrackingEvent; at: string } | null {
  for (const kind of STEPS) {
    const at = r[`${kind}_at` as keyof RecipientResult];
    if (typeof at === 'string') return { kind, at };
  }
  return null;
}

const COLUMNS: DataColumn<RecipientResult>[] = [
  {
    key: 'recipient',
    header: 'Recipient',
    sortKey: 'name',
    cell: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={recipientPath(r.recipient.id)} size="sm" fw={500}>
          {r.recipient.name || r.recipient.email}
        </Anchor>
        <Text size="xs" c="dimmed">
          {r.recipient.email}
        </Text>
      </Stack>
    ),
  },
  { key: 'department', header: 'Department', sortKey: 'department', cell: (r) => <Text size="sm">{r.recipient.department || '–'}</Text> },
  {
    key: 'assessment',
    header: 'Assessment',
    cell: (r) => (
      <Anchor component={Link} to={`/fra/assessments/filter/${r.assessment.uuid}`} size="sm">
        {r.assessment.name}
      </Anchor>
    ),
  },
  { key: 'template', header: 'Template', hideable: true, cell: (r) => <Text size="sm">{r.template?.name ?? '–'}</Text> },
  {
    key: 'reached',
    header: 'Reached',
    cell: (r) => {
      const f = furthest(r);
      return f ? (
        <Stack gap={0}>
          <Text size="sm">
            {TRACKING_EVENT_LABELS[f.kind]}
            {r.reported_at ? ' · Reported' : ''}
          </Text>
          <Text size="xs" c="dimmed" component="time" dateTime={f.at}>
            {formatDateTime(f.at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Not sent yet
        </Text>
      );
    },
  },
  {
    key: 'training',
    header: 'Training score',
    cell: (r) => <Text size="sm">{r.training_score === null ? '–' : `${r.training_score}%`}</Text>,
  },
  {
    key: 'severity',
    header: 'Severity',
    sortKey: 'severity',
    descendingFirst: true,
    cell: (r) => <PhishingSeverityBadge severity={r.severity} />,
  },
  {
    key: 'bots',
    header: 'Machine requests',
    hideable: true,
    cell: (r) => <Text size="sm">{r.bot_events === 0 ? 'None' : `${r.bot_events} not counted`}</Text>,
  },
];

interface AssessmentOption {
  uuid: string;
  name: string;
}
const assessmentList = {
  parse(data: unknown): AssessmentOption[] {
    const rows = Array.isArray(data) ? data : ((data as { results?: unknown[] } | null)?.results ?? []);
    return rows.map((a) => ({ uuid: String((a as AssessmentOption).uuid), name: String((a as AssessmentOption).name) }));
  },
};

function useFilters(): FilterDef[] {
  const assessments = useQuery({
    queryKey: ['fra-assessments', 'options'],
    queryFn: ({ signal }) =>
      api.get('fra/assessments/', { signal, query: { page_size: 200, ordering: '-created' }, schema: assessmentList }),
  });
  const departments = useQuery({ queryKey: FRA_KEYS.departments, queryFn: ({ signal }) => recipients.departments(signal) });
  return useMemo(
    () => [
      { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or e-mail', width: 220 },
      {
        kind: 'select',
        name: 'assessment',
        label: 'Assessment',
        options: (assessments.data ?? []).map((a) => ({ value: a.uuid, label: a.name })),
      },
      {
        kind: 'select',
        name: 'reached',
        label: 'Reached',
        options: TRACKING_EVENTS.map((e) => ({ value: e, label: TRACKING_EVENT_LABELS[e] })),
      },
      { kind: 'multi-select', name: 'severity', label: 'Severity', options: SEVERITY_OPTIONS },
      {
        kind: 'multi-select',
        name: 'department',
        label: 'Department',
        options: (departments.data ?? []).map((d) => ({ value: d.department, label: d.department || '(none)' })),
      },
    ],
    [assessments.data, departments.data],
  );
}

export default function RecipientResultsPage() {
  const filters = useFilters();
  const list = useListState({ pageSize: 50, defaultOrdering: '-sent_at', sortKeys: SORT_KEYS, filters });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: FRA_KEYS.results(list.query),
    queryFn: ({ signal }) => recipientResults.list(list.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <PageHeader
        title="Recipient results"
        description="What each recipient did in each assessment. Only what a person's browser did counts; requests by mail gateways and link scanners are kept apart and not counted."
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar label="Filter results" filters={filters} values={list.filters} onChange={list.setFilter} onClear={list.clearFilters} />
          <DataTable
            id="fra-recipient-results"
            caption="Recipient results"
            columns={COLUMNS}
            rows={data?.results}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-result-id': r.id })}
            error={error}
            errorMessage="The results could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading results…"
            empty={
              list.activeFilters > 0
                ? { title: 'No result matches these filters.' }
                : { title: 'No results yet.', description: 'Results appear once an assessment has sent its messages.' }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'results', 'result')}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
