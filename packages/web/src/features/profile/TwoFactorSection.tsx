// Profile settings: the second factor's status, enrolment (authenticator app with QR code, or SMS), recovery codes
// and turning it off.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UserProfile } from '@bulwark/core';
import { startTotpEnrolment, type TotpSetup } from '../../api/two-factor.ts';
import { TWO_FACTOR_LABELS } from '../../components/account-labels.ts';
import { toastFailure } from '../../components/toasts.tsx';
import { DisableTwoFactor } from './DisableTwoFactor.tsx';
import { RecoveryCodesSection, TWO_FACTOR_KEY } from './RecoveryCodesSection.tsx';
import { SmsEnrolment } from './SmsEnrolment.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import { useRefreshProfile } from './use-refresh-profile.ts';

type Mode = { kind: 'status' } | { kind: 'totp'; setup: TotpSetup } | { kind: 'sms' };

export function TwoFactorSection({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const reloadProfile = useRefreshProfile();
  const refreshProfile = async () => {
    await reloadProfile();
    await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  };
  const [mode, setMode] = useState<Mode>({ kind: 'status' });
  const [starting, setStarting] = useState(false);
  const method = profile.two_factor_method;

  async function startTotp() {
    setStarting(true);
    try {
      setMode({ kind: 'totp', setup: await startTotpEnrolment() });
    } catch (failure) {
      toastFailure(failure, 'The authenticator app set-up could not be started.');
    } finally {
      setStarting(false);
    }
  }

  const finish = async () => {
    setMode({ kind: 'status' });
    await refreshProfile();
  };
  const cancel = () => setMode({ kind: 'status' });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="two-factor-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="two-factor-heading">
            Two-factor authentication
          </Title>
          <Badge color={method === 'none' ? 'gray' : 'teal'} variant="light" data-testid="two-factor-status">
            {method === 'none' ? 'Off' : `On: ${TWO_FACTOR_LABELS[method]}`}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {method === 'none'
            ? 'Add a second step to sign-in: a code from an authenticator app or a text message.'
            : method === 'totp'
              ? 'Signing in asks for a code from your authenticator app.'
              : `Signing in asks for a code sent by text message to ${profile.phone_number ?? 'your phone'}.`}
        </Text>
        {mode.kind === 'totp' && <TotpEnrolment email={profile.email} setup={mode.setup} onDone={finish} onCancel={cancel} />}
        {mode.kind === 'sms' && (
          <SmsEnrolment email={profile.email} initialPhone={profile.phone_number} onDone={finish} onCancel={cancel} />
        )}
        {mode.kind === 'status' && method === 'none' && (
          <Group>
            <Button onClick={() => void startTotp()} loading={starting}>
              Set up authenticator app
            </Button>
            <Button variant="default" onClick={() => setMode({ kind: 'sms' })}>
              Set up text-message codes
            </Button>
          </Group>
        )}
        {mode.kind === 'status' && method !== 'none' && (
          <Stack gap="md">
            {method === 'sms' && (
              <Group>
                <Button variant="default" onClick={() => setMode({ kind: 'sms' })}>
                  Change phone number
                </Button>
              </Group>
            )}
            <RecoveryCodesSection email={profile.email} />
            <DisableTwoFactor email={profile.email} onDone={refreshProfile} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
