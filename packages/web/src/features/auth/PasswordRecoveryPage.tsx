// /auth/password-recovery: asks for the account's e-mail and sends a link to choose a new password.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOGIN_PATH, validateRequired } from '@bulwark/core';
import { requestPasswordReset } from '../../api/auth.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';

export default function PasswordRecoveryPage() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ initialValues: { username: '' }, validate: { username: (v) => validateRequired(v, 'Email') } });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['username'],
    failed: 'The reset link could not be sent. Try again.',
    toast: false,
  });

  async function save({ username }: { username: string }) {
    setSent(await requestPasswordReset(username.trim()));
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reset your password
      </Title>
      {sent ? (
        <Alert color="teal" variant="light" role="status" aria-live="polite" title="Check your e-mail" data-testid="reset-sent">
          {sent}
        </Alert>
      ) : (
        <form ref={container} onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Enter the e-mail address of your account. If it belongs to a user, we send a link to choose a new password.
            </Text>
            <FormError message={error} />
            <TextInput {...form.getInputProps('username')} label="Email" type="email" autoComplete="username" autoFocus />
            <Button type="submit" loading={busy} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={LOGIN_PATH} size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
