// The state of a report run or an export: a coloured badge, and while it runs a progress bar (indeterminate until the
// total is known) with how far it is in words.
import { Badge, Progress, Stack, Text } from '@mantine/core';
import { REPORT_RUN_STATE_LABELS, type ReportRunState } from '@bulwark/core';
import { isMoving, progressPercent, progressText } from '../report-format.ts';

const STATE_COLORS: Record<ReportRunState, string> = { pending: 'gray', running: 'blue', finished: 'teal', failed: 'red' };

export function StateBadge({ state }: { state: ReportRunState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {REPORT_RUN_STATE_LABELS[state]}
    </Badge>
  );
}

export interface RunStateProps {
  state: ReportRunState;
  progress: { current: number; total: number };
  /** Names the progress bar, e.g. 'Progress of Weekly report'. */
  label: string;
  /** The error of a failed run, shown under its badge. */
  error?: string | null;
  width?: number;
}

export function RunState({ state, progress, label, error, width = 160 }: RunStateProps) {
  if (!isMoving(state)) {
    return (
      <Stack gap={2} align="flex-start">
        <StateBadge state={state} />
        {state === 'failed' && error && (
          <Text size="xs" c="red" lineClamp={2} title={error} maw={width}>
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  const percent = progressPercent(progress);
  const text = progressText(state, progress);
  return (
    <Stack gap={4} w={width}>
      <StateBadge state={state} />
      {/* The bar's own ARIA: no value while the total is unknown (indeterminate), and the progress in words. */}
      <Progress.Root size="sm">
        <Progress.Section
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          aria-valuetext={percent === null ? text : `${percent}%, ${text}`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
