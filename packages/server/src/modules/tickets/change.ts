// The one write path of a ticket's fields and status, for people (routes), rules, re-tests, scans and trackers: it
// checks the change, records it in the history (once per tracker change id), starts a re-test on Solution applied and
// tells the tracker sync. STUB: pinned signature, implemented with the tickets routes.
import type { TicketStatus } from '@bulwark/core';
import type { AppContext } from '../../context.ts';

export interface TicketActor {
  userId: number | null;
  /** 'user' (default), 'rule', 'retest', 'scan', or the tracker the change came from. */
  source?: string;
  /** The tracker's change id, so the same change is applied once. */
  externalId?: string | null;
  /** The tracker's time of the change (a change older than Bulwark's own newer edit does not overwrite it). */
  externalAt?: Date | null;
}

export interface TicketPatch {
  title?: string;
  description?: string;
  status?: TicketStatus;
  priority?: number;
  assignee_user?: number | null;
  assignee_team?: number | null;
  due_date?: string | null;
  custom_fields?: Record<string, unknown>;
  /** A comment added with the change (or alone). */
  comment?: string | null;
}

export type ChangeOutcome = 'applied' | 'unchanged' | 'duplicate' | 'not_found';

export async function changeTicket(
  _ctx: AppContext,
  _customerId: number,
  _ticketId: number,
  _patch: TicketPatch,
  _actor: TicketActor,
): Promise<ChangeOutcome> {
  throw new Error('changeTicket: not built yet');
}
