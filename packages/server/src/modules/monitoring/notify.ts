// Tells people about new alerts: the profile owner's e-mail (with cc), its SMS recipients, and the customer's Slack,
// Teams and webhook integrations the profile names, through the notification outbox. (Pinned signature; built by its helper.)
import type { AppContext } from '../../context.ts';

/** Queues the notifications of these newly raised alerts (one message per profile and round) and marks them notified. */
export async function notifyAlerts(ctx: AppContext, alertIds: number[]): Promise<void> {
  void ctx;
  void alertIds;
}
