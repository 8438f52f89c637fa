// The last step of an enrolment: type the code received, then 'Verify and enable'.
import { useRef, useState, type ReactNode } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { VERIFICATION_CODE_LABEL, validateVerificationCode } from './code-field.ts';

interface Props {
  /** Sends the code; resolves when the factor is on. */
  confirm(code: string): Promise<void>;
  onCancel(): void;
  /** Extra links under the buttons (e.g. 'Send a new code'). */
  extra?: ReactNode;
}

export function VerifyCodeForm({ confirm, onCancel, extra }: Props) {
  const container = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { one_time_password: '' },
    validate: { one_time_password: validateVerificationCode },
  });

  async function submit({ one_time_password }: { one_time_password: string }) {
    setError(null);
    setBusy(true);
    try {
      await confirm(one_time_password.trim());
    } catch (failure) {
      setBusy(false);
      setError(applyServerErrors(form, failure, ['one_time_password'], 'The code could not be checked. Try again.'));
      focusFirstError(container.current);
    }
  }

  return (
    <form ref={container} onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))} noValidate>
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
