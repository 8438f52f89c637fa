// Picks the layout of the non-auth pages: the application layout when signed in, a plain page otherwise.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Container } from '@mantine/core';
import { isSignedIn, useSession } from '../../session/session.ts';
import { lazyPage } from '../chunks.ts';
import { PageLoader } from '../../components/PageLoader.tsx';

/** Loaded once signed in: the header, navigation, news and exports (with the data table they use) are not part of the
 *  sign-in page's first load (e2e/front-door.test.ts). */
const AppLayout = lazyPage(() => import('./AppLayout.tsx').then((m) => ({ default: m.AppLayout })));

export function MainShell() {
  const session = useSession();
  if (isSignedIn(session))
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <AppLayout session={session} />
      </Suspense>
    );
  return (
    <Container component="main" size="sm" py="xl">
      <Outlet />
    </Container>
  );
}
