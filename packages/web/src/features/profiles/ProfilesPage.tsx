// /scans/scan-profiles: the scan profiles in two tabs, network profiles (built-in and own) and, for users who may read
// policy scans, policy profiles with the policy library (?kind=policy); each tab with its own new, import and row actions.
import { useSearchParams } from 'react-router';
import { Stack, Tabs } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { usePolicyAccess } from '../policies/policy-access.ts';
import { POLICY_PROFILE_UI } from '../policies/policy-profile-kind.tsx';
import { PolicyProfiles } from '../policies/PolicyProfiles.tsx';
import { NETWORK_PROFILE_UI } from './network-profile-kind.tsx';
import { ScanProfileList } from './ScanProfileList.tsx';
import { ScanProfileListActions } from './ScanProfileListActions.tsx';

const KIND_PARAM = 'kind';
type Kind = 'network' | 'policy';

export default function ProfilesPage() {
  const access = usePolicyAccess();
  const [params, setParams] = useSearchParams();
  const kind: Kind = access.read && params.get(KIND_PARAM) === 'policy' ? 'policy' : 'network';

  function choose(value: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'policy') next.set(KIND_PARAM, 'policy');
      else next.delete(KIND_PARAM);
      return next;
    });
  }

  if (!access.read) {
    return (
      <Stack gap="md">
        <PageHeader
          title="Scan profiles"
          description="What a network scan looks at: ports, protocols and which checks run."
          actions={<ScanProfileListActions ui={NETWORK_PROFILE_UI} />}
        />
        <ScanProfileList ui={NETWORK_PROFILE_UI} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader
        title="Scan profiles"
        description={
          kind === 'policy'
            ? 'What a policy scan evaluates: a configuration benchmark, and the Linux credentials that log in.'
            : 'What a network scan looks at: ports, protocols and which checks run.'
        }
        actions={
          // Keyed by kind: each kind's access hook is its own, so a tab change mounts the other kind's actions afresh.
          kind === 'policy' ? (
            <ScanProfileListActions key="policy" ui={POLICY_PROFILE_UI} />
          ) : (
            <ScanProfileListActions key="network" ui={NETWORK_PROFILE_UI} />
          )
        }
      />
      <Tabs value={kind} onChange={choose} keepMounted={false}>
        <Tabs.List aria-label="Kinds of scan profile">
          <Tabs.Tab value="network">{NETWORK_PROFILE_UI.kind.labels.profilesTab}</Tabs.Tab>
          <Tabs.Tab value="policy">{POLICY_PROFILE_UI.kind.labels.profilesTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="network" pt="md">
          <ScanProfileList ui={NETWORK_PROFILE_UI} />
        </Tabs.Panel>
        <Tabs.Panel value="policy" pt="md">
          <PolicyProfiles access={access} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
