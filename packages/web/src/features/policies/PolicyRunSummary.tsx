// The summary of a policy run: what was evaluated where and when, its status and progress (tasks while they move), and
// its score as a ring with the rule results of its hosts added up.
import { Anchor, Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime, type ScanRunRow } from '@bulwark/core';
import { Fact } from '../../components/Fact.tsx';
import { RunStatus } from '../scans/RunStatus.tsx';
import { RunProgress } from '../scans/RunProgress.tsx';
import { isRunMoving, runPollInterval, userName } from '../scans/scan-format.ts';
import { CountsLine } from './CountsLine.tsx';
import { ScoreRing } from './ScoreRing.tsx';
import { ALL_HOSTS_QUERY, policyProfileEditPath, sumCounts } from './policy-format.ts';
import { policyHostsQuery } from './policy-queries.ts';

const when = (value: string | null): string => (value ? formatDateTime(value) : '–');

/** Says why there is or is not a score, in terms that agree with "Hosts evaluated" beside it. */
export function scoreNote(run: ScanRunRow, evaluated: number | undefined): string {
  if (run.score !== null) return 'The mean score of the hosts evaluated (XCCDF default model).';
  if (isRunMoving(run)) return 'The score appears once hosts are evaluated.';
  if (evaluated === undefined) return '';
  if (evaluated === 0) return 'Nothing could be scored: no host was evaluated.';
  const hosts = evaluated === 1 ? 'the host was' : `${evaluated} hosts were`;
  return `Nothing could be scored: ${hosts} evaluated, but no rule of the policy applied (every rule was not applicable or not checked).`;
}

export function PolicyRunSummary({ run }: { run: ScanRunRow }) {
  const probe = run.probe_group ? `Group ${run.probe_group.name}` : run.node.name;
  const hosts = useQuery(policyHostsQuery(run.id, ALL_HOSTS_QUERY, runPollInterval([run])));
  const totals = hosts.data ? sumCounts(hosts.data.results.map((h) => h.counts)) : null;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="run-facts-heading" h="100%">
          <Stack gap="md">
            <Title order={2} size="h4" id="run-facts-heading">
              Summary
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
              <Fact label="Status">
                <RunStatus run={run} />
              </Fact>
              <Fact label="Policy">{run.policy?.name ?? '–'}</Fact>
              <Fact label="Profile">
                {run.profile ? (
                  <Anchor component={Link} to={policyProfileEditPath(run.profile.id)} size="sm">
                    {run.profile.name}
                  </Anchor>
                ) : (
                  '–'
                )}
              </Fact>
              <Fact label="Started by">{userName(run.user)}</Fact>
              <Fact label="Targets">{run.targets.join(', ') || '–'}</Fact>
              <Fact label="Probe">{probe}</Fact>
              <Fact label="Started">{when(run.started)}</Fact>
              <Fact label="Finished">{when(run.finished)}</Fact>
              <Fact label="Hosts evaluated">
                {hosts.data?.count ?? run.hosts_up} of {run.hosts_total}
              </Fact>
            </SimpleGrid>
            <RunProgress run={run} />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="run-score-heading" h="100%">
          <Stack gap="sm" align="center">
            <Title order={2} size="h4" id="run-score-heading" style={{ alignSelf: 'flex-start' }}>
              Score
            </Title>
            <ScoreRing score={run.score} label="Policy score" />
            <Text size="xs" c="dimmed" ta="center">
              {scoreNote(run, hosts.data?.count)}
            </Text>
            {totals && hosts.data && hosts.data.count > 0 && (
              <CountsLine counts={totals} label={`Rule results of ${hosts.data.count === 1 ? 'the host' : `${hosts.data.count} hosts`}`} />
            )}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
