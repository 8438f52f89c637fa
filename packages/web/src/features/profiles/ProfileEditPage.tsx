// /scans/scan-profiles/edit/nprofile/{id} ('new' for a new one): the profile form; built-ins open read-only with Copy.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crudMessages, type NetworkProfile } from '@bulwark/core';
import { ProfileLoadError } from './ProfileLoadError.tsx';
import { useCopyProfile } from './use-copy-profile.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import { copyProfile, createProfile, updateProfile } from './profiles-api.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { PROFILE_KEYS, profileOptions } from './profile-queries.ts';
import {
  NEW_PROFILE,
  parseProfileId,
  profileEditPath,
  profileInput,
  profileValues,
  PROFILES_PATH,
  type ProfileValues,
} from './profile-form.ts';

const MESSAGES = crudMessages('scan_profile');

function BackLink() {
  return (
    <Anchor component={Link} to={PROFILES_PATH} size="sm">
      ← Scan profiles
    </Anchor>
  );
}

function EditExisting({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { copying, copyProfile: copy } = useCopyProfile({
    copy: copyProfile,
    refresh: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all }),
    editPath: profileEditPath,
  });
  const { data: profile, error } = useQuery(profileOptions(id));

  if (error) return <ProfileLoadError error={error} noun="scan profile" />;
  if (!profile) return <PageLoader label="Loading the profile…" />;

  async function save(values: ProfileValues, original: NetworkProfile) {
    try {
      const saved = await updateProfile(original.id, profileInput(values));
      queryClient.setQueryData(PROFILE_KEYS.one(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: [...PROFILE_KEYS.all, 'list'] });
      toastSuccess(MESSAGES.updated);
    } catch (failure) {
      toastFailure(failure, MESSAGES.updateFailed);
      throw failure;
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={profile.name}
        description={profile.builtin ? 'A built-in profile: copy it to change it.' : 'Network scan profile'}
        actions={
          <Group gap="xs">
            {profile.builtin && <Badge variant="light">Built-in</Badge>}
            <Button variant={profile.builtin ? 'filled' : 'default'} onClick={() => void copy(id)} loading={copying}>
              Copy
            </Button>
          </Group>
        }
      />
      <ProfileForm
        key={`${profile.id}-${profile.modified}`}
        initial={profileValues(profile)}
        readOnly={profile.builtin}
        submitLabel="Save"
        failedMessage={MESSAGES.updateFailed}
        onSubmit={(values) => save(values, profile)}
      />
    </Stack>
  );
}

function CreateNew() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function create(values: ProfileValues) {
    try {
      const created = await createProfile(profileInput(values));
      toastSuccess(MESSAGES.created);
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all });
      void navigate(profileEditPath(created.id), { replace: true });
    } catch (failure) {
      toastFailure(failure, MESSAGES.createFailed);
      throw failure;
    }
  }

  return (
    <Stack gap="md">
      <PageHeader title="New scan profile" />
      <ProfileForm
        initial={NEW_PROFILE}
        readOnly={false}
        submitLabel="Create profile"
        failedMessage={MESSAGES.createFailed}
        onSubmit={create}
      />
    </Stack>
  );
}

export default function ProfileEditPage() {
  const id = parseProfileId(useParams().id);
  return (
    <Stack gap="md">
      <BackLink />
      {id === null ? (
        <Alert color="yellow" variant="light" role="alert">
          This is not the address of a scan profile.
        </Alert>
      ) : id === 'new' ? (
        <CreateNew />
      ) : (
        <EditExisting key={id} id={id} />
      )}
    </Stack>
  );
}
