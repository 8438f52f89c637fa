// The edit page of a profile of any scan kind, /scans/scan-profiles/edit/<kind's segment>/{id} ('new' for a new one):
// the kind's form; built-ins (and profiles the user may not change) open read-only, with Copy for those who may create.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { capitalised, crudMessages, scanProfilesPath } from '@bulwark/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';
import type { ProfileKindUi, ProfileRowBase } from './profile-kind.ts';
import { ProfileLoadError } from './ProfileLoadError.tsx';
import { useCopyProfile } from './use-copy-profile.ts';

const MESSAGES = crudMessages('scan_profile');

interface Props<P extends ProfileRowBase, V, I> {
  ui: ProfileKindUi<P, V, I>;
}

function EditExisting<P extends ProfileRowBase, V, I>({ ui, id }: Props<P, V, I> & { id: number }) {
  const queryClient = useQueryClient();
  const access = ui.useAccess();
  const refresh = () => ui.refresh(queryClient);
  const { copying, copyProfile: copy } = useCopyProfile({ copy: ui.api.copy, refresh, editPath: ui.editPath });
  const { data: profile, error } = useQuery({ queryKey: ui.oneKey(id), queryFn: ({ signal }) => ui.api.get(id, signal) });

  if (error) return <ProfileLoadError error={error} noun={ui.kind.labels.profile} />;
  if (!profile) return <PageLoader label={ui.texts.loading} />;

  async function save(values: V, original: P) {
    try {
      const saved = await ui.api.update(original.id, ui.input(values));
      queryClient.setQueryData(ui.oneKey(saved.id), saved);
      await ui.refreshAfterSave(queryClient);
      toastSuccess(MESSAGES.updated);
    } catch (failure) {
      toastFailure(failure, MESSAGES.updateFailed);
      throw failure;
    }
  }

  const { Form, Notice } = ui;
  return (
    <Stack gap="md">
      <PageHeader
        title={profile.name}
        description={profile.builtin ? ui.texts.builtinNote : `${capitalised(ui.kind.labels.scan)} profile`}
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
      {Notice && <Notice profile={profile} />}
      <Form
        key={`${profile.id}-${profile.modified}`}
        initial={ui.values(profile)}
        profile={profile}
        readOnly={profile.builtin || !access.update}
        submitLabel="Save"
        failedMessage={MESSAGES.updateFailed}
        onSubmit={(values) => save(values, profile)}
      />
    </Stack>
  );
}

function CreateNew<P extends ProfileRowBase, V, I>({ ui }: Props<P, V, I>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function create(values: V) {
    try {
      const created = await ui.api.create(ui.input(values));
      toastSuccess(MESSAGES.created);
      await ui.refresh(queryClient);
      void navigate(ui.editPath(created.id), { replace: true });
    } catch (failure) {
      toastFailure(failure, MESSAGES.createFailed);
      throw failure;
    }
  }

  const { Form } = ui;
  return (
    <Stack gap="md">
      <PageHeader title={ui.texts.newTitle} description={ui.texts.newDescription} />
      <Form initial={ui.newValues} readOnly={false} submitLabel="Create profile" failedMessage={MESSAGES.createFailed} onSubmit={create} />
    </Stack>
  );
}

export function ScanProfileEditPage<P extends ProfileRowBase, V, I>({ ui }: Props<P, V, I>) {
  const id = ui.parseId(useParams().id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={scanProfilesPath(ui.kind)} size="sm">
        {`← ${ui.texts.back}`}
      </Anchor>
      {id === null ? (
        <Alert color="yellow" variant="light" role="alert">
          This is not the address of a {ui.kind.labels.profile}.
        </Alert>
      ) : id === 'new' ? (
        <CreateNew ui={ui} />
      ) : (
        <EditExisting key={id} ui={ui} id={id} />
      )}
    </Stack>
  );
}
