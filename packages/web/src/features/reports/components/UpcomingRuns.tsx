// The next five runs of a report schedule as it stands in the form, asked of the server (reports/schedules/preview/):
// the shared next-runs list with the report form's words.
import type { ReportScheduleInput } from '@bulwark/core';
import { UpcomingRuns as NextRuns } from '../../../components/schedule/UpcomingRuns.tsx';
import { REPORT_KEYS, previewSchedule } from '../api/reports-api.ts';

export { runTimeText } from '../../../components/schedule/time-zones.ts';

const preview = async (body: ReportScheduleInput, signal: AbortSignal) => ({ upcoming: await previewSchedule(body, signal) });

export function UpcomingRuns({ body, active = true }: { body: ReportScheduleInput | null; active?: boolean }) {
  return (
    <NextRuns
      timing={body}
      zone={body?.time_zone ?? 'UTC'}
      queryKey={REPORT_KEYS.upcoming}
      preview={preview}
      active={active}
      incomplete="Enter a time (HH:MM) and a time zone to see when it runs."
      none="No run is due with these settings."
    />
  );
}
