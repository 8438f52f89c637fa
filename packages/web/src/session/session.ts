// The signed-in state the whole app reads: auth status, feature flags, profile and customer, kept in the query cache.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { featureFlagMap, type FeatureFlags, type RouteContext, type UserProfile } from '@bulwark/core';
import { loadStartup, type Session } from './startup.ts';

export type { Session } from './startup.ts';

export const SESSION_KEY = ['session'] as const;

export const sessionQuery = {
  queryKey: SESSION_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => loadStartup(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

export function anonymousSession(flags: FeatureFlags = featureFlagMap([])): Session {
  return {
    auth: { isAuthenticated: false, sessionExpiryAgeSeconds: 0, impersonated: false, impersonation_source: null },
    flags,
    profile: null,
    customer: null,
  };
}

export function isSignedIn(session: Session): session is Session & { profile: UserProfile } {
  return session.auth.isAuthenticated && session.profile !== null;
}

/** The context the core route guards decide on (operator routes: the profile's platform_operator). */
export function routeContext(session: Session): RouteContext {
  return {
    authenticated: isSignedIn(session),
    user: session.profile ?? undefined,
    flags: session.flags,
    platform_operator: session.profile?.platform_operator === true,
  };
}

/** The loaded session; only used below SessionGate, which waits for start-up. */
export function useSession(): Session {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useSession() used before start-up finished');
  return data;
}

/** After sign-in, impersonation or a profile change: run the start-up sequence again. */
export async function reloadSession(queryClient: QueryClient): Promise<Session> {
  return queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

/** After sign-out or a lost session: forget every cached answer and become anonymous. */
export function resetToAnonymous(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  queryClient.setQueryData<Session>(SESSION_KEY, anonymousSession());
}

/** Puts a fresh profile (after a save or a second-factor change) into the session. */
export function setSessionProfile(queryClient: QueryClient, profile: UserProfile): void {
  queryClient.setQueryData<Session>(SESSION_KEY, (session) => (session ? { ...session, profile } : session));
}
