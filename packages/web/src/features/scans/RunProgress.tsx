// A run's progress while it moves (a bar with the percentage; hosts done and up so far, the time it has run and an
// estimate of the time left, "estimating…" until there is enough data) and its tasks when there is more than one to
// follow; shared by the network and policy run summaries.
import { Group, Progress, Text } from '@mantine/core';
import { SCAN_RUN_STATUS, formatDuration, type ScanRunRow } from '@bulwark/core';
import { RunTasks } from './RunTasks.tsx';
import { isRunMoving, progressText } from './scan-format.ts';

/** "72 of 254 hosts done · 4 up · 8 min 0 s elapsed · about 20 min 13 s left" (or "estimating…"). */
export function runProgressFacts(
  run: Pick<ScanRunRow, 'status' | 'hosts_done' | 'hosts_total' | 'hosts_up' | 'elapsed_seconds' | 'remaining_seconds'>,
): string {
  const parts = [`${run.hosts_done} of ${run.hosts_total} hosts done`, `${run.hosts_up} up`];
  if (run.elapsed_seconds !== null) parts.push(`${formatDuration(run.elapsed_seconds)} elapsed`);
  if (run.status === SCAN_RUN_STATUS.in_progress)
    parts.push(run.remaining_seconds === null ? 'estimating…' : `about ${formatDuration(run.remaining_seconds)} left`);
  return parts.join(' · ');
}

export function RunProgress({ run }: { run: ScanRunRow }) {
  const moving = isRunMoving(run);
  return (
    <>
      {moving && (
        <>
          <Group gap="xs" wrap="nowrap">
            <Progress value={run.progress} animated style={{ flex: 1 }} size="lg" aria-label="Scan progress" />
            <Text size="sm" w={44} ta="right">
              {progressText(run.progress)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" data-testid="run-progress-facts">
            {runProgressFacts(run)}
          </Text>
        </>
      )}
      {!moving && run.elapsed_seconds !== null && run.finished && (
        <Text size="sm" c="dimmed" data-testid="run-duration">
          Ran for {formatDuration(run.elapsed_seconds)}; {run.hosts_done} of {run.hosts_total} hosts done.
        </Text>
      )}
      {run.children.length > 0 && (moving || run.children.length > 1) && (
        <RunTasks tasks={run.children} processing={run.status === SCAN_RUN_STATUS.processing_results} />
      )}
    </>
  );
}
