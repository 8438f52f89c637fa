// The next five runs of a schedule as it stands in the form, asked of the server (reports/schedules/preview/) a moment
// after the last change, shown in the schedule's own time zone (and the viewer's, when it differs).
import { List, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { INPUT_DEBOUNCE_MS, formatDateTime, type ReportScheduleInput } from '@bulwark/core';
import { isApiError, messageOf } from '../../api/errors.ts';
import { REPORT_KEYS, previewSchedule } from './reports-api.ts';
import { browserTimeZone, formatInZone } from './report-format.ts';

/** A run time in the schedule's zone, with the viewer's local time beside it when the zones differ. */
export function runTimeText(iso: string, timeZone: string, localZone = browserTimeZone()): string {
  const there = formatInZone(iso, timeZone);
  if (timeZone === localZone) return there;
  return `${there} (${formatDateTime(iso)} your time)`;
}

export function UpcomingRuns({ body, active = true }: { body: ReportScheduleInput | null; active?: boolean }) {
  const [debounced] = useDebouncedValue(body, INPUT_DEBOUNCE_MS);
  const upcoming = useQuery({
    queryKey: REPORT_KEYS.upcoming(debounced),
    queryFn: ({ signal }) => (debounced ? previewSchedule(debounced, signal) : Promise.resolve([])),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const zone = body?.time_zone ?? 'UTC';

  let content;
  if (body === null) {
    content = (
      <Text size="sm" c="dimmed">
        Enter a time (HH:MM) and a time zone to see when it runs.
      </Text>
    );
  } else if (upcoming.isError) {
    const fields = isApiError(upcoming.error) ? Object.values(upcoming.error.fieldErrors) : [];
    content = (
      <Text size="sm" c="red">
        {fields.length > 0 ? fields.join(' ') : messageOf(upcoming.error, 'The next runs could not be worked out.')}
      </Text>
    );
  } else if (!upcoming.data) {
    content = <Loader size="xs" aria-label="Working out the next runs" />;
  } else if (upcoming.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        No run is due with these settings.
      </Text>
    );
  } else {
    content = (
      <List size="sm" spacing={2} type="ordered" aria-busy={upcoming.isFetching || undefined}>
        {upcoming.data.map((at) => (
          <List.Item key={at}>
            <time dateTime={at}>{runTimeText(at, zone)}</time>
          </List.Item>
        ))}
      </List>
    );
  }

  return (
    <Stack gap={4} aria-live="polite">
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
