// /was/schedules/view/:scanId: one web schedule, found by the scan it starts; the shared schedule page with the web kind.
import ScheduleViewPage from '../../schedules/ScheduleViewPage.tsx';
import { WEB_SCHEDULE_VIEW } from './web-schedule-kind.tsx';

export default function WebScheduleViewPage() {
  return <ScheduleViewPage kind={WEB_SCHEDULE_VIEW} />;
}
