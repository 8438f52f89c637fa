// The summary of one network run in the shared shell: what was scanned with what, when, its status, progress, tasks,
// and what was found.
import { Group, Stack, Text } from '@mantine/core';
import type { ScanRunRow } from '@bulwark/core';
import { Fact } from '../../components/Fact.tsx';
import { RunResult } from './RunResult.tsx';
import { runFacts, RunSummaryShell } from './RunSummaryShell.tsx';
import { SeverityBars } from './SeverityBars.tsx';
import { runFindings, vulnerabilitiesText } from './scan-format.ts';

export function RunSummary({ run }: { run: ScanRunRow }) {
  const fact = runFacts(run);
  return (
    <RunSummaryShell
      run={run}
      facts={
        <>
          {fact.status}
          <Fact label="Result">
            <RunResult run={run} />
          </Fact>
          {fact.startedBy}
          {fact.targets}
          {fact.probe}
          <Fact label="Profile">{run.profile?.name ?? '–'}</Fact>
          {fact.started}
          {fact.finished}
          <Fact label="Addresses">{run.scanned_items}</Fact>
        </>
      }
      aside={{
        id: 'run-found-heading',
        title: 'Found',
        children: (
          <>
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
          </>
        ),
      }}
    />
  );
}
