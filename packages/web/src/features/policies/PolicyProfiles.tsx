// The policy tab of the scan profiles page: the policy profiles (the generic list, its URL parameters under `policy.`)
// and the policy library below them.
import { Stack } from '@mantine/core';
import { ScanProfileList } from '../profiles/ScanProfileList.tsx';
import type { PolicyAccess } from './policy-access.ts';
import { PolicyLibrary } from './PolicyLibrary.tsx';
import { POLICY_PROFILE_UI } from './policy-profile-kind.tsx';

export function PolicyProfiles({ access }: { access: PolicyAccess }) {
  return (
    <Stack gap="md">
      <ScanProfileList ui={POLICY_PROFILE_UI} />
      <PolicyLibrary access={access} />
    </Stack>
  );
}
