// The actions of one policy profile row: open, copy, export as JSON, delete (after a confirm), as permissions allow.
import type { PolicyAccess } from './policy-access.ts';
import { ProfileActionsMenu } from '../profiles/ProfileActionsMenu.tsx';
import { copyPolicyProfile, deletePolicyProfile, exportPolicyProfile, type PolicyProfile } from './policies-api.ts';
import { policyProfileEditPath } from './policy-format.ts';
import { usePolicyProfileRefresh } from './use-policy-profile-cache.ts';

export function PolicyProfileRowActions({ profile, access }: { profile: PolicyProfile; access: PolicyAccess }) {
  const refresh = usePolicyProfileRefresh();
  return (
    <ProfileActionsMenu
      profile={profile}
      access={access}
      noun="policy profile"
      editPath={policyProfileEditPath}
      copy={copyPolicyProfile}
      exportJson={exportPolicyProfile}
      remove={deletePolicyProfile}
      refresh={refresh}
    />
  );
}
