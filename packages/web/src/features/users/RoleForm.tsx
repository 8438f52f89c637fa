// Changes one user's role to a preset (PATCH user/profile/{id}/ {role}); the preset's description is the field's help.
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_PRESETS, type RolePreset, type UserProfile } from '@bulwark/core';
import { displayName } from '../../components/display-name.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { initialRole } from './user-format.ts';
import { userChanged } from './user-queries.ts';
import { setUserRole } from './users-api.ts';

const FAILED = 'Cannot change the role.';
const ROLE_OPTIONS = ROLE_PRESETS.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

interface Values {
  role: RolePreset | null;
}

const isRole = (value: unknown): value is RolePreset => (ROLE_PRESETS as readonly unknown[]).includes(value);

export function RoleForm({ user, onDone }: { user: UserProfile; onDone(): void }) {
  const queryClient = useQueryClient();
  const start = initialRole(user);
  const form = useForm<Values>({
    initialValues: { role: start },
    validate: { role: (value) => (isRole(value) ? null : 'Choose a role.') },
  });
  const chosen = form.values.role;
  // A refused change of one's own administrator role comes back on customer_admin.
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: { role: 'role', customer_admin: 'role' },
    failed: FAILED,
    toast: false,
  });

  async function save(values: Values) {
    // The form's validation already refused anything else.
    if (!isRole(values.role)) return;
    const role = values.role;
    const saved = await setUserRole(user.id, role);
    toastSuccess(`Role of ${displayName(user)} changed to ${ROLE_LABELS[role]}.`);
    await userChanged(queryClient, saved);
    onDone();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={`Role of ${displayName(user)}`}>
      <Stack gap="md">
        <FormError message={error} />
        {user.is_superuser && (
          <Alert color="blue" variant="light" role="note">
            This user is a superuser of the installation and keeps every right whatever the role.
          </Alert>
        )}
        <Select
          {...form.getInputProps('role')}
          label="Role"
          placeholder="Custom permissions"
          data={ROLE_OPTIONS}
          description={isRole(chosen) ? ROLE_DESCRIPTIONS[chosen] : 'The permission map is custom; choose a preset to replace it.'}
          allowDeselect={false}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          A preset replaces the user’s permission map. The map stays editable afterwards under Permissions.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={chosen === start}>
            Save role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
