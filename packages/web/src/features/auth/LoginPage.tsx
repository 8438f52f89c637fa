// /auth/login: e-mail and password (keep me signed in), then the second factor (or a recovery code) when the account has one;
// or the organisation's identity provider (SAML) once the e-mail's domain signs in through one.
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { validateRequired } from '@bulwark/core';
import { login } from '../../api/auth.ts';
import { applyServerErrors } from '../../components/forms/server-errors.ts';
import { focusFirstError } from '../../components/forms/focus.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { reloadSession } from '../../session/session.ts';
import { MESSAGE_PARAM, NEXT_PARAM } from '../../session/urls.ts';
import { SAML_ERROR_PARAM, SamlError, SamlSignInButton } from './SamlSignIn.tsx';
import { otpChallengeOf, type OtpChallenge } from './otp-challenge.ts';
import { OtpStep } from './OtpStep.tsx';
import { SessionMessage } from './SessionMessage.tsx';
import { PasswordField } from '../../components/forms/PasswordField.tsx';

const SIGN_IN_FAILED = 'Sign-in failed. Try again.';

interface LoginValues {
  username: string;
  password: string;
  keep_logged_in: boolean;
  one_time_password: string;
  recovery_code: string;
}

export default function LoginPage() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const container = useRef<HTMLFormElement>(null);
  const [challenge, setChallenge] = useState<OtpChallenge | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);

  const form = useForm<LoginValues>({
    initialValues: { username: '', password: '', keep_logged_in: false, one_time_password: '', recovery_code: '' },
    validate: {
      username: (v) => validateRequired(v, 'Email'),
      password: (v) => validateRequired(v, 'Password'),
      one_time_password: (v) => (challenge && !useRecovery ? validateRequired(v, 'One-time code') : null),
      recovery_code: (v) => (challenge && useRecovery ? validateRequired(v, 'Recovery code') : null),
    },
  });

  async function submit(values: LoginValues) {
    setError(null);
    setBusy(true);
    try {
      await login({
        username: values.username.trim(),
        password: values.password,
        keep_logged_in: values.keep_logged_in,
        one_time_password: challenge && !useRecovery ? values.one_time_password.trim() : undefined,
        recovery_code: challenge && useRecovery ? values.recovery_code.trim() : undefined,
      });
      // The route guard sends the now signed-in user on to the remembered page or the dashboard.
      await reloadSession(queryClient);
    } catch (failure) {
      setBusy(false);
      const otp = otpChallengeOf(failure);
      if (otp && !challenge) {
        setChallenge(otp);
        form.setFieldValue('one_time_password', '');
        return;
      }
      if (otp) {
        form.setFieldError('one_time_password', otp.message);
      } else {
        setError(applyServerErrors(form, failure, ['username', 'password', 'one_time_password', 'recovery_code'], SIGN_IN_FAILED));
      }
      focusFirstError(container.current);
    }
  }

  function back() {
    setChallenge(null);
    setError(null);
    setUseRecovery(false);
    form.setValues({ password: '', one_time_password: '', recovery_code: '' });
  }

  return (
    <form ref={container} onSubmit={form.onSubmit(submit, () => focusFirstError(container.current))} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Sign in to Bulwark
        </Title>
        <SessionMessage code={search.get(MESSAGE_PARAM)} />
        <FormError message={error} />
        <SamlError code={search.get(SAML_ERROR_PARAM)} />
        {challenge ? (
          <OtpStep
            challenge={challenge}
            codeInput={form.getInputProps('one_time_password')}
            recoveryInput={form.getInputProps('recovery_code')}
            useRecovery={useRecovery}
            onToggleRecovery={() => {
              form.clearErrors();
              setUseRecovery((v) => !v);
            }}
            username={form.values.username.trim()}
            password={form.values.password}
            busy={busy}
            onBack={back}
          />
        ) : (
          <>
            <TextInput {...form.getInputProps('username')} label="Email" type="email" autoComplete="username" autoFocus />
            <PasswordField {...form.getInputProps('password')} label="Password" autoComplete="current-password" />
            <Group justify="space-between">
              <Checkbox {...form.getInputProps('keep_logged_in', { type: 'checkbox' })} label="Keep me signed in" />
              <Anchor component={Link} to="/auth/password-recovery" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" loading={busy} fullWidth>
              Sign in
            </Button>
            <SamlSignInButton email={form.values.username} next={search.get(NEXT_PARAM)} />
          </>
        )}
      </Stack>
    </form>
  );
}
