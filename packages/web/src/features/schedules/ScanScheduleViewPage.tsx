// /scans/schedules/view/:scanId: one network or policy schedule. The schedule says its kind by its profile's type; a
// policy schedule's page edits it with policy profiles, goes back to the policy tab and lists its policy runs. The query
// is the schedule page's own (same key), so the schedule is fetched once.
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { POLICY_SCAN_KIND } from '@bulwark/core';
import { POLICY_SCHEDULE_VIEW } from '../policies/policy-schedule-kind.tsx';
import { SCHEDULE_KEYS, fetchScheduleByScan } from './schedules-api.ts';
import { parseScanId } from './schedule-format.ts';
import { useSchedulePermissions } from './schedule-permissions.ts';
import ScheduleViewPage from './ScheduleViewPage.tsx';

export default function ScanScheduleViewPage() {
  const scanId = parseScanId(useParams().scanId);
  const can = useSchedulePermissions();
  const query = useQuery({
    queryKey: SCHEDULE_KEYS.byScan(scanId ?? 0),
    queryFn: ({ signal }) => fetchScheduleByScan(scanId ?? 0, signal),
    enabled: scanId !== null && can.read,
  });
  const policy = query.data?.profile?.type === POLICY_SCAN_KIND.type;
  return <ScheduleViewPage kind={policy ? POLICY_SCHEDULE_VIEW : undefined} />;
}
