// /fra/assessments/filter/:uuid — one assessment's results: its state and sending progress, the funnel of people with
// the machine requests said apart, events over time, and every recipient's outcome (filter by the furthest event
// reached, severity, department, search) with their timeline and its evidence in a drawer.
import { useState } from 'react';
import { Anchor, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PHISHING_SEVERITY_LABELS, type Assessment, type RecipientResult } from '@bulwark/core';
import { DataTable } from '../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../components/filter-bar/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { FRA_KEYS, assessments } from './api.ts';
import { ASSESSMENTS_PATH, assessmentEditPath, canCancel, canEdit, canStart, whenText } from './assessment-format.ts';
import { AssessmentConfirm, type PendingAction } from './components/AssessmentConfirm.tsx';
import { FunnelChart } from './components/FunnelChart.tsx';
import { resultColumns } from './components/result-columns.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { TargetDrawer } from './components/TargetDrawer.tsx';
import { TimelineChart } from './components/TimelineChart.tsx';
import { usePhishingAccess } from './fra-access.ts';
import { useAssessmentActions } from './use-assessment-actions.ts';

const FILTERS: FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Name or e-mail address', width: 220 },
  {
    kind: 'select',
    name: 'reached',
    label: 'Reached',
    options: [
      { value: 'opened', label: 'Opened' },
      { value: 'clicked', label: 'Clicked' },
      { value: 'submitted', label: 'Submitted data' },
      { value: 'reported', label: 'Reported' },
      { value: 'training_completed', label: 'Training completed' },
    ],
  },
  {
    kind: 'multi-select',
    name: 'severity',
    label: 'Severity',
    options: Object.entries(PHISHING_SEVERITY_LABELS).map(([value, label]) => ({ value, label })),
  },
  { kind: 'text', name: 'department', label: 'Department', width: 180 },
];
const SORT_KEYS = ['email', 'department', 'opened_at', 'clicked_at', 'submitted_at', 'reported_at', 'severity'];
/** While messages go out, the figures are asked again now and then. */
const LIVE_REFRESH_MS = 10_000;

export default function AssessmentResultsPage() {
  const { uuid = '' } = useParams();
  const { data, error, isLoading } = useQuery({
    queryKey: FRA_KEYS.one(uuid),
    queryFn: ({ signal }) => assessments.one(uuid, signal),
    refetchInterval: (q) => (q.state.data && ['sending', 'running'].includes(q.state.data.state) ? LIVE_REFRESH_MS : false),
  });
  if (isLoading) return <PageLoader />;
  if (error || !data)
    return (
      <Stack gap="lg">
        <PageHeader title="Assessment" />
        <Text>
          This assessment could not be loaded.{' '}
          <Anchor component={Link} to={ASSESSMENTS_PATH}>
            Back to the assessments
          </Anchor>
        </Text>
      </Stack>
    );
  return <Results assessment={data} />;
}

function Results({ assessment: a }: { assessment: Assessment }) {
  const access = usePhishingAccess();
  const actions = useAssessmentActions();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [open, setOpen] = useState<RecipientResult | null>(null);
  const list = useListState({ pageSize: 50, defaultOrdering: 'email', sortKeys: SORT_KEYS, filters: FILTERS });
  const results = useQuery({
    queryKey: FRA_KEYS.results(a.uuid, list.query),
    queryFn: ({ signal }) => assessments.results(a.uuid, list.query, signal),
    placeholderData: keepPreviousData,
  });
  const timeline = useQuery({ queryKey: FRA_KEYS.timeline(a.uuid), queryFn: ({ signal }) => assessments.timeline(a.uuid, signal) });
  const progress = Math.round(Math.min(Math.max(a.progress, 0), 1) * 100);

  const buttons = (
    <Group gap="xs">
      {access.update && canEdit(a.state) && (
        <Button variant="default" component={Link} to={assessmentEditPath(a.uuid)}>
          Edit
        </Button>
      )}
      {access.execute && canStart(a.state) && <Button onClick={() => setPending({ kind: 'start', assessment: a })}>Start</Button>}
      {access.execute && canCancel(a.state) && (
        <Button color="orange" variant="light" onClick={() => setPending({ kind: 'cancel', assessment: a })}>
          Cancel assessment
        </Button>
      )}
      {access.delete && (
        <Button color="red" variant="subtle" onClick={() => setPending({ kind: 'delete', assessment: a })}>
          Delete
        </Button>
      )}
    </Group>
  );
  return (
    <Stack gap="md">
      <PageHeader title={a.name} actions={buttons} />
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Group gap="md">
            <StateBadge state={a.state} />
            <Text size="sm">
              {a.stats.sent} of {a.stats.targets} sent · started {whenText(a.started)} · tracked for {a.tracking_days} days
            </Text>
          </Group>
          <Progress value={progress} aria-label={`Sending progress: ${progress}%`} />
          <Text size="sm" c="dimmed">
            Templates: {a.phishing_templates.map((t) => t.name).join(', ') || '–'} · from {a.sender_domain?.name ?? '–'}
          </Text>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            People
          </Title>
          <FunnelChart stats={a.stats} />
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            Over time
          </Title>
          {timeline.error ? (
            <Text size="sm">The events over time could not be loaded.</Text>
          ) : (
            <TimelineChart buckets={timeline.data ?? []} />
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Stack gap="md">
          <Title order={2} size="h4">
            Recipients
          </Title>
          <FilterBar
            label="Filter recipients"
            filters={FILTERS}
            values={list.filters}
            onChange={list.setFilter}
            onClear={list.clearFilters}
          />
          <DataTable
            id="fra-results"
            caption="Results by recipient"
            columns={resultColumns(setOpen)}
            rows={results.data?.results}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-target': r.id })}
            error={results.error}
            errorMessage="The results could not be loaded."
            onRetry={() => void results.refetch()}
            loadingLabel="Loading results…"
            empty={
              list.activeFilters > 0
                ? { title: 'No recipient matches these filters.' }
                : { title: a.state === 'draft' ? 'Not started yet: no one has been sent anything.' : 'No recipients yet.' }
            }
            fetching={results.isFetching}
            ordering={list.ordering}
            onOrderingChange={list.setOrdering}
            paging={list.paging(results.data?.count ?? 0, 'recipients', 'recipient')}
          />
        </Stack>
      </Card>
      <TargetDrawer target={open} onClose={() => setOpen(null)} />
      <AssessmentConfirm
        pending={pending}
        actions={actions}
        onClose={() => setPending(null)}
        onDone={(kind) => {
          if (kind === 'delete') void navigate(ASSESSMENTS_PATH);
        }}
      />
    </Stack>
  );
}
