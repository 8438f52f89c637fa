// The next five runs of a network scan schedule as it stands in the editor, asked of the server
// (scan/schedules/preview/): the shared next-runs list with the scan schedule's words and its blackout starts.
import type { ScheduleTiming } from '@bulwark/core';
import { UpcomingRuns as NextRuns } from '../../components/schedule/UpcomingRuns.tsx';
import { SCHEDULE_KEYS, previewSchedule } from './schedules-api.ts';

const preview = async (timing: ScheduleTiming, signal: AbortSignal) => {
  const answer = await previewSchedule(timing, signal);
  return { upcoming: answer.upcoming, blackout: answer.blackout_starts };
};

export interface UpcomingRunsProps {
  /** The timing to preview; null while the form's timing is incomplete. */
  timing: ScheduleTiming | null;
  active?: boolean;
}

export function UpcomingRuns({ timing, active = true }: UpcomingRunsProps) {
  return (
    <NextRuns
      timing={timing}
      zone={timing?.time_zone ?? 'UTC'}
      queryKey={SCHEDULE_KEYS.preview}
      preview={preview}
      active={active}
      incomplete="Enter a start date, a time (HH:MM), a time zone and, to end on a date, a day on or after the start, to see when it runs."
      none="No run is due with these settings: the start or the end may be in the past, or the runs may all be done."
      testId="schedule-upcoming"
    />
  );
}
