// What makes the shared schedule list, form and page a policy one: the list narrowed to policy schedules
// (scan_type=oval), policy profiles (noprofiles/ of type oval) instead of network profiles, the same targets as a network
// schedule (a policy scan logs in to hosts), scan_type oval sent so a network profile is refused by name, and the policy
// runs (scan/noruns/) of the schedule's scan, each opening its policy result page.
import { useQuery } from '@tanstack/react-query';
import { POLICY_SCAN_KIND, scanResultPath } from '@bulwark/core';
import type { ScheduleFormKind } from '../schedules/ScheduleForm.tsx';
import type { ScheduleListKind } from '../schedules/SchedulesPage.tsx';
import type { ScheduleViewKind } from '../schedules/ScheduleViewPage.tsx';
import { TargetFields } from '../schedules/TargetFields.tsx';
import { SCHEDULES_PATH, schedulePath } from '../schedules/schedule-format.ts';
import { policyProfileOptionsQuery } from '../scans/scan-queries.ts';
import { fetchRuns } from '../scans/scans-api.ts';

/** ?kind= of the schedules page that shows the policy schedules (the scans page uses the same word). */
export const POLICY_SCHEDULES_TAB = POLICY_SCAN_KIND.web.listTab;
export const POLICY_SCHEDULES_PATH = `${SCHEDULES_PATH}?kind=${POLICY_SCHEDULES_TAB}`;

function usePolicyProfiles() {
  const profiles = useQuery(policyProfileOptionsQuery);
  return { data: profiles.data?.map((p) => ({ id: p.id, name: p.name, builtin: p.builtin })), isPending: profiles.isPending };
}

export const POLICY_SCHEDULE_FORM: ScheduleFormKind = {
  targets: (form) => <TargetFields form={form} />,
  useProfiles: usePolicyProfiles,
  scanType: POLICY_SCAN_KIND.type,
};

export const POLICY_SCHEDULE_LIST: ScheduleListKind = {
  title: 'Schedules',
  description: 'Policy scans that start by themselves, on the days and at the times you choose.',
  emptyDescription:
    'A policy schedule checks your hosts against a policy by itself: once, or every few days, weeks or months, at a time in the time zone you choose, until a date or a number of runs. Its targets can be tags, so the assets tagged when each run starts are checked.',
  tableId: 'policy-schedules',
  query: { scan_type: POLICY_SCAN_KIND.type },
  viewPath: schedulePath,
  form: POLICY_SCHEDULE_FORM,
};

export const POLICY_SCHEDULE_VIEW: ScheduleViewKind = {
  listPath: POLICY_SCHEDULES_PATH,
  fetchRuns: (scanId, query, signal) => fetchRuns({ ...query, scan: scanId }, signal, POLICY_SCAN_KIND.type),
  resultPath: (run) => scanResultPath(POLICY_SCAN_KIND, run.id),
  form: POLICY_SCHEDULE_FORM,
};
