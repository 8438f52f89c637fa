// Enrolment of an authenticator app: the QR code and secret to add, the code it shows to confirm, then the ten
// recovery codes, shown once.
import { useEffect, useState } from 'react';
import { Code, CopyButton, Button, Group, Image, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { confirmTotp, type TotpSetup } from '../../api/two-factor.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';
import { VerifyCodeForm } from './VerifyCodeForm.tsx';

/** The server's QR image, or one drawn here from the otpauth link when the server sent none. */
function useQrImage(setup: TotpSetup): string | null {
  const fromServer = setup.qr_code.startsWith('data:image/') ? setup.qr_code : null;
  const [drawn, setDrawn] = useState<string | null>(null);
  useEffect(() => {
    if (fromServer) return;
    let live = true;
    QRCode.toDataURL(setup.otpauth_url, { margin: 1, width: 200 }).then(
      (url) => live && setDrawn(url),
      () => live && setDrawn(null),
    );
    return () => {
      live = false;
    };
  }, [fromServer, setup.otpauth_url]);
  return fromServer ?? drawn;
}

interface Props {
  email: string;
  setup: TotpSetup;
  onDone(): Promise<void>;
  onCancel(): void;
}

export function TotpEnrolment({ email, setup, onDone, onCancel }: Props) {
  const qr = useQrImage(setup);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) return <RecoveryCodesList email={email} codes={codes} onDone={() => void onDone()} />;
  return (
    <Stack gap="md" data-testid="totp-enrolment">
      <Text size="sm">
        1. Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).
      </Text>
      {qr && <Image src={qr} alt="QR code for authenticator app" w={200} h={200} fit="contain" />}
      <Stack gap={4}>
        <Text size="sm">If you cannot scan it, enter this key in the app instead:</Text>
        <Group gap="xs">
          <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
      <VerifyCodeForm
        confirm={async (code) => {
          const answer = await confirmTotp(code);
          toastSuccess(answer.detail);
          setCodes(answer.recovery_codes);
        }}
        onCancel={onCancel}
      />
    </Stack>
  );
}
