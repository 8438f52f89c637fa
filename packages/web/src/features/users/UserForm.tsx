// Invites, creates or edits one user (users/users/): e-mail, name, role preset, superuser (offered only to a caller who
// is one), and a password when creating. Invited users get a mailed welcome link; server field errors land on fields.
import { Alert, Button, Checkbox, Group, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_PRESETS,
  USER_ADMIN_MESSAGES,
  type RolePreset,
  type UserAdminPatch,
  type UserAdminRow,
} from '@bulwark/core';
import { displayName } from '../../components/display-name.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { initialRole } from './user-format.ts';
import { userChanged } from './user-queries.ts';
import { createUser, editUser, inviteUser } from './users-api.ts';

export type UserFormMode = 'invite' | 'create' | 'edit';

interface Values {
  email: string;
  first_name: string;
  last_name: string;
  role: RolePreset | null;
  is_superuser: boolean;
  password: string;
}

const ROLE_OPTIONS = ROLE_PRESETS.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const FIELDS = {
  email: 'email',
  first_name: 'first_name',
  last_name: 'last_name',
  role: 'role',
  customer_admin: 'role',
  is_superuser: 'is_superuser',
  password: 'password',
};
const FAILED: Record<UserFormMode, string> = {
  invite: 'Cannot invite the user.',
  create: 'Cannot create the user.',
  edit: 'Cannot save the user.',
};
const SUBMIT: Record<UserFormMode, string> = { invite: 'Send invitation', create: 'Create user', edit: 'Save' };
const isRole = (value: unknown): value is RolePreset => (ROLE_PRESETS as readonly unknown[]).includes(value);

export interface UserFormProps {
  mode: UserFormMode;
  /** The user edited (edit mode). */
  user?: UserAdminRow;
  /** Whether the signed-in user is an is_superuser (only they may make one). */
  canGrantSuperuser: boolean;
  onDone(): void;
}

export function UserForm({ mode, user, canGrantSuperuser, onDone }: UserFormProps) {
  const queryClient = useQueryClient();
  const start: Values = {
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    // A new user starts with the least: reading.
    role: user ? initialRole(user) : 'auditor',
    is_superuser: user?.is_superuser ?? false,
    password: '',
  };
  const form = useForm<Values>({
    initialValues: start,
    validate: {
      email: (v) => (v.trim() === '' ? 'E-mail is required' : /^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid email address.'),
      role: (v) => (mode === 'edit' || isRole(v) ? null : 'Choose a role.'),
      password: (v) => (mode === 'create' && v === '' ? 'Password is required' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, { fields: FIELDS, failed: FAILED[mode] });
  const role = form.values.role;

  async function save(v: Values) {
    const common = { email: v.email.trim(), first_name: v.first_name.trim(), last_name: v.last_name.trim() };
    if (mode === 'edit' && user) {
      // Only what changed: an unchanged role keeps a custom permission map as it is.
      const patch: UserAdminPatch = {};
      if (common.email !== user.email) patch.email = common.email;
      if (common.first_name !== user.first_name) patch.first_name = common.first_name;
      if (common.last_name !== user.last_name) patch.last_name = common.last_name;
      if (isRole(v.role) && v.role !== start.role) patch.role = v.role;
      if (v.is_superuser !== user.is_superuser) patch.is_superuser = v.is_superuser;
      const saved = Object.keys(patch).length ? await editUser(user.id, patch) : user;
      toastSuccess(USER_ADMIN_MESSAGES.updated);
      await userChanged(queryClient, saved);
      onDone();
      return;
    }
    const input = { ...common, role: isRole(v.role) ? v.role : undefined, is_superuser: v.is_superuser };
    const saved = mode === 'create' ? await createUser({ ...input, password: v.password }) : await inviteUser(input);
    toastSuccess(mode === 'create' ? USER_ADMIN_MESSAGES.created(saved.email) : USER_ADMIN_MESSAGES.invited(saved.email));
    await userChanged(queryClient, saved);
    onDone();
  }

  const label = mode === 'edit' && user ? `Edit ${displayName(user)}` : mode === 'create' ? 'Create user' : 'Invite user';
  return (
    <form ref={container} onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <FormError message={error} />
        {mode === 'invite' && (
          <Alert color="blue" variant="light" role="note">
            We e-mail them a link to choose their password. The link works for 7 days; you can send a new one from the list.
          </Alert>
        )}
        <TextInput {...form.getInputProps('email')} label="E-mail" type="email" required data-autofocus autoComplete="off" />
        <Group grow>
          <TextInput {...form.getInputProps('first_name')} label="First name" autoComplete="off" />
          <TextInput {...form.getInputProps('last_name')} label="Last name" autoComplete="off" />
        </Group>
        <Select
          {...form.getInputProps('role')}
          label="Role"
          placeholder="Custom permissions"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          description={isRole(role) ? ROLE_DESCRIPTIONS[role] : 'The permission map is custom; choose a preset to replace it.'}
        />
        {canGrantSuperuser && (
          <Checkbox
            {...form.getInputProps('is_superuser', { type: 'checkbox' })}
            label="Superuser"
            description="Every right in the organisation, and only another superuser can change or remove them."
          />
        )}
        {mode === 'create' && (
          <PasswordInput
            {...form.getInputProps('password')}
            label="Password"
            required
            autoComplete="new-password"
            description="Hand it over safely; they can change it under their profile."
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {SUBMIT[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
