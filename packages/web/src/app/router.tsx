// The router: every route of the core table (plus this app's own) registered with its guard, inside its layout.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '@bulwark/core';
import { WEB_ROUTES } from './web-routes.ts';
import { RouteGate } from './RouteGate.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { SessionGate } from '../session/SessionGate.tsx';
import { AuthLayout } from './layout/AuthLayout.tsx';
import { MainShell } from './layout/MainShell.tsx';

export const APP_ROUTES: RouteDef[] = [...ROUTES, ...WEB_ROUTES];

function toRouteObject(route: RouteDef): RouteObject {
  return { path: route.path, element: <RouteGate route={route} />, errorElement: <RouteErrorPage /> };
}

/** Sign-in, sign-out and impersonation pages use the bare layout; every other page the application layout. */
const isAuthPage = (route: RouteDef): boolean => route.area === 'auth';

export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    errorElement: <RouteErrorPage />,
    children: [
      { element: <AuthLayout />, children: APP_ROUTES.filter(isAuthPage).map(toRouteObject) },
      { element: <MainShell />, children: APP_ROUTES.filter((r) => !isAuthPage(r)).map(toRouteObject) },
    ],
  },
]);
