// The next five runs of a network scan schedule as it stands in the editor, asked of the server
// (scan/schedules/preview/) 300 ms after the last change, shown in the schedule's time zone (and the viewer's local time
// when it differs); and the same list for a saved schedule, from what the server already sent.
import { List, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INPUT_DEBOUNCE_MS, type ScheduleTiming } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { runTimeText } from '../reports/UpcomingRuns.tsx';
import { SCHEDULE_KEYS, previewSchedule } from './schedules-api.ts';

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
            <Text span size="xs" c="orange.8" ml={6}>
              in the blackout window: the run waits until it ends
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}

export interface UpcomingRunsProps {
  /** The timing to preview; null while the form's timing is incomplete. */
  timing: ScheduleTiming | null;
  active?: boolean;
}

export function UpcomingRuns({ timing, active = true }: UpcomingRunsProps) {
  const [debounced] = useDebouncedValue(timing, INPUT_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: SCHEDULE_KEYS.preview(debounced),
    queryFn: ({ signal }) => previewSchedule(debounced as ScheduleTiming, signal),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const zone = timing?.time_zone ?? 'UTC';

  let content;
  if (timing === null) {
    content = (
      <Text size="sm" c="dimmed">
        Enter a start date, a time (HH:MM), a time zone and, to end on a date, a day on or after the start, to see when it runs.
      </Text>
    );
  } else if (preview.isError) {
    const fields = isApiError(preview.error) ? Object.values(preview.error.fieldErrors) : [];
    content = (
      <Text size="sm" c="red">
        {fields.length > 0 ? fields.join(' ') : messageOf(preview.error, 'The next runs could not be worked out.')}
      </Text>
    );
  } else if (!preview.data) {
    content = <Loader size="xs" aria-label="Working out the next runs" />;
  } else if (preview.data.upcoming.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        No run is due with these settings: the start or the end may be in the past, or the runs may all be done.
      </Text>
    );
  } else {
    content = <RunTimes times={preview.data.upcoming} timeZone={zone} blackout={preview.data.blackout_starts} busy={preview.isFetching} />;
  }

  return (
    <Stack gap={4} aria-live="polite" data-testid="schedule-upcoming">
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
