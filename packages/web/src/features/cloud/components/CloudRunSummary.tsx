// The summary of a cloud run: the shared run facts with the cloud ones (profile, account, resources and regions read,
// calls made, findings), live while it runs, and beside them the controls passed and failed (from policy_results).
import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ScanRunRow } from '@bulwark/core';
import { Fact } from '../../../components/Fact.tsx';
import { RunSummaryShell, runFacts } from '../../scans/RunSummaryShell.tsx';
import { runPollInterval } from '../../scans/scan-format.ts';
import { fetchCloudRun, fetchPolicyResults } from '../api/cloud-api.ts';
import { CLOUD_KEYS } from '../cloud-queries.ts';
import { accountText, findingsText, readText } from './cloud-run-columns.tsx';

export function CloudRunSummary({ run }: { run: ScanRunRow }) {
  const polling = runPollInterval([run]);
  const results = useQuery({
    queryKey: CLOUD_KEYS.runPart(run.id, 'policy_results'),
    queryFn: ({ signal }) => fetchPolicyResults(run.id, signal),
    refetchInterval: polling,
  });
  const cloudRun = useQuery({
    queryKey: CLOUD_KEYS.runPart(run.id, 'row'),
    queryFn: ({ signal }) => fetchCloudRun(run.id, signal),
    refetchInterval: polling,
  });
  const cloud = cloudRun.data?.cloud ?? null;
  const facts = runFacts(run);
  const rows = results.data ?? [];
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  return (
    <RunSummaryShell
      run={run}
      facts={
        <>
          {facts.status}
          <Fact label="Profile">{run.profile?.name ?? '–'}</Fact>
          {facts.targets}
          {facts.started}
          {facts.finished}
          <Fact label="Account">{accountText(cloud)}</Fact>
          <Fact label="Read so far">{cloud ? `${readText(cloud)} · ${cloud.calls} calls` : '–'}</Fact>
          <Fact label="Resources">{run.hosts_up}</Fact>
          <Fact label="Findings">{findingsText(run.cnt_vulns)}</Fact>
          {facts.startedBy}
          {facts.probe}
        </>
      }
      aside={{
        id: 'cloud-controls-heading',
        title: 'Controls',
        children:
          rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {results.isPending ? 'Loading…' : 'Shown when the results are in.'}
            </Text>
          ) : (
            <Stack gap={6} component="dl" m={0}>
              {(
                [
                  ['Failed', count('fail'), 'red'],
                  ['Passed', count('pass'), 'green'],
                  ['Could not be read', count('error'), 'orange'],
                  ['Not applicable', count('not_applicable'), 'dimmed'],
                ] as const
              ).map(([label, n, c]) => (
                <Group key={label} justify="space-between" gap="xs">
                  <Text component="dt" size="sm">
                    {label}
                  </Text>
                  <Text component="dd" size="sm" fw={600} c={c} m={0}>
                    {n}
                  </Text>
                </Group>
              ))}
            </Stack>
          ),
      }}
    />
  );
}
