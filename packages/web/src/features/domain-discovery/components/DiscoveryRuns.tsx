// Discovery runs: "Run discovery" (POST …/runs/), the run shown (the newest, or one chosen from the earlier ones) with
// its state, progress (asked again every second while it is under way), the sources it used and its notes (a refused
// zone transfer, a CT source that did not answer), and once finished the host names it found.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOMAIN_SOURCE_LABELS, formatDateTime, type DomainDiscoveryRun, type DomainDiscoverySettings } from '@bulwark/core';
import { isAlreadyReported, messageOf } from '../../../api/errors.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { DISCOVERY_KEYS, fetchDiscoveryRuns, startDiscoveryRun } from '../api/domain-discovery-api.ts';
import { RUN_STATE_LABELS, isUnderWay, runPercent } from '../discovery-form.ts';
import { DiscoveredHosts } from './DiscoveredHosts.tsx';

const HEADING_ID = 'discovery-runs-heading';
const STATE_COLORS: Record<DomainDiscoveryRun['state'], string> = { queued: 'gray', running: 'blue', finished: 'teal', failed: 'red' };
export const RUN_REFRESH_MS = 1000;

function RunSummary({ run }: { run: DomainDiscoveryRun }) {
  const under = isUnderWay(run);
  return (
    <Stack gap="xs" data-testid="run-summary">
      <Group gap="sm">
        <Badge color={STATE_COLORS[run.state]} variant="light" tt="none">
          {RUN_STATE_LABELS[run.state]}
        </Badge>
        <Text size="sm">
          Started {formatDateTime(run.created_at)}
          {run.started_by ? ` by ${run.started_by}` : ''} over {run.domains.join(', ')}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Sources: {run.sources.map((s) => DOMAIN_SOURCE_LABELS[s]).join(', ')}
      </Text>
      {under && (
        <Progress value={runPercent(run)} aria-label="Discovery progress" animated striped aria-valuetext={`${runPercent(run)} %`} />
      )}
      {under && (
        <Text size="sm" c="dimmed">
          {run.progress.total > 0 ? `${run.progress.current} of ${run.progress.total} look-ups done` : 'Gathering names…'}
        </Text>
      )}
      {run.state === 'finished' && <Text size="sm">{run.hosts_found} host names found.</Text>}
      {run.error && (
        <Alert color="red" variant="light" role="alert" title="The run failed">
          {run.error}
        </Alert>
      )}
      {run.notes.length > 0 && (
        <Alert color="yellow" variant="light" role="note" title="Worth knowing" data-testid="run-notes">
          <List size="sm">
            {run.notes.map((n, i) => (
              <List.Item key={i}>{n.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

export function DiscoveryRuns({ customerId, settings }: { customerId: number; settings: DomainDiscoverySettings }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const runs = useQuery({
    queryKey: DISCOVERY_KEYS.runs(customerId),
    queryFn: ({ signal }) => fetchDiscoveryRuns(customerId, signal),
    refetchInterval: (q) => (q.state.data?.results.some(isUnderWay) ? RUN_REFRESH_MS : false),
  });
  const all = runs.data?.results ?? [];
  const run = all.find((r) => r.id === chosen) ?? all[0];
  const busy = all.some(isUnderWay);
  const ready = settings.enabled && settings.domains.length > 0;

  async function start() {
    setStarting(true);
    setRefusal(null);
    try {
      const created = await startDiscoveryRun(customerId);
      setChosen(created.id);
      await queryClient.invalidateQueries({ queryKey: DISCOVERY_KEYS.runs(customerId) });
    } catch (failure) {
      if (!isAlreadyReported(failure)) setRefusal(messageOf(failure, 'The discovery run could not start.'));
    } finally {
      setStarting(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={HEADING_ID}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id={HEADING_ID}>
              Discovery runs
            </Title>
            <Text size="sm" c="dimmed">
              {ready
                ? 'A run looks up every source for each saved domain in the background; you can leave this page meanwhile.'
                : 'Switch discovery on and save at least one domain to run it.'}
            </Text>
          </Stack>
          <Button onClick={() => void start()} loading={starting} disabled={!ready || busy}>
            Run discovery
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" variant="light" role="alert" title="Not started">
            {refusal}
          </Alert>
        )}
        {runs.isPending ? (
          <PageLoader label="Loading the discovery runs…" />
        ) : runs.isError ? (
          <Alert color="red" variant="light" role="alert" title="The runs cannot be shown">
            <Group justify="space-between">
              <Text size="sm">{messageOf(runs.error, 'The discovery runs could not be loaded.')}</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void runs.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : !run ? (
          <Text c="dimmed" data-testid="no-runs">
            No discovery has run yet. The host names it finds are listed here, and you choose which become assets.
          </Text>
        ) : (
          <>
            {all.length > 1 && (
              <Select
                label="Run shown"
                data={all.map((r) => ({ value: String(r.id), label: `${formatDateTime(r.created_at)} · ${RUN_STATE_LABELS[r.state]}` }))}
                value={String(run.id)}
                onChange={(v) => setChosen(v ? Number(v) : null)}
                allowDeselect={false}
                maw={360}
              />
            )}
            <RunSummary run={run} />
            {run.state === 'finished' && <DiscoveredHosts key={run.id} customerId={customerId} runId={run.id} />}
          </>
        )}
      </Stack>
    </Card>
  );
}
