// The tasks of a run (one, or the children of a group run): targets, state label, probe, progress and attempts.
import { Badge, Progress, Table, Text } from '@mantine/core';
import { SCAN_TASK_STATE, taskPhase, type ScanTaskRow } from '@bulwark/core';
import { progressText, statusColor, targetsSummary } from './scan-format.ts';

/** `processing`: the run is processing its results (a delivered task then says so rather than waiting). */
export function RunTasks({ tasks, processing = false }: { tasks: ScanTaskRow[]; processing?: boolean }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={6} aria-label="Tasks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Targets</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            <Table.Th scope="col">Probe</Table.Th>
            <Table.Th scope="col">Progress</Table.Th>
            <Table.Th scope="col">Hosts</Table.Th>
            <Table.Th scope="col">Attempts</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => {
            const phase = taskPhase(task.state, processing);
            const label = phase?.label ?? task.state_label ?? String(task.state);
            const delivered = task.state === SCAN_TASK_STATE.process_results;
            return (
              <Table.Tr key={task.id} data-task-id={task.id}>
                <Table.Td>
                  <Text size="sm" title={task.targets.join(', ')}>
                    {targetsSummary(task.targets, 3)}
                  </Text>
                </Table.Td>
                <Table.Td miw={160}>
                  <Badge variant="light" color={delivered ? 'teal' : statusColor(label)}>
                    {label}
                  </Badge>
                  {phase?.detail && (
                    <Text size="xs" c="dimmed">
                      {phase.detail}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{task.probe?.name ?? '–'}</Text>
                </Table.Td>
                <Table.Td miw={140}>
                  <Progress value={task.progress} size="sm" aria-label={`Task ${task.id} progress ${progressText(task.progress)}`} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {task.hosts_done} / {task.hosts_total}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{task.attempts}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
