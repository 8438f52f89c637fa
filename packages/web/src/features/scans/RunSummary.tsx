// The summary of one run: what was scanned with what, when, its status, progress, tasks, and what was found.
import { Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, type ScanRunRow } from '@bulwark/core';
import { RunResult } from './RunResult.tsx';
import { RunStatus } from './RunStatus.tsx';
import { RunProgress } from './RunProgress.tsx';
import { SeverityBars } from './SeverityBars.tsx';
import { runFindings, userName, vulnerabilitiesText } from './scan-format.ts';
import { Fact } from '../../components/Fact.tsx';

const when = (value: string | null): string => (value ? formatDateTime(value) : '–');

export function RunSummary({ run }: { run: ScanRunRow }) {
  const probe = run.probe_group ? `Group ${run.probe_group.name}` : run.node.name;
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
              <Fact label="Result">
                <RunResult run={run} />
              </Fact>
              <Fact label="Started by">{userName(run.user)}</Fact>
              <Fact label="Targets">{run.targets.join(', ') || '–'}</Fact>
              <Fact label="Probe">{probe}</Fact>
              <Fact label="Profile">{run.profile?.name ?? '–'}</Fact>
              <Fact label="Started">{when(run.started)}</Fact>
              <Fact label="Finished">{when(run.finished)}</Fact>
              <Fact label="Addresses">{run.scanned_items}</Fact>
            </SimpleGrid>
            <RunProgress run={run} />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card withBorder padding="lg" component="section" aria-labelledby="run-found-heading" h="100%">
          <Stack gap="md">
            <Title order={2} size="h4" id="run-found-heading">
              Found
            </Title>
            <Group gap="xl">
              <Stack gap={0}>
                <Text size="xl" fw={700} data-testid="hosts-up">
                  {run.hosts_up}
                </Text>
                <Text size="xs" c="dimmed">
                  hosts up of {run.hosts_total}
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xl" fw={700} data-testid="open-ports">
                  {run.open_ports}
                </Text>
                <Text size="xs" c="dimmed">
                  open ports
                </Text>
              </Stack>
              <Stack gap={0}>
                <Text size="xl" fw={700} data-testid="findings-count">
                  {runFindings(run)}
                </Text>
                <Text size="xs" c="dimmed" data-testid="findings-split">
                  findings: {vulnerabilitiesText(run.cnt_vulns)}, {run.severity_counts[0] ?? 0} info
                </Text>
              </Stack>
            </Group>
            <SeverityBars counts={run.severity_counts} />
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
