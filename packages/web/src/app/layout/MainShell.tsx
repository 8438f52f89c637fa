// Picks the layout of the non-auth pages: the application layout when signed in, a plain page otherwise.
import { Outlet } from 'react-router';
import { Container } from '@mantine/core';
import { isSignedIn, useSession } from '../../session/session.ts';
import { AppLayout } from './AppLayout.tsx';

export function MainShell() {
  const session = useSession();
  if (isSignedIn(session)) return <AppLayout session={session} />;
  return (
    <Container component="main" size="sm" py="xl">
      <Outlet />
    </Container>
  );
}
