// /fra/assessments: the phishing assessments with their state in words, templates, recipients and what people did (bots
// apart); filters by state and a search; open the results, edit a draft, start, cancel or delete after a confirm; "New
// assessment" opens the stepwise form (edit/new).
import { useState } from 'react';
import { Button, Card, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ASSESSMENT_STATES, ASSESSMENT_STATE_LABELS, type Assessment } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FRA_KEYS, assessments } from './api.ts';
import { NEW_ASSESSMENT_PATH } from './assessment-format.ts';
import { AssessmentConfirm, type PendingAction } from './components/AssessmentConfirm.tsx';
import { assessmentColumns } from './components/assessment-columns.tsx';
import { usePhishingAccess } from './fra-access.ts';
import { useAssessmentActions } from './use-assessment-actions.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Assessment name', width: 240 },
  {
    kind: 'multi-select',
    name: 'state',
    label: 'State',
    options: ASSESSMENT_STATES.map((s) => ({ value: s, label: ASSESSMENT_STATE_LABELS[s] })),
  },
];
const SORT_KEYS = ['name', 'state', 'created', 'started'];

export default function AssessmentsPage() {
  const access = usePhishingAccess();
  const actions = useAssessmentActions();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const list = useListState({ pageSize: 25, defaultOrdering: '-created', sortKeys: SORT_KEYS, filters: FILTERS });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: FRA_KEYS.list(list.query),
    queryFn: ({ signal }) => assessments.list(list.query, signal),
    placeholderData: keepPreviousData,
  });

  const newButton = access.create ? (
    <Button component={Link} to={NEW_ASSESSMENT_PATH}>
      New assessment
    </Button>
  ) : undefined;
  const ask = (kind: PendingAction['kind']) => (assessment: Assessment) => setPending({ kind, assessment });
  return (
    <Stack gap="md">
      <PageHeader
        title="Assessments"
        description="Phishing e-mails sent to recipients to measure who opens, clicks, submits data or reports them. Only what a person’s browser did is counted; requests by mail scanners and link checkers are shown apart."
        actions={newButton}
      />
      <Card withBorder padding="md">
        <Stack gap="md">
          <FilterBar
            label="Filter assessments"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="fra-assessments"
            caption="Assessments"
            columns={assessmentColumns({
              access,
              busy: actions.busy,
              onStart: ask('start'),
              onCancel: ask('cancel'),
              onDelete: ask('delete'),
            })}
            rows={data?.results}
            rowKey={(a) => a.uuid}
            rowProps={(a) => ({ 'data-assessment': a.uuid })}
            error={error}
            errorMessage="The assessments could not be loaded."
            onRetry={() => void refetch()}
            loadingLabel="Loading assessments…"
            empty={
              list.activeFilters > 0
                ? { title: 'No assessment matches these filters.' }
                : {
                    title: 'No assessments yet',
                    description: 'Create an assessment: choose phishing templates and recipients, a sender domain and when to send.',
                    action: newButton,
                  }
            }
            fetching={isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(data?.count ?? 0, 'assessments', 'assessment')}
          />
        </Stack>
      </Card>
      <AssessmentConfirm pending={pending} actions={actions} onClose={() => setPending(null)} />
    </Stack>
  );
}
