// /scans/schedules: network and policy scan schedules (platform-core §2 puts both kinds of network scanning under
// /scans). Users who may read policy scans get two tabs, network schedules and policy schedules (?kind=policy); each tab
// is the shared schedule list of its kind, with its own form (network or policy profiles) and list filter.
import { useSearchParams } from 'react-router';
import { Tabs } from '@mantine/core';
import { usePolicyAccess } from '../policies/policy-access.ts';
import { POLICY_SCHEDULES_TAB, POLICY_SCHEDULE_LIST } from '../policies/policy-schedule-kind.tsx';
import SchedulesPage from './SchedulesPage.tsx';

const KIND_PARAM = 'kind';

export default function ScanSchedulesPage() {
  const [search, setSearch] = useSearchParams();
  const access = usePolicyAccess();
  const policy = access.read && search.get(KIND_PARAM) === POLICY_SCHEDULES_TAB;
  // The filters, ordering and page of one tab mean nothing on the other: a switch starts it bare.
  const show = (tab: string | null) =>
    setSearch(tab === POLICY_SCHEDULES_TAB ? new URLSearchParams({ [KIND_PARAM]: POLICY_SCHEDULES_TAB }) : new URLSearchParams());
  const tabs = access.read ? (
    <Tabs value={policy ? POLICY_SCHEDULES_TAB : 'network'} onChange={show}>
      <Tabs.List aria-label="Kinds of schedule">
        <Tabs.Tab value="network">Network scans</Tabs.Tab>
        <Tabs.Tab value={POLICY_SCHEDULES_TAB}>Policy scans</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  ) : undefined;
  // A key per kind: the list's state (its editor, its confirmation) does not carry over to the other kind.
  return <SchedulesPage key={policy ? 'policy' : 'network'} kind={policy ? POLICY_SCHEDULE_LIST : undefined} tabs={tabs} />;
}
