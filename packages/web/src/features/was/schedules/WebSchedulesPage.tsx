// /was/schedules: the web-application scans started on a calendar; the shared schedule list with the web kind.
import SchedulesPage from '../../schedules/SchedulesPage.tsx';
import { WEB_SCHEDULE_LIST } from './web-schedule-kind.tsx';

export default function WebSchedulesPage() {
  return <SchedulesPage kind={WEB_SCHEDULE_LIST} />;
}
