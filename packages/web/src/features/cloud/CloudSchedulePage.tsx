// /cloud/schedules/{scanId}: one cloud schedule, found by the scan it starts; the shared schedule page with the cloud kind.
import ScheduleViewPage from '../schedules/ScheduleViewPage.tsx';
import { CLOUD_SCHEDULE_VIEW } from './cloud-schedule-kind.tsx';

export default function CloudSchedulePage() {
  return <ScheduleViewPage kind={CLOUD_SCHEDULE_VIEW} />;
}
