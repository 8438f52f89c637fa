// Verified fixes: "Solution applied" starts a re-test, a run of exactly the ticket's open findings' assets and ports
// (or URLs) with only the tests that found them, on the probe that found them. STUB: pinned signature.
import type { AppContext } from '../../context.ts';

export type RetestOutcome = { runId: number } | { reason: string };

export async function startRetest(
  _ctx: AppContext,
  _customerId: number,
  _ticketId: number,
  _userId: number | null,
): Promise<RetestOutcome> {
  throw new Error('startRetest: not built yet');
}
