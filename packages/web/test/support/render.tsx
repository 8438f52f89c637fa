// Renders a page or component the way the app does (Mantine theme, toasts, TanStack Query, a router at a URL), with
// transitions and portals off, and returns the router (for its location) and a user-event session.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../../src/start/theme.ts';
import { SESSION_KEY, type Session } from '../../src/session/session.ts';

export interface RenderOptions {
  /** The route pattern the element answers, e.g. '/scans/scans/view/nscan/:runId'. */
  path?: string;
  /** The URL opened first. */
  url?: string;
  /** The signed-in session pages read with useSession(). */
  session?: Session;
}

export function renderWithApp(element: ReactElement, { path = '/', url = path, session }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  if (session) queryClient.setQueryData(SESSION_KEY, session);
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  /** The query string of the current URL, as parameters. */
  const search = () => new URLSearchParams(router.state.location.search);
  return { ...view, router, queryClient, user, search };
}
