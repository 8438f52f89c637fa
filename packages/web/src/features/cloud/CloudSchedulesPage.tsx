// /cloud/schedules: the cloud scans started on a calendar; the shared schedule list with the cloud kind.
import SchedulesPage from '../schedules/SchedulesPage.tsx';
import { CLOUD_SCHEDULE_LIST } from './cloud-schedule-kind.tsx';

export default function CloudSchedulesPage() {
  return <SchedulesPage kind={CLOUD_SCHEDULE_LIST} />;
}
