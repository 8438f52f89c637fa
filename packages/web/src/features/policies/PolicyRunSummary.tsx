// The summary of a policy run in the shared shell: what was evaluated where and when, its status and progress (tasks
// while they move), and its score as a ring with the rule results of its hosts added up.
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ScanRunRow } from '@bulwark/core';
import { Fact } from '../../components/Fact.tsx';
import { runFacts, RunSummaryShell } from '../scans/RunSummaryShell.tsx';
import { isRunMoving, runPollInterval } from '../scans/scan-format.ts';
import { CountsLine } from './CountsLine.tsx';
import { ScoreRing } from './ScoreRing.tsx';
import { ALL_HOSTS_QUERY, policyProfileEditPath, sumCounts } from './policy-format.ts';
import { policyHostsQuery } from './policy-queries.ts';

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
  const hosts = useQuery(policyHostsQuery(run.id, ALL_HOSTS_QUERY, runPollInterval([run])));
  const totals = hosts.data ? sumCounts(hosts.data.results.map((h) => h.counts)) : null;
  const fact = runFacts(run);

  return (
    <RunSummaryShell
      run={run}
      facts={
        <>
          {fact.status}
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
          {fact.startedBy}
          {fact.targets}
          {fact.probe}
          {fact.started}
          {fact.finished}
          <Fact label="Hosts evaluated">
            {hosts.data?.count ?? run.hosts_up} of {run.hosts_total}
          </Fact>
        </>
      }
      aside={{
        id: 'run-score-heading',
        title: 'Score',
        centred: true,
        children: (
          <>
            <ScoreRing score={run.score} label="Policy score" />
            <Text size="xs" c="dimmed" ta="center">
              {scoreNote(run, hosts.data?.count)}
            </Text>
            {totals && hosts.data && hosts.data.count > 0 && (
              <CountsLine counts={totals} label={`Rule results of ${hosts.data.count === 1 ? 'the host' : `${hosts.data.count} hosts`}`} />
            )}
          </>
        ),
      }}
    />
  );
}
