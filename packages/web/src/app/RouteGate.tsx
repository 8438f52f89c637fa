// Applies a route's guards (§6) before showing its page: sign-in, signed-out only, flags, superuser, permission, digits.
import { Navigate, useLocation, useSearchParams } from 'react-router';
import {
  ACCESS_DENIED_PATH,
  CATCH_ALL_PATH,
  INDEX_PATH,
  ROUTES,
  firstAccessibleChild,
  matchRoute,
  routeAllowed,
  type RouteDef,
} from '@bulwark/core';
import { routeContext, useSession } from '../session/session.ts';
import { loginUrl, NEXT_PARAM, safeNext } from '../session/urls.ts';
import { RoutePage } from './pages.tsx';
import { FeatureNotEnabledPage } from '../features/system/FeatureNotEnabledPage.tsx';

const NOT_FOUND_ROUTE = ROUTES.find((r) => r.path === CATCH_ALL_PATH) as RouteDef;

export function RouteGate({ route }: { route: RouteDef }) {
  const session = useSession();
  const location = useLocation();
  const [search] = useSearchParams();

  if (route.redirect) return <Navigate to={route.redirect} replace />;
  // Digits-only parameters (§2): the core matcher decides; anything else is an unknown path.
  if (route.digits && matchRoute(location.pathname).route !== route) return <RoutePage route={NOT_FOUND_ROUTE} />;

  const ctx = routeContext(session);
  switch (routeAllowed(route, ctx)) {
    case 'login':
      return <Navigate to={loginUrl({ next: location.pathname + location.search })} replace />;
    case 'index':
      return <Navigate to={safeNext(search.get(NEXT_PARAM)) ?? INDEX_PATH} replace />;
    case 'access-denied':
      return <Navigate to={ACCESS_DENIED_PATH} replace />;
    case 'not-enabled':
      return <FeatureNotEnabledPage title={route.title} />;
    case 'not-found':
      return <RoutePage route={NOT_FOUND_ROUTE} />;
    case 'ok':
      break;
  }
  if (route.redirectToFirstChild) {
    const child = firstAccessibleChild(route.path, ctx);
    return <Navigate to={child ? child.path : ACCESS_DENIED_PATH} replace />;
  }
  return <RoutePage route={route} />;
}
