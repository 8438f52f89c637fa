// Reloads the signed-in user's profile into the session after a second-factor change.
import { useQueryClient } from '@tanstack/react-query';
import { fetchMyProfile } from '../../api/account.ts';
import { setSessionProfile } from '../../session/session.ts';

export function useRefreshProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    setSessionProfile(queryClient, await fetchMyProfile());
  };
}
