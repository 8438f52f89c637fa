// §8's policy toasts on failure: the spec's own words ("Could not update policy.", "Cannot delete policy.") as the title,
// and the server's reason under it when it gave one. Nothing when the client already told the user (timeout, lost session).
import { toast } from '@bulwark/core';
import { isAlreadyReported, messageOf } from '../../api/errors.ts';
import { showToast } from '../../components/toasts.tsx';

export function toastPolicyFailure(failure: unknown, title: string, reason?: string | null): void {
  if (isAlreadyReported(failure)) return;
  const why = reason ?? messageOf(failure, title);
  showToast(toast('error', title, why && why !== title ? { caption: why } : {}));
}
