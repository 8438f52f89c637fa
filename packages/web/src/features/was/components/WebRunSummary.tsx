// The summary of a web or discovery run: the shared run facts with the web ones (target, duration, URLs found, requests
// sent, sign-in state, re-authentications), live while it runs, beside them the technologies the crawl recognised, and
// under them the requests over time once the results are in.
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDuration, type ScanRunRow } from '@bulwark/core';
import { Fact } from '../../../components/Fact.tsx';
import { RunSummaryShell, runFacts } from '../../scans/RunSummaryShell.tsx';
import { runPollInterval } from '../../scans/scan-format.ts';
import { fetchWebRunDetail } from '../api/web-results-api.ts';
import { fetchWebRun } from '../api/web-scans-api.ts';
import { WEB_KEYS } from '../web-queries.ts';
import { RequestsOverTime } from './RequestsOverTime.tsx';
import { AuthStateBadge } from './web-run-columns.tsx';

const count = new Intl.NumberFormat('en');

/** The run's extras exist once its results are processed; until then (404) the live figures stand alone. */
export function useWebRunDetail(runId: number, polling: number | false) {
  return useQuery({
    queryKey: WEB_KEYS.runPart(runId, 'detail'),
    queryFn: ({ signal }) => fetchWebRunDetail(runId, signal),
    refetchInterval: polling,
    retry: false,
  });
}

export function WebRunSummary({ run }: { run: ScanRunRow }) {
  const polling = runPollInterval([run]);
  const web = useQuery({
    queryKey: WEB_KEYS.runPart(run.id, 'row'),
    queryFn: ({ signal }) => fetchWebRun(run.id, signal),
    refetchInterval: polling,
  });
  const detail = useWebRunDetail(run.id, polling);
  const facts = runFacts(run);
  const stats = detail.data?.stats;
  const durationMs = stats?.duration_ms ?? null;
  const technologies = detail.data?.technologies ?? [];
  return (
    <RunSummaryShell
      run={run}
      facts={
        <>
          {facts.status}
          <Fact label="Target">{detail.data?.target ?? (run.targets.join(', ') || '–')}</Fact>
          {facts.started}
          {facts.finished}
          <Fact label="Duration">
            {durationMs !== null
              ? formatDuration(Math.round(durationMs / 1000))
              : run.elapsed_seconds !== null
                ? formatDuration(run.elapsed_seconds)
                : '–'}
          </Fact>
          <Fact label="URLs found">{count.format(web.data?.urls_found ?? stats?.urls_found ?? 0)}</Fact>
          <Fact label="Requests sent">{count.format(web.data?.requests_sent ?? stats?.requests_sent ?? 0)}</Fact>
          <Fact label="Sign-in">
            {web.data?.auth_state && web.data.auth_state !== 'none' ? <AuthStateBadge state={web.data.auth_state} /> : 'No authentication'}
            {stats && stats.reauthentications > 0 && ` · signed in again ${stats.reauthentications}×`}
          </Fact>
          {stats && (
            <Fact label="Forms and parameters">{`${count.format(stats.forms)} forms · ${count.format(stats.parameters)} parameters`}</Fact>
          )}
          {facts.startedBy}
          {facts.probe}
        </>
      }
      below={stats && stats.timeline.length > 1 ? <RequestsOverTime points={stats.timeline} /> : undefined}
      aside={{
        id: 'web-technologies-heading',
        title: 'Technologies',
        children:
          technologies.length === 0 ? (
            <Text size="sm" c="dimmed">
              {detail.data ? 'None recognised.' : 'Shown when the results are in.'}
            </Text>
          ) : (
            <Stack gap={6}>
              <Group gap={6} aria-label="Technologies found" role="list">
                {technologies.map((t) => (
                  <Badge key={`${t.name}/${t.version ?? ''}`} role="listitem" variant="light" color="gray" tt="none" title={t.evidence}>
                    {t.version ? `${t.name} ${t.version}` : t.name}
                  </Badge>
                ))}
              </Group>
              {detail.data && detail.data.vhosts.length > 0 && (
                <Text size="xs" c="dimmed">
                  Virtual hosts: {detail.data.vhosts.join(', ')}
                </Text>
              )}
            </Stack>
          ),
      }}
    />
  );
}
