// /auth/logout: ends the session on the server, forgets cached data, then shows login (keeping the message code).
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../api/auth.ts';
import { clearSessionState } from '../../api/session-state.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { resetToAnonymous } from '../../session/session.ts';
import { loginUrl, MESSAGE_PARAM, NEXT_PARAM } from '../../session/urls.ts';

export default function LogoutPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const message = search.get(MESSAGE_PARAM);
  const next = search.get(NEXT_PARAM);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await logout();
      } catch {
        // The session may already be gone; signing out locally is what matters.
      }
      clearSessionState();
      resetToAnonymous(queryClient);
      await navigate(loginUrl({ message, next }), { replace: true });
    })();
  }, [message, next, navigate, queryClient]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Signing out
      </Title>
      <PageLoader label="Signing you out…" />
    </Stack>
  );
}
