// The second step of sign-in: the one-time code from the authenticator app or the SMS, with "Send a new code" for SMS,
// or one of the account's recovery codes ("Use a recovery code").
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { generateOtp } from '../../api/auth.ts';
import { toastFailure, toastInfo } from '../../components/toasts.tsx';
import type { OtpChallenge } from './otp-challenge.ts';

/** Shown when the server's answer carries no instruction of its own. */
const DEFAULT_PROMPTS: Record<OtpChallenge['method'], string> = {
  sms: 'We have sent a code by text message to the phone number of your account.',
  totp: 'Open your authenticator app and enter the code it shows for Bulwark.',
};

interface Props {
  challenge: OtpChallenge;
  codeInput: GetInputPropsReturnType;
  recoveryInput: GetInputPropsReturnType;
  /** Whether the recovery-code field is shown instead of the one-time code. */
  useRecovery: boolean;
  onToggleRecovery(): void;
  username: string;
  password: string;
  busy: boolean;
  onBack(): void;
}

export function OtpStep({ challenge, codeInput, recoveryInput, useRecovery, onToggleRecovery, username, password, busy, onBack }: Props) {
  const [sending, setSending] = useState(false);

  async function sendNewCode() {
    setSending(true);
    try {
      toastInfo(await generateOtp(username, password));
    } catch (error) {
      toastFailure(error, 'A new code could not be sent.');
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Two-step verification
      </Title>
      <Text size="sm" aria-live="polite" data-testid="otp-prompt">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.'
          : challenge.message || DEFAULT_PROMPTS[challenge.method]}
      </Text>
      {useRecovery ? (
        <TextInput {...recoveryInput} key="recovery" label="Recovery code" autoComplete="off" spellCheck={false} maxLength={40} autoFocus />
      ) : (
        <TextInput
          {...codeInput}
          key="otp"
          label="One-time code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={16}
          autoFocus
        />
      )}
      <Button type="submit" loading={busy} fullWidth>
        Sign in
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={onToggleRecovery}>
        {useRecovery ? 'Use a one-time code instead' : 'Use a recovery code'}
      </Anchor>
      <Group justify="space-between">
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Use a different account
        </Anchor>
        {challenge.method === 'sms' && !useRecovery && (
          <Anchor component="button" type="button" size="sm" onClick={() => void sendNewCode()} disabled={sending}>
            {sending ? 'Sending…' : 'Send a new code'}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
