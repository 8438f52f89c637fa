// The set-password screen shared by the welcome link and the reset link: checks the link, then sets the password.
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { LOGIN_PATH, validateRequired } from '@bulwark/core';
import { checkPasswordLink, confirmPassword } from '../../api/auth.ts';
import { messageOf } from '../../api/errors.ts';
import { FormError } from '../../components/forms/FormError.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { toastSuccess } from '../../components/toasts.tsx';
import { PasswordField } from '../../components/forms/PasswordField.tsx';

interface Values {
  password: string;
  confirm: string;
}

export function SetPasswordForm({ heading, intro }: { heading: string; intro: string }) {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const link = useQuery({
    queryKey: ['password-link', uid, token],
    queryFn: ({ signal }) => checkPasswordLink(uid, token, signal),
    retry: false,
    staleTime: Infinity,
  });
  const form = useForm<Values>({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => validateRequired(v, 'New password'),
      confirm: (v, values) => validateRequired(v, 'Confirm password') ?? (v === values.password ? null : 'The passwords do not match.'),
    },
  });
  // Busy stays on after success: the page goes on to sign in.
  const { busy, error, container, onSubmit } = useFormSubmit(form, save, {
    fields: ['password'],
    failed: 'The password could not be set. Try again.',
    toast: false,
    keepBusyOnSuccess: true,
  });

  if (link.isPending) return <PageLoader label="Checking the link…" />;
  if (link.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          This link cannot be used
        </Title>
        <Alert color="red" variant="light" role="alert">
          {messageOf(link.error, 'The link is not valid. It may have expired or been used already.')}
        </Alert>
        <Anchor component={Link} to="/auth/password-recovery">
          Request a new link
        </Anchor>
        <Anchor component={Link} to={LOGIN_PATH} size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }

  async function save(values: Values) {
    toastSuccess(await confirmPassword(uid, token, values.password));
    await navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <form ref={container} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {heading}
        </Title>
        <Text size="sm">
          {intro} <strong data-testid="password-link-email">{link.data}</strong>.
        </Text>
        <input type="email" name="username" autoComplete="username" value={link.data} readOnly hidden />
        <FormError message={error} />
        <PasswordField {...form.getInputProps('password')} label="New password" autoComplete="new-password" autoFocus />
        <PasswordField {...form.getInputProps('confirm')} label="Confirm password" autoComplete="new-password" />
        <Button type="submit" loading={busy} fullWidth>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
