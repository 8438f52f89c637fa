// Pure rules of the delivery log: the words and colour of a delivery's state (a pending one that failed before is being
// retried), and the filter and page size of the log.
import { DELIVERY_STATES, type DeliveryState, type NotificationDelivery } from '@bulwark/core';
import type { FilterDef } from '../../components/filter-bar/index.ts';

export const DELIVERIES_PAGE_SIZE = 25;

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = {
  pending: 'Pending',
  sent: 'Sent',
  stored: 'In outbox (no mail server)',
  failed: 'Failed',
};
export const DELIVERY_STATE_COLORS: Record<DeliveryState, string> = { pending: 'blue', sent: 'teal', stored: 'yellow', failed: 'red' };

export const DELIVERY_FILTERS: readonly FilterDef[] = [
  {
    kind: 'select',
    name: 'state',
    label: 'State',
    placeholder: 'Any state',
    options: DELIVERY_STATES.map((state) => ({ value: state, label: DELIVERY_STATE_LABELS[state] })),
    width: 180,
  },
];

/** The state badge's text: a pending delivery that already failed is 'Retrying'. */
export function deliveryStateText(d: Pick<NotificationDelivery, 'state' | 'attempts'>): string {
  return d.state === 'pending' && d.attempts > 0 ? 'Retrying' : DELIVERY_STATE_LABELS[d.state];
}

/** While any delivery shown is still pending, the log asks again every this many ms. */
export const PENDING_REFRESH_MS = 10_000;

export function anyPending(rows: readonly Pick<NotificationDelivery, 'state'>[] | undefined): boolean {
  return rows?.some((d) => d.state === 'pending') ?? false;
}
