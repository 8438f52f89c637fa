// Security settings: how many recovery codes are left, and "Regenerate recovery codes" (needs the password), which
// shows the ten new codes once; the old ones stop working.
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RECOVERY_CODE_COUNT, validateRequired } from '@bulwark/core';
import { fetchTwoFactor, regenerateRecoveryCodes } from '../../api/two-factor.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { PasswordField } from '../../components/forms/PasswordField.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { RecoveryCodesList } from './RecoveryCodesList.tsx';

export const TWO_FACTOR_KEY = ['two-factor'] as const;

export function RecoveryCodesSection({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: fetchTwoFactor });
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ initialValues: { password: '' }, validate: { password: (v) => validateRequired(v, 'Current password') } });
  const { busy, error, container, onSubmit } = useFormSubmit(form, regenerate, {
    fields: ['password'],
    failed: 'New recovery codes could not be made.',
    toast: false,
  });

  async function regenerate({ password }: { password: string }) {
    const answer = await regenerateRecoveryCodes(password);
    form.reset();
    setAsking(false);
    setCodes(answer.recovery_codes);
    await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  }

  const remaining = status.data?.recovery_codes_remaining;
  return (
    <Stack gap="sm" component="section" aria-labelledby="recovery-codes-heading">
      <Text fw={600} id="recovery-codes-heading">
        Recovery codes
      </Text>
      <Text size="sm" data-testid="recovery-codes-remaining">
        {remaining === undefined
          ? 'Loading…'
          : `${remaining} of ${RECOVERY_CODE_COUNT} recovery codes left.${remaining <= 2 ? ' Make new ones before you run out.' : ''}`}
      </Text>
      {codes && <RecoveryCodesList email={email} codes={codes} onDone={() => setCodes(null)} />}
      {!codes && !asking && (
        <Button variant="default" onClick={() => setAsking(true)} w="fit-content">
          Regenerate recovery codes
        </Button>
      )}
      {asking && (
        <form ref={container} onSubmit={onSubmit} noValidate>
          <Stack gap="sm" maw={360}>
            <FormError message={error} />
            <Text size="sm">New codes replace all your current ones. Confirm with your password.</Text>
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <PasswordField {...form.getInputProps('password')} label="Current password" autoComplete="current-password" />
            <Button type="submit" loading={busy}>
              Make new recovery codes
            </Button>
            <Button variant="default" onClick={() => setAsking(false)} disabled={busy}>
              Cancel
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
