// A run's progress while it moves (a bar with the percentage) and its tasks when there is more than one to follow;
// shared by the network and policy run summaries.
import { Group, Progress, Text } from '@mantine/core';
import { SCAN_RUN_STATUS, type ScanRunRow } from '@bulwark/core';
import { RunTasks } from './RunTasks.tsx';
import { isRunMoving, progressText } from './scan-format.ts';

export function RunProgress({ run }: { run: ScanRunRow }) {
  const moving = isRunMoving(run);
  return (
    <>
      {moving && (
        <Group gap="xs" wrap="nowrap">
          <Progress value={run.progress} animated style={{ flex: 1 }} size="lg" aria-label="Scan progress" />
          <Text size="sm" w={44} ta="right">
            {progressText(run.progress)}
          </Text>
        </Group>
      )}
      {run.children.length > 0 && (moving || run.children.length > 1) && (
        <RunTasks tasks={run.children} processing={run.status === SCAN_RUN_STATUS.processing_results} />
      )}
    </>
  );
}
