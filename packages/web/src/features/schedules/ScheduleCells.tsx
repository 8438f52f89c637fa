// Cells of a schedule that the list and the schedule's page share: its next run in its own time zone (or why there is
// none), and its last scheduled run's status linking to the run's result (or why it could not start).
import { Link } from 'react-router';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { formatDateTime, type Schedule } from '@bulwark/core';
import { runTimeText } from '../../components/schedule/time-zones.ts';
import { runResultPath } from '../scans/scan-format.ts';
import { lastRunColor } from './schedule-format.ts';

/** The next run of a schedule in its own zone; why there is none otherwise. */
export function NextRun({ schedule: s }: { schedule: Schedule }) {
  if (!s.schedule_is_active) {
    return (
      <Text size="sm" c="dimmed">
        Inactive
      </Text>
    );
  }
  if (!s.next_run_at) {
    return (
      <Text size="sm" c="dimmed">
        No further runs
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">
        <time dateTime={s.next_run_at}>{runTimeText(s.next_run_at, s.time_zone)}</time>
      </Text>
      {s.blackout_starts.includes(s.next_run_at) && (
        <Text size="xs" c="orange">
          In the blackout window: waits until it ends
        </Text>
      )}
    </Stack>
  );
}

/** The last scheduled run: its status linking to its result, or why it could not start. */
export function LastRun({ schedule: s }: { schedule: Schedule }) {
  if (s.last_run) {
    return (
      <Stack gap={2} align="flex-start">
        {/* The run's kind is its profile's (a policy schedule's run opens its policy result, a web one its web result). */}
        <Anchor
          component={Link}
          to={runResultPath(s.last_run.id, s.profile?.type)}
          aria-label={`Result of the last run of ${s.name}: ${s.last_run.status}`}
        >
          <Badge color={lastRunColor(s.last_run.status)} variant="light" style={{ cursor: 'pointer' }}>
            {s.last_run.status}
          </Badge>
        </Anchor>
        {s.last_run_at && (
          <Text size="xs" c="dimmed">
            {formatDateTime(s.last_run_at)}
          </Text>
        )}
      </Stack>
    );
  }
  if (s.last_error) {
    return (
      <Text size="sm" c="red" title={s.last_error} lineClamp={2}>
        Could not start: {s.last_error}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Not run yet
    </Text>
  );
}
