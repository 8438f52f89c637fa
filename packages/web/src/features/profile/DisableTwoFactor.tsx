// Turns the second factor off after the user confirms with their current password.
import { useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateRequired } from '@bulwark/core';
import { disableTwoFactor } from '../../api/two-factor.ts';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { toastSuccess } from '../../components/toasts.tsx';
import { PasswordField } from '../../components/forms/PasswordField.tsx';

export function DisableTwoFactor({ email, onDone }: { email: string; onDone(): Promise<void> }) {
  const container = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => validateRequired(v, 'Current password') },
  });

  async function submit({ password }: { password: string }) {
    setError(null);
    setBusy(true);
    try {
      await disableTwoFactor(password);
      toastSuccess('Two-factor authentication is turned off.');
      form.reset();
      await onDone();
    } catch (failure) {
      setError(applyServerErrors(form, failure, ['password'], 'Two-factor authentication could not be turned off.'));
      focusFirstError(container.current);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={container} onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))} noValidate>
      <Stack gap="sm" maw={360}>
        <FormError message={error} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField {...form.getInputProps('password')} label="Current password" autoComplete="current-password" />
        <Button type="submit" color="red" variant="light" loading={busy}>
          Turn off two-factor authentication
        </Button>
      </Stack>
    </form>
  );
}
