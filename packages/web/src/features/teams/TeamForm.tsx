// Adds or changes a team: name, notification address, asset permissions (ALL, or LIMITED to the assets carrying the
// chosen tags), the tags of the assets it owns, and its members. Server field errors land on their fields.
import { Button, Group, MultiSelect, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Team } from '@bulwark/core';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { TEAM_KEYS, createTeam, fetchTagBasics, fetchUserChoices, updateTeam } from './teams-api.ts';

interface TeamFormValues {
  name: string;
  notification_email: string;
  asset_permissions: 'ALL' | 'LIMITED';
  asset_permissions_tags: string[];
  asset_owner_tags: string[];
  members: string[];
}

const FIELDS = ['name', 'notification_email', 'asset_permissions', 'asset_permissions_tags', 'asset_owner_tags', 'members'];

export function TeamForm({ team, onDone }: { team?: Team; onDone(): void }) {
  const queryClient = useQueryClient();
  const tags = useQuery({ queryKey: ['tags', 'basics'], queryFn: ({ signal }) => fetchTagBasics(signal) });
  const users = useQuery({ queryKey: ['users', 'choices'], queryFn: ({ signal }) => fetchUserChoices(signal) });
  const form = useForm<TeamFormValues>({
    initialValues: {
      name: team?.name ?? '',
      notification_email: team?.notification_email ?? '',
      asset_permissions: team?.asset_permissions ?? 'ALL',
      asset_permissions_tags: (team?.asset_permissions_tags ?? []).map(String),
      asset_owner_tags: (team?.asset_owner_tags ?? []).map(String),
      members: (team?.members ?? []).map(String),
    },
    validate: {
      name: (v) => (v.trim() === '' ? 'Name is required' : null),
      asset_permissions_tags: (v, values) =>
        values.asset_permissions === 'LIMITED' && v.length === 0
          ? 'Choose at least one tag: a LIMITED team sees only the assets with these tags.'
          : null,
    },
  });
  const tagOptions = (tags.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  const userOptions = (users.data?.results ?? []).map((u) => ({ value: String(u.user), label: u.email }));
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: FIELDS,
    failed: team ? MESSAGES.teams.updateFailed : MESSAGES.teams.createFailed,
  });

  async function save(v: TeamFormValues) {
    const input = {
      name: v.name.trim(),
      notification_email: v.notification_email.trim(),
      asset_permissions: v.asset_permissions,
      // Sent only for LIMITED teams (§3); otherwise an empty list.
      asset_permissions_tags: v.asset_permissions === 'LIMITED' ? v.asset_permissions_tags.map(Number) : [],
      asset_owner_tags: v.asset_owner_tags.map(Number),
      members: v.members.map(Number),
    };
    if (team) await updateTeam(team.id, input);
    else await createTeam(input);
    toastSuccess(team ? MESSAGES.teams.updated : MESSAGES.teams.created);
    await queryClient.invalidateQueries({ queryKey: TEAM_KEYS.all });
    onDone();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={team ? 'Edit team' : 'Add a team'}>
      <Stack gap="md">
        <FormError message={error} />
        <TextInput {...form.getInputProps('name')} label="Name" required data-autofocus autoComplete="off" />
        <TextInput {...form.getInputProps('notification_email')} label="Notification email" type="email" autoComplete="off" />
        <Radio.Group {...form.getInputProps('asset_permissions')} label="Asset permissions">
          <Group mt={4}>
            <Radio value="ALL" label="All assets" />
            <Radio value="LIMITED" label="Only assets with chosen tags (LIMITED)" />
          </Group>
        </Radio.Group>
        {form.values.asset_permissions === 'LIMITED' && (
          <MultiSelect {...form.getInputProps('asset_permissions_tags')} label="Tags the team may see" data={tagOptions} searchable />
        )}
        <MultiSelect {...form.getInputProps('asset_owner_tags')} label="Tags of the assets the team owns" data={tagOptions} searchable />
        <MultiSelect {...form.getInputProps('members')} label="Members" data={userOptions} searchable />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {team ? 'Save' : 'Add team'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
