// The last step of an enrolment: type the code received, then 'Verify and enable'.
import type { ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { VERIFICATION_CODE_LABEL, validateVerificationCode } from './code-field.ts';

interface Props {
  /** Sends the code; resolves when the factor is on. */
  confirm(code: string): Promise<void>;
  onCancel(): void;
  /** Extra links under the buttons (e.g. 'Send a new code'). */
  extra?: ReactNode;
}

export function VerifyCodeForm({ confirm, onCancel, extra }: Props) {
  const form = useForm({
    initialValues: { one_time_password: '' },
    validate: { one_time_password: validateVerificationCode },
  });
  // Busy stays on after success: the factor is on and the enrolment closes.
  const { busy, error, container, onSubmit } = useFormSubmit(form, ({ one_time_password }) => confirm(one_time_password.trim()), {
    fields: ['one_time_password'],
    failed: 'The code could not be checked. Try again.',
    toast: false,
    keepBusyOnSuccess: true,
  });

  return (
    <form ref={container} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormError message={error} />
        <TextInput
          {...form.getInputProps('one_time_password')}
          label={VERIFICATION_CODE_LABEL}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          w={220}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Verify and enable
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
        {extra}
      </Stack>
    </form>
  );
}
