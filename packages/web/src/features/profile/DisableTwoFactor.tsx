// Turns the second factor off after the user confirms with their current password.
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { validateRequired } from '@bulwark/core';
import { disableTwoFactor } from '../../api/two-factor.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { PasswordField } from '../../components/forms/PasswordField.tsx';

export function DisableTwoFactor({ email, onDone }: { email: string; onDone(): Promise<void> }) {
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => validateRequired(v, 'Current password') },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['password'],
    failed: 'Two-factor authentication could not be turned off.',
    toast: false,
  });

  async function save({ password }: { password: string }) {
    await disableTwoFactor(password);
    toastSuccess('Two-factor authentication is turned off.');
    form.reset();
    await onDone();
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate>
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
