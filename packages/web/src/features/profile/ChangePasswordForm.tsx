// Profile settings: change one's own password (current password, new one twice); other sessions end on the server.
import { useRef, useState } from 'react';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateRequired } from '@bulwark/core';
import { changePassword } from '../../api/account.ts';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { toastFailure, toastSuccess } from '../../components/toasts.tsx';

interface Values {
  current_password: string;
  new_password: string;
  confirm: string;
}

const EMPTY: Values = { current_password: '', new_password: '', confirm: '' };

export function ChangePasswordForm({ impersonated }: { impersonated: boolean }) {
  const container = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      current_password: (v) => validateRequired(v, 'Current password'),
      new_password: (v) => validateRequired(v, 'New password'),
      confirm: (v, values) =>
        validateRequired(v, 'Confirm new password') ?? (v !== values.new_password ? 'The passwords do not match.' : null),
    },
  });

  async function submit(values: Values) {
    setError(null);
    setBusy(true);
    try {
      toastSuccess(await changePassword(values.current_password, values.new_password));
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    } catch (failure) {
      const message = applyServerErrors(form, failure, ['current_password', 'new_password'], 'Cannot change the password.');
      setError(message);
      toastFailure(failure, message ?? 'Cannot change the password.');
      focusFirstError(container.current);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-password-heading">
      <form ref={container} onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))} noValidate>
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
