// After a run's results are processed: a re-test's tickets become Fixed (every finding closed) or go back to Open with
// the new evidence; a regular scan that closes a ticket's last finding fixes it; a fixed finding that comes back
// reopens its ticket once. STUB: pinned signature.
import type { AppContext } from '../../context.ts';

export async function ticketsAfterRun(_ctx: AppContext, _runId: number): Promise<void> {
  return;
}
