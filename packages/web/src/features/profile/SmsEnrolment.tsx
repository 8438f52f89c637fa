// Enrolment of text-message codes: the phone number (a code is sent to it), then that code to confirm, then the ten
// recovery codes (shown once), as after enrolling an authenticator app.
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { setPhoneNumberRequest, validateRequired } from '@bulwark/core';
import { confirmSms, setPhoneNumber } from '../../api/two-factor.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { schemaMessage } from '../../components/forms/schema-field.ts';
import { toastFailure, toastInfo, toastSuccess } from '../../components/toasts.tsx';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';
import { VerifyCodeForm } from './VerifyCodeForm.tsx';

interface Props {
  email: string;
  initialPhone: string | null;
  onDone(): Promise<void>;
  onCancel(): void;
}

export function SmsEnrolment({ email, initialPhone, onDone, onCancel }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    // The server may answer the number masked (•••78); only a full number is offered for editing.
    initialValues: { phone_number: initialPhone && /^[+\d\s]+$/.test(initialPhone) ? initialPhone : '' },
    validate: {
      phone_number: (v) => validateRequired(v, 'Phone number') ?? schemaMessage(setPhoneNumberRequest, { phone_number: v }),
    },
  });
  const { busy, error, container, onSubmit } = useFormSubmit(form, send, {
    fields: ['phone_number'],
    failed: 'The code could not be sent. Try again.',
    toast: false,
  });

  async function send({ phone_number }: { phone_number: string }) {
    toastInfo(await setPhoneNumber(phone_number));
    setSentTo(phone_number.trim());
  }

  async function resend() {
    if (!sentTo) return;
    try {
      toastInfo(await setPhoneNumber(sentTo));
    } catch (failure) {
      toastFailure(failure, 'The code could not be sent. Try again.');
    }
  }

  if (codes) return <RecoveryCodesList email={email} codes={codes} onDone={() => void onDone()} />;
  if (sentTo) {
    return (
      <Stack gap="sm" data-testid="sms-enrolment">
        <Text size="sm" aria-live="polite">
          We have sent a 6-digit code to {sentTo}. Enter it to turn on text-message codes.
        </Text>
        <VerifyCodeForm
          confirm={async (code) => {
            const answer = await confirmSms(code);
            toastSuccess(answer.detail);
            setCodes(answer.recovery_codes);
          }}
          onCancel={onCancel}
          extra={
            <Group gap="md">
              <Anchor component="button" type="button" size="sm" onClick={() => void resend()}>
                Send a new code
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
                Change phone number
              </Anchor>
            </Group>
          }
        />
      </Stack>
    );
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate data-testid="sms-enrolment">
      <Stack gap="sm">
        <FormError message={error} />
        <TextInput
          {...form.getInputProps('phone_number')}
          label="Phone number"
          description="In international format, for example +45 12 34 56 78."
          type="tel"
          autoComplete="tel"
          w={280}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Send code
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
