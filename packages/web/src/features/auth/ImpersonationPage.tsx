// /auth/lac/lacjump/:token: posts the back office's one-time token to start an impersonated session, then opens the dashboard.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { INDEX_PATH, LOGIN_PATH } from '@bulwark/core';
import { impersonationLogin } from '../../api/auth.ts';
import { messageOf } from '../../api/errors.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { reloadSession, resetToAnonymous } from '../../session/session.ts';

export default function ImpersonationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const used = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // The token is single-use: post it once, even when effects run twice.
    if (used.current === token) return;
    used.current = token;
    void (async () => {
      try {
        await impersonationLogin(token);
        resetToAnonymous(queryClient);
        await reloadSession(queryClient);
        await navigate(INDEX_PATH, { replace: true });
      } catch (failure) {
        setError(messageOf(failure, 'This impersonation link is not valid or has expired.'));
      }
    })();
  }, [token, navigate, queryClient]);

  if (error) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Impersonation failed
        </Title>
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
        <Anchor component={Link} to={LOGIN_PATH}>
          Go to sign in
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Starting the session
      </Title>
      <PageLoader label="Signing in…" />
    </Stack>
  );
}
