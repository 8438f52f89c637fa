// The finding tabs of an issue's page: its assets (the issue's findings, filtered, sorted, ignored and un-ignored one or
// many at a time), and for one chosen finding its evidence and detection, and its timeline (detected, seen, closed,
// reopened, ignored with reason, comment, expiry and who, un-ignored, ignore ran out).
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Card, Code, Select, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_VULNERABILITY_ORDERING, type TimelineEvent, type VulnerabilityDetail } from '@bulwark/core';
import { DataTable, ListError, ListLoading } from '../../../components/data-table/index.ts';
import { FilterBar, useListState, type FilterDef } from '../../../components/filter-bar/index.ts';
import { Fact } from '../../../components/Fact.tsx';
import { assetPath, seenText } from '../../assets/asset-format.ts';
import { VulnerabilityActions } from './VulnerabilityActions.tsx';
import { IgnoreBadges, findingColumns, findingPlace } from './vulnerability-columns.tsx';
import { FINDING_QOD_COLUMN, QodBadge, withQodColumn } from './qod.tsx';
import { fetchFinding, fetchIssueFindings, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { FINDING_SORT_KEYS, FINDING_STATE_OPTIONS, STATE_OPTIONS, dayText, eventLabel, listFailure } from '../vulnerability-format.ts';

const ASSET_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search assets', placeholder: 'Asset name or address', width: 220 },
  { kind: 'multi-select', name: 'state', label: 'State', placeholder: 'Active (default)', options: STATE_OPTIONS, width: 240 },
  { kind: 'multi-select', name: 'finding_state', label: 'Finding state', placeholder: 'Open (default)', options: FINDING_STATE_OPTIONS },
];
// Every finding of the issue is listed (qod_min=0), so each says its quality of detection.
const COLUMNS = withQodColumn(findingColumns(false), FINDING_QOD_COLUMN, true);

export function IssueFindings({ hid }: { hid: string }) {
  const list = useListState({
    prefix: 'assets',
    pageSize: 25,
    defaultOrdering: DEFAULT_VULNERABILITY_ORDERING,
    sortKeys: FINDING_SORT_KEYS,
    filters: ASSET_FILTERS,
  });
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: VULN_KEYS.issueFindings(hid, list.query),
    queryFn: ({ signal }) => fetchIssueFindings(hid, list.query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <FilterBar
        label="Filter assets"
        filters={ASSET_FILTERS}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
      <DataTable
        id="issue-findings"
        caption="Affected assets"
        columns={COLUMNS}
        rows={data?.results}
        rowKey={(f) => f.id}
        rowProps={(f) => ({ 'data-finding-id': f.id })}
        selection={{
          rowLabel: (f) => `${f.asset.asset_name} ${findingPlace(f)}`,
          actions: (selected, clear) => <VulnerabilityActions scope={{ kind: 'findings', rows: selected }} onDone={clear} />,
        }}
        error={error}
        errorMessage={listFailure(error, 'The affected assets could not be loaded.')}
        onRetry={() => void refetch()}
        loadingLabel="Loading affected assets…"
        empty={{
          title: list.activeFilters > 0 ? 'No asset matches these filters.' : 'No open finding of this vulnerability counts now.',
          description: list.activeFilters > 0 ? undefined : 'Choose the Ignored state, or the Closed finding state, to see the others.',
        }}
        fetching={isFetching}
        ordering={list.ordering}
        onOrderingChange={list.setOrdering}
        paging={list.paging(data?.count ?? 0, 'findings', 'finding')}
        minWidth={900}
      />
    </Stack>
  );
}

/** The finding the evidence and timeline tabs show: `?finding=` in the URL, else the issue's riskiest one. */
function useChosenFinding(hid: string) {
  const [params, setParams] = useSearchParams();
  const query = {
    state: ['active', 'ignored'],
    finding_state: ['0', '1', '2', '3'],
    page_size: 100,
    ordering: DEFAULT_VULNERABILITY_ORDERING,
  };
  const options = useQuery({
    queryKey: VULN_KEYS.issueFindings(hid, query),
    queryFn: ({ signal }) => fetchIssueFindings(hid, query, signal),
  });
  const asked = Number(params.get('finding'));
  const rows = options.data?.results ?? [];
  const id = Number.isInteger(asked) && asked > 0 ? asked : (rows[0]?.id ?? null);
  const choose = (next: string | null) => {
    const p = new URLSearchParams(params);
    if (next) p.set('finding', next);
    else p.delete('finding');
    setParams(p, { replace: true });
  };
  const picker =
    rows.length > 0 ? (
      <Select
        label="Finding"
        description="Which asset's finding to show"
        data={rows.map((f) => ({ value: String(f.id), label: `${f.asset.asset_name} · ${findingPlace(f)} · ${f.state_label}` }))}
        value={id === null ? null : String(id)}
        onChange={choose}
        allowDeselect={false}
        searchable={rows.length > 8}
        maw={520}
      />
    ) : null;
  return { id, picker, options };
}

function ChosenFinding({ hid, children }: { hid: string; children(f: VulnerabilityDetail): ReactNode }) {
  const { id, picker, options } = useChosenFinding(hid);
  const finding = useQuery({
    queryKey: VULN_KEYS.finding(id ?? 0),
    queryFn: ({ signal }) => fetchFinding(id!, signal),
    enabled: id !== null,
  });
  if (options.error) return <ListError error={options.error} fallback="The findings could not be loaded." />;
  if (options.isPending) return <ListLoading label="Loading findings…" />;
  if (id === null)
    return (
      <Text size="sm" c="dimmed" role="status">
        This vulnerability has no finding on any asset you may see.
      </Text>
    );
  return (
    <Stack gap="md">
      {picker}
      {finding.error ? (
        <ListError error={finding.error} fallback="The finding could not be loaded." />
      ) : finding.data ? (
        children(finding.data)
      ) : (
        <ListLoading label="Loading the finding…" />
      )}
    </Stack>
  );
}

export function FindingEvidence({ hid }: { hid: string }) {
  return (
    <ChosenFinding hid={hid}>
      {(f) => (
        <Stack gap="md">
          <Card withBorder padding="md">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
              <Fact label="Asset">
                <Anchor component={Link} to={assetPath(f.asset.id, true)} size="sm">
                  {f.asset.asset_name}
                </Anchor>
              </Fact>
              <Fact label="Where">{findingPlace(f)}</Fact>
              <Fact label="State">{f.state_label}</Fact>
              <Fact label="Detection">{f.detection_label ?? '–'}</Fact>
              <Fact label="Confidence">{f.confidence_label}</Fact>
              <Fact label="Quality of detection">{f.qod_label ? <QodBadge qod={f.qod} /> : '–'}</Fact>
              <Fact label="Matched by">{f.matched_by ?? '–'}</Fact>
              <Fact label="First found">{seenText(f.created)}</Fact>
              <Fact label="Last detected">{seenText(f.last_detected)}</Fact>
              <Fact label="Closed">{f.closed_at ? seenText(f.closed_at) : '–'}</Fact>
            </SimpleGrid>
            <IgnoreBadges finding={f} />
          </Card>
          <Card withBorder padding="md" component="section" aria-label="Evidence">
            <Text fw={600} mb="xs">
              Evidence
            </Text>
            {f.evidence ? (
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {f.evidence}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                The scan recorded no evidence for this finding.
              </Text>
            )}
          </Card>
          {f.solution && (
            <Card withBorder padding="md" component="section" aria-label="How to fix this finding">
              <Text fw={600} mb="xs">
                How to fix this finding
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {f.solution}
              </Text>
            </Card>
          )}
        </Stack>
      )}
    </ChosenFinding>
  );
}

function EventDetails({ e }: { e: TimelineEvent }) {
  const parts = [
    e.reason_label ? `Reason: ${e.reason_label}` : null,
    e.expires_at ? `until ${dayText(e.expires_at)}` : null,
    e.user ? `by ${e.user.email}` : null,
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {seenText(e.at)}
        {e.run && (
          <>
            {' · '}
            <Anchor component={Link} to={`/scans/scans/view/nscan/${e.run.id}`} size="xs">
              {e.run.scan_name}
            </Anchor>
          </>
        )}
      </Text>
      {parts.length > 0 && <Text size="sm">{parts.join(', ')}</Text>}
      {e.comment && (
        <Text size="sm" fs="italic">
          “{e.comment}”
        </Text>
      )}
    </Stack>
  );
}

export function FindingTimeline({ hid }: { hid: string }) {
  return (
    <ChosenFinding hid={hid}>
      {(f) =>
        f.timeline.length === 0 ? (
          <Alert color="gray" variant="light">
            Nothing has happened to this finding yet.
          </Alert>
        ) : (
          <section aria-label={`Timeline of ${f.name} on ${f.asset.asset_name}`}>
            <Timeline bulletSize={14} lineWidth={2} active={f.timeline.length - 1}>
              {f.timeline.map((e, i) => (
                <Timeline.Item key={`${e.at}-${e.event}-${i}`} title={eventLabel(e)}>
                  <EventDetails e={e} />
                </Timeline.Item>
              ))}
            </Timeline>
          </section>
        )
      }
    </ChosenFinding>
  );
}
