// The summary of one run of any scan kind: a card of facts (the kind's, with the shared ones from runFacts) above the
// run's progress, and beside it the kind's own card of what the run found (counts, a score …).
import type { ReactNode } from 'react';
import { Card, Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import { formatDateTime, type ScanRunRow } from '@bulwark/core';
import { Fact } from '../../components/Fact.tsx';
import { RunProgress } from './RunProgress.tsx';
import { RunStatus } from './RunStatus.tsx';
import { userName } from './scan-format.ts';

const when = (value: string | null): string => (value ? formatDateTime(value) : '–');

/** The facts every run has, for a kind's summary to place among its own. */
export function runFacts(run: ScanRunRow): Record<'status' | 'startedBy' | 'targets' | 'probe' | 'started' | 'finished', ReactNode> {
  return {
    status: (
      <Fact label="Status">
        <RunStatus run={run} />
      </Fact>
    ),
    startedBy: <Fact label="Started by">{userName(run.user)}</Fact>,
    targets: <Fact label="Targets">{run.targets.join(', ') || '–'}</Fact>,
    probe: <Fact label="Probe">{run.probe_group ? `Group ${run.probe_group.name}` : run.node.name}</Fact>,
    started: <Fact label="Started">{when(run.started)}</Fact>,
    finished: <Fact label="Finished">{when(run.finished)}</Fact>,
  };
}

export interface RunSummaryShellProps {
  run: ScanRunRow;
  /** The facts, in the kind's order. */
  facts: ReactNode;
  /** The card beside the facts: its heading (and the heading's id) and its content. */
  aside: { id: string; title: string; centred?: boolean; children: ReactNode };
  /** A full-width part under the two cards (a web run's requests over time). */
  below?: ReactNode;
}

export function RunSummaryShell({ run, facts, aside, below }: RunSummaryShellProps) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="run-facts-heading" h="100%">
          <Stack gap="md">
            <Title order={2} size="h4" id="run-facts-heading">
              Summary
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
              {facts}
            </SimpleGrid>
            <RunProgress run={run} />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby={aside.id} h="100%">
          <Stack gap={aside.centred ? 'sm' : 'md'} align={aside.centred ? 'center' : undefined}>
            <Title order={2} size="h4" id={aside.id} style={aside.centred ? { alignSelf: 'flex-start' } : undefined}>
              {aside.title}
            </Title>
            {aside.children}
          </Stack>
        </Card>
      </Grid.Col>
      {below && <Grid.Col span={12}>{below}</Grid.Col>}
    </Grid>
  );
}
