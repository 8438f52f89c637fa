// /scans/scan-profiles/edit/oprofile/{id} ('new' for a new one): the policy profile form, with Copy for an existing
// profile and a warning when its policy is no longer in the library.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, type PolicyProfile } from '@bulwark/core';
import { ProfileLoadError } from '../profiles/ProfileLoadError.tsx';
import { useCopyProfile } from '../profiles/use-copy-profile.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { copyPolicyProfile, createPolicyProfile, updatePolicyProfile } from './policies-api.ts';
import { PolicyProfileForm } from './PolicyProfileForm.tsx';
import { POLICY_KEYS, policyProfileQuery } from './policy-queries.ts';
import { parsePolicyProfileId, POLICY_PROFILES_PATH, policyProfileEditPath } from './policy-format.ts';
import { NEW_POLICY_PROFILE, policyProfileInput, policyProfileValues, type PolicyProfileValues } from './policy-profile-form.ts';
import { usePolicyProfileRefresh } from './use-policy-profile-cache.ts';
import { usePolicyAccess } from './policy-access.ts';

const MESSAGES = crudMessages('scan_profile');

function EditExisting({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const refresh = usePolicyProfileRefresh();
  const access = usePolicyAccess();
  const { copying, copyProfile: copy } = useCopyProfile({ copy: copyPolicyProfile, refresh, editPath: policyProfileEditPath });
  const { data: profile, error } = useQuery(policyProfileQuery(id));

  if (error) return <ProfileLoadError error={error} noun="policy profile" />;
  if (!profile) return <PageLoader label="Loading the policy profile…" />;

  async function save(values: PolicyProfileValues, original: PolicyProfile) {
    try {
      const saved = await updatePolicyProfile(original.id, policyProfileInput(values));
      queryClient.setQueryData(POLICY_KEYS.profile(saved.id), saved);
      await refresh();
      toastSuccess(MESSAGES.updated);
    } catch (failure) {
      toastFailure(failure, MESSAGES.updateFailed);
      throw failure;
    }
  }

  const readOnly = profile.builtin || !access.update;
  return (
    <Stack gap="md">
      <PageHeader
        title={profile.name}
        description={profile.builtin ? 'A built-in policy profile: copy it to change it.' : 'Policy scan profile'}
        actions={
          <Group gap="xs">
            {profile.builtin && <Badge variant="light">Built-in</Badge>}
            {access.create && (
              <Button variant={profile.builtin ? 'filled' : 'default'} onClick={() => void copy(id)} loading={copying}>
                Copy
              </Button>
            )}
          </Group>
        }
      />
      {profile.policy_name === null && (
        <Alert color="yellow" variant="light" role="alert" title="Policy no longer in the library">
          The policy of this profile ({profile.policy}) was removed from the library. Choose another one before scanning with it.
        </Alert>
      )}
      <PolicyProfileForm
        key={`${profile.id}-${profile.modified}`}
        initial={policyProfileValues(profile)}
        policyName={profile.policy_name}
        readOnly={readOnly}
        submitLabel="Save"
        failedMessage={MESSAGES.updateFailed}
        onSubmit={(values) => save(values, profile)}
      />
    </Stack>
  );
}

function CreateNew() {
  const navigate = useNavigate();
  const refresh = usePolicyProfileRefresh();

  async function create(values: PolicyProfileValues) {
    try {
      const created = await createPolicyProfile(policyProfileInput(values));
      toastSuccess(MESSAGES.created);
      await refresh();
      void navigate(policyProfileEditPath(created.id), { replace: true });
    } catch (failure) {
      toastFailure(failure, MESSAGES.createFailed);
      throw failure;
    }
  }

  return (
    <Stack gap="md">
      <PageHeader title="New policy profile" description="What a policy scan evaluates, and how it logs in to the hosts." />
      <PolicyProfileForm
        initial={NEW_POLICY_PROFILE}
        readOnly={false}
        submitLabel="Create profile"
        failedMessage={MESSAGES.createFailed}
        onSubmit={create}
      />
    </Stack>
  );
}

export default function PolicyProfileEditPage() {
  const id = parsePolicyProfileId(useParams().id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={POLICY_PROFILES_PATH} size="sm">
        ← Policy profiles
      </Anchor>
      {id === null ? (
        <Alert color="yellow" variant="light" role="alert">
          This is not the address of a policy profile.
        </Alert>
      ) : id === 'new' ? (
        <CreateNew />
      ) : (
        <EditExisting key={id} id={id} />
      )}
    </Stack>
  );
}
