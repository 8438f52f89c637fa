// The policy scan's profiles in the generic profile pages: its form (policy, Linux credentials, any release), its
// policy and credentials columns, the warning for a policy no longer in the library, its cache and its words.
import { Alert, Badge, Group, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { POLICY_SCAN_KIND } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { profileApi } from '../profiles/profile-api.ts';
import type { ProfileFormProps, ProfileKindUi } from '../profiles/profile-kind.ts';
import { PROFILE_OPTIONS_KEY } from '../scans/scan-queries.ts';
import type { PolicyProfile, PolicyProfileInput } from './policies-api.ts';
import { usePolicyAccess } from './policy-access.ts';
import { parsePolicyProfileId, policyProfileEditPath } from './policy-format.ts';
import { NEW_POLICY_PROFILE, policyProfileInput, policyProfileValues, type PolicyProfileValues } from './policy-profile-form.ts';
import { POLICY_KEYS, POLICY_PROFILES_PAGE_SIZE } from './policy-queries.ts';
import { PolicyProfileForm } from './PolicyProfileForm.tsx';

/** '2 credentials', '1 credential'. */
export function credentialsText(count: number): string {
  return `${count} credential${count === 1 ? '' : 's'}`;
}

const COLUMNS: readonly DataColumn<PolicyProfile>[] = [
  {
    key: 'policy',
    header: 'Policy',
    cellProps: { maw: 360 },
    cell: (profile) =>
      profile.policy_name === null ? (
        <Badge color="yellow" variant="light" title={profile.policy}>
          Policy no longer in the library
        </Badge>
      ) : (
        <Group gap={6} wrap="wrap">
          <Text size="sm">{profile.policy_name}</Text>
          {profile.ignore_platform && (
            <Badge size="xs" variant="outline" color="gray" title="Evaluated on other releases too">
              Any release
            </Badge>
          )}
        </Group>
      ),
  },
  {
    key: 'credentials',
    header: 'Credentials',
    hideable: true,
    cell: (profile) => <Text size="sm">{credentialsText(profile.lin_auths.length)}</Text>,
  },
];

/** After a policy profile is created, changed, copied, imported or deleted: fresh profile lists, and fresh profile
 * choices of the scan forms (noprofiles/ lists policy profiles too). */
function refresh(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: POLICY_KEYS.profiles }),
    queryClient.invalidateQueries({ queryKey: PROFILE_OPTIONS_KEY }),
  ]);
}

function PolicyNotice({ profile }: { profile: PolicyProfile }) {
  if (profile.policy_name !== null) return null;
  return (
    <Alert color="yellow" variant="light" role="alert" title="Policy no longer in the library">
      The policy of this profile ({profile.policy}) was removed from the library. Choose another one before scanning with it.
    </Alert>
  );
}

function Form({ profile, ...props }: ProfileFormProps<PolicyProfile, PolicyProfileValues>) {
  return <PolicyProfileForm {...props} policyName={profile?.policy_name ?? null} />;
}

export const POLICY_PROFILE_UI: ProfileKindUi<PolicyProfile, PolicyProfileValues, PolicyProfileInput> = {
  kind: POLICY_SCAN_KIND,
  api: profileApi(POLICY_SCAN_KIND),
  oneKey: POLICY_KEYS.profile,
  listKey: POLICY_KEYS.profileList,
  refresh,
  refreshAfterSave: refresh,
  useAccess: usePolicyAccess,
  editPath: policyProfileEditPath,
  parseId: parsePolicyProfileId,
  values: policyProfileValues,
  input: policyProfileInput,
  newValues: NEW_POLICY_PROFILE,
  Form,
  Notice: PolicyNotice,
  columns: COLUMNS,
  list: {
    id: 'policy-profiles',
    caption: 'Policy profiles',
    filterLabel: 'Filter policy profiles',
    prefix: 'policy',
    pageSize: POLICY_PROFILES_PAGE_SIZE,
    errorMessage: 'The policy profiles could not be loaded. Reload the page to try again.',
    loadingLabel: 'Loading policy profiles…',
    empty: (filtered) =>
      filtered
        ? { title: 'No policy profile matches this search.' }
        : {
            title: 'No policy profiles yet.',
            description:
              'A policy profile names a benchmark of the library below and the Linux credentials that log in. Create one with “New policy profile”.',
          },
    nouns: ['policy profiles', 'policy profile'],
  },
  texts: {
    back: 'Policy profiles',
    loading: 'Loading the policy profile…',
    builtinNote: 'A built-in policy profile: copy it to change it.',
    newTitle: 'New policy profile',
    newDescription: 'What a policy scan evaluates, and how it logs in to the hosts.',
    importLabel: 'Import profile',
    newLabel: 'New policy profile',
    importFailed: 'Cannot import policy profile.',
  },
};
