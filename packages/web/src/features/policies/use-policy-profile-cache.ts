// After a policy profile is created, changed, copied, imported or deleted: fresh profile lists, and fresh profile choices
// of the scan forms (noprofiles/ lists policy profiles too).
import { useQueryClient } from '@tanstack/react-query';
import { PROFILE_OPTIONS_KEY } from '../scans/scan-queries.ts';
import { POLICY_KEYS } from './policy-queries.ts';

export function usePolicyProfileRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: POLICY_KEYS.profiles }),
      queryClient.invalidateQueries({ queryKey: PROFILE_OPTIONS_KEY }),
    ]);
  };
}
