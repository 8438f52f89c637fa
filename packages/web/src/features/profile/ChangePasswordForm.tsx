// Profile settings: change one's own password (current password, new one twice); other sessions end on the server.
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateRequired } from '@bulwark/core';
import { changePassword } from '../../api/account.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';

interface Values {
  current_password: string;
  new_password: string;
  confirm: string;
}

const EMPTY: Values = { current_password: '', new_password: '', confirm: '' };

export function ChangePasswordForm({ impersonated }: { impersonated: boolean }) {
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      current_password: (v) => validateRequired(v, 'Current password'),
      new_password: (v) => validateRequired(v, 'New password'),
      confirm: (v, values) =>
        validateRequired(v, 'Confirm new password') ?? (v !== values.new_password ? 'The passwords do not match.' : null),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['current_password', 'new_password'],
    failed: 'Cannot change the password.',
  });

  async function save(values: Values) {
    toastSuccess(await changePassword(values.current_password, values.new_password));
    form.setValues(EMPTY);
    form.resetDirty(EMPTY);
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-password-heading">
      <form ref={container} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="change-password-heading">
            Password
          </Title>
          {impersonated ? (
            <Text size="sm">The password cannot be changed in an impersonated session.</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                At least 10 characters, not a commonly used password. Your other sessions end when you change it.
              </Text>
              <FormError message={error} />
              <PasswordInput {...form.getInputProps('current_password')} label="Current password" autoComplete="current-password" />
              <PasswordInput {...form.getInputProps('new_password')} label="New password" autoComplete="new-password" />
              <PasswordInput {...form.getInputProps('confirm')} label="Confirm new password" autoComplete="new-password" />
              <Group>
                <Button type="submit" loading={busy}>
                  Change password
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
