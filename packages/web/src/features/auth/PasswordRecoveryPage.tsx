// /auth/password-recovery: asks for the account's e-mail and sends a link to choose a new password.
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOGIN_PATH, validateRequired } from '@bulwark/core';
import { requestPasswordReset } from '../../api/auth.ts';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';

export default function PasswordRecoveryPage() {
  const container = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { username: '' }, validate: { username: (v) => validateRequired(v, 'Email') } });

  async function submit({ username }: { username: string }) {
    setError(null);
    setBusy(true);
    try {
      setSent(await requestPasswordReset(username.trim()));
    } catch (failure) {
      setError(applyServerErrors(form, failure, ['username'], 'The reset link could not be sent. Try again.'));
      focusFirstError(container.current);
    } finally {
      setBusy(false);
    }
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
        <form ref={container} onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))} noValidate>
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
