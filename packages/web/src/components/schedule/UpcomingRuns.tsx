// The next runs of a schedule as it stands in its form, asked of the server's preview 300 ms after the last change (and
// not at all while the timing is incomplete), shown in the schedule's time zone and the viewer's local time when it
// differs; runs in a blackout window say that they wait. One list for every schedule form (scans, reports).
import { List, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { INPUT_DEBOUNCE_MS } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { runTimeText } from './time-zones.ts';

export interface RunTimesProps {
  times: readonly string[];
  timeZone: string;
  /** Those of `times` inside the customer's blackout window. */
  blackout?: readonly string[];
  busy?: boolean;
}

/**
 * An ordered list of run times, each in `timeZone` (and the viewer's time beside it when the zones differ); a start in
 * the blackout window says that its run waits until the window ends.
 */
export function RunTimes({ times, timeZone, blackout = [], busy }: RunTimesProps) {
  return (
    <List size="sm" spacing={2} type="ordered" aria-busy={busy || undefined}>
      {times.map((at) => (
        <List.Item key={at}>
          <time dateTime={at}>{runTimeText(at, timeZone)}</time>
          {blackout.includes(at) && (
            <Text span size="xs" c="orange" ml={6}>
              in the blackout window: the run waits until it ends
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

/** What a preview answers: the next run times, and those of them in the blackout window. */
export interface RunsPreview {
  upcoming: readonly string[];
  blackout?: readonly string[];
}

export interface UpcomingRunsProps<T> {
  /** The timing to preview; null while the form's timing is incomplete (nothing is asked). */
  timing: T | null;
  /** The time zone of the timing. */
  zone: string;
  queryKey(timing: T | null): QueryKey;
  preview(timing: T, signal: AbortSignal): Promise<RunsPreview>;
  active: boolean;
  /** Said while the timing is incomplete: what to fill in. */
  incomplete: string;
  /** Said when no run is due. */
  none: string;
  testId?: string;
}

export function UpcomingRuns<T>({ timing, zone, queryKey, preview, active, incomplete, none, testId }: UpcomingRunsProps<T>) {
  const [debounced] = useDebouncedValue(timing, INPUT_DEBOUNCE_MS);
  const runs = useQuery({
    queryKey: queryKey(debounced),
    queryFn: ({ signal }) => preview(debounced as T, signal),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  let content;
  if (timing === null) {
    content = (
      <Text size="sm" c="dimmed">
        {incomplete}
      </Text>
    );
  } else if (runs.isError) {
    const fields = isApiError(runs.error) ? Object.values(runs.error.fieldErrors) : [];
    content = (
      <Text size="sm" c="red">
        {fields.length > 0 ? fields.join(' ') : messageOf(runs.error, 'The next runs could not be worked out.')}
      </Text>
    );
  } else if (!runs.data) {
    content = <Loader size="xs" role="status" aria-label="Working out the next runs" />;
  } else if (runs.data.upcoming.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  } else {
    content = <RunTimes times={runs.data.upcoming} timeZone={zone} blackout={runs.data.blackout} busy={runs.isFetching} />;
  }

  return (
    <Stack gap={4} aria-live="polite" data-testid={testId}>
      <Text size="sm" fw={500}>
        Next runs ({zone})
      </Text>
      {!active && (
        <Text size="xs" c="dimmed">
          The schedule is switched off: it runs at these times once it is switched on.
        </Text>
      )}
      {content}
    </Stack>
  );
}
