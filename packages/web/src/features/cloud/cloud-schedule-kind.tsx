// What makes the shared schedule list, form and page a cloud one: the list narrowed to cloud schedules (scan_type=cloud),
// links to /cloud/schedules/{scanId}, cloud profiles (cloud/cloud_basics/) instead of network profiles, no targets (the
// profile names the account and regions), and the cloud runs of the schedule's scan.
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ScheduleFormKind } from '../schedules/ScheduleForm.tsx';
import type { ScheduleListKind } from '../schedules/SchedulesPage.tsx';
import type { ScheduleViewKind } from '../schedules/ScheduleViewPage.tsx';
import { fetchCloudBasics, fetchCloudRuns } from './api/cloud-api.ts';
import { providerLabel } from './cloud-profile-form.ts';
import { CLOUD_KEYS } from './cloud-queries.ts';
import { cloudRunPath } from './components/cloud-run-columns.tsx';

export const CLOUD_SCHEDULES_PATH = '/cloud/schedules';
export const cloudSchedulePath = (scanId: number): string => `${CLOUD_SCHEDULES_PATH}/${scanId}`;

function useCloudProfiles() {
  const basics = useQuery({ queryKey: CLOUD_KEYS.basics, queryFn: ({ signal }) => fetchCloudBasics(signal) });
  return {
    data: basics.data?.map((p) => ({ id: p.id, name: `${p.name} (${providerLabel(p.provider)})`, builtin: false })),
    isPending: basics.isPending,
  };
}

export const CLOUD_SCHEDULE_FORM: ScheduleFormKind = {
  targets: () => (
    <Text size="sm" c="dimmed">
      A cloud schedule scans the account its cloud profile names, in the profile’s regions.
    </Text>
  ),
  useProfiles: useCloudProfiles,
  noTargets: true,
  // The server lifts its target rule only for a schedule that says it is a cloud one.
  scanType: 'cloud',
};

export const CLOUD_SCHEDULE_LIST: ScheduleListKind = {
  title: 'Cloud schedules',
  description: 'Cloud account scans that start by themselves, on the days and at the times you choose.',
  emptyDescription:
    'A cloud schedule scans a cloud account by itself: once, or every few days, weeks or months, at a time in the time zone you choose, until a date or a number of runs.',
  tableId: 'cloud-schedules',
  query: { scan_type: 'cloud' },
  viewPath: cloudSchedulePath,
  form: CLOUD_SCHEDULE_FORM,
};

export const CLOUD_SCHEDULE_VIEW: ScheduleViewKind = {
  listPath: CLOUD_SCHEDULES_PATH,
  targets: (s) => s.profile?.name ?? '–',
  fetchRuns: (scanId, query, signal) => fetchCloudRuns({ ...query, scan: scanId }, signal),
  resultPath: (run) => cloudRunPath(run.id),
  form: CLOUD_SCHEDULE_FORM,
};
