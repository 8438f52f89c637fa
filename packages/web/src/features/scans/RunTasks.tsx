// The tasks of a run (one, or the children of a group run): targets, state label, probe, progress and attempts.
import { Badge, Progress, Text } from '@mantine/core';
import { SCAN_TASK_STATE, taskPhase, type ScanTaskRow } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../components/data-table/index.ts';
import { progressText, statusColor, targetsSummary } from './scan-format.ts';

function TaskState({ task, processing }: { task: ScanTaskRow; processing: boolean }) {
  const phase = taskPhase(task.state, processing);
  const label = phase?.label ?? task.state_label ?? String(task.state);
  const delivered = task.state === SCAN_TASK_STATE.process_results;
  return (
    <>
      <Badge variant="light" color={delivered ? 'teal' : statusColor(label)}>
        {label}
      </Badge>
      {phase?.detail && (
        <Text size="xs" c="dimmed">
          {phase.detail}
        </Text>
      )}
    </>
  );
}

/** The columns of a run's tasks; `processing`: the run is processing its results (a delivered task then says so). */
function taskColumns(processing: boolean): DataColumn<ScanTaskRow>[] {
  return [
    {
      key: 'targets',
      header: 'Targets',
      cell: (task) => (
        <Text size="sm" title={task.targets.join(', ')}>
          {targetsSummary(task.targets, 3)}
        </Text>
      ),
    },
    { key: 'state', header: 'State', cellProps: { miw: 160 }, cell: (task) => <TaskState task={task} processing={processing} /> },
    { key: 'probe', header: 'Probe', cell: (task) => <Text size="sm">{task.probe?.name ?? '–'}</Text> },
    {
      key: 'progress',
      header: 'Progress',
      cellProps: { miw: 140 },
      cell: (task) => <Progress value={task.progress} size="sm" aria-label={`Task ${task.id} progress ${progressText(task.progress)}`} />,
    },
    {
      key: 'hosts',
      header: 'Hosts',
      cell: (task) => (
        <Text size="sm">
          {task.hosts_done} / {task.hosts_total}
        </Text>
      ),
    },
    { key: 'attempts', header: 'Attempts', cell: (task) => <Text size="sm">{task.attempts}</Text> },
  ];
}

export function RunTasks({ tasks, processing = false }: { tasks: ScanTaskRow[]; processing?: boolean }) {
  return (
    <DataTable
      id="run-tasks"
      caption="Tasks"
      columns={taskColumns(processing)}
      rows={tasks}
      rowKey={(task) => task.id}
      rowProps={(task) => ({ 'data-task-id': task.id })}
      empty={{ title: 'No tasks.' }}
      minWidth={640}
      striped={false}
      verticalSpacing={6}
    />
  );
}
