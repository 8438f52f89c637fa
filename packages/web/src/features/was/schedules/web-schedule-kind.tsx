// What makes the shared schedule list, form and page a web one: the list narrowed to web schedules (scan_type=was),
// links to /was/schedules/view/{scanId}, web applications and web profiles instead of network targets and profiles,
// discovery and virtual hosts, the web runs of the schedule's scan, and its targets named by URL.
import { useQuery } from '@tanstack/react-query';
import type { Schedule } from '@bulwark/core';
import type { ScheduleFormKind } from '../../schedules/ScheduleForm.tsx';
import type { ScheduleListKind } from '../../schedules/SchedulesPage.tsx';
import type { ScheduleViewKind } from '../../schedules/ScheduleViewPage.tsx';
import { fetchWebAppChoices, fetchWebProfileChoices, fetchWebRuns, webRunPath } from '../api/web-scans-api.ts';
import { WEB_KEYS } from '../web-queries.ts';
import { WebScheduleTargets } from './WebScheduleTargets.tsx';

export const WEB_SCHEDULES_PATH = '/was/schedules';
export const webSchedulePath = (scanId: number): string => `${WEB_SCHEDULES_PATH}/view/${scanId}`;

function useWebProfiles() {
  return useQuery({ queryKey: [...WEB_KEYS.profiles, 'choices'], queryFn: ({ signal }) => fetchWebProfileChoices(signal) });
}

export const WEB_SCHEDULE_FORM: ScheduleFormKind = {
  initialValues: (values, schedule) => ({
    ...values,
    is_was_discovery: schedule?.is_was_discovery ?? false,
    vhosts: schedule?.vhosts ?? [],
  }),
  targets: (form) => <WebScheduleTargets form={form} />,
  useProfiles: useWebProfiles,
};

export const WEB_SCHEDULE_LIST: ScheduleListKind = {
  title: 'Web schedules',
  description: 'Web-application scans that start by themselves, on the days and at the times you choose.',
  emptyDescription:
    'A web schedule scans web applications by itself (or only maps them, for discovery): once, or every few days, weeks or months, at a time in the time zone you choose, until a date or a number of runs.',
  tableId: 'was-schedules',
  query: { scan_type: 'was' },
  viewPath: webSchedulePath,
  form: WEB_SCHEDULE_FORM,
};

/** The schedule's web applications by URL, its virtual hosts, and whether it only maps them. */
function WebTargets({ schedule: s }: { schedule: Schedule }) {
  const apps = useQuery({ queryKey: [...WEB_KEYS.webapps, 'choices'], queryFn: ({ signal }) => fetchWebAppChoices(signal) });
  const urlOf = new Map((apps.data ?? []).map((a) => [a.id, a.url]));
  const names = s.assets.map((id) => urlOf.get(id) ?? `Web application ${id}`);
  return (
    <>
      {names.join(', ') || '–'}
      {s.vhosts.length > 0 && ` (virtual hosts: ${s.vhosts.join(', ')})`}
      {s.is_was_discovery && ' — discovery only'}
    </>
  );
}

export const WEB_SCHEDULE_VIEW: ScheduleViewKind = {
  listPath: WEB_SCHEDULES_PATH,
  targets: (s) => <WebTargets schedule={s} />,
  fetchRuns: (scanId, query, signal) => fetchWebRuns({ ...query, scan: scanId }, signal),
  // The rows are web runs (scan/wruns/): a discovery run opens the discovery result page.
  resultPath: (run) => webRunPath({ id: run.id, is_was_discovery: 'is_was_discovery' in run && run.is_was_discovery === true }),
  form: WEB_SCHEDULE_FORM,
};
