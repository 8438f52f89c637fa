// The columns of the delivery log: when, what (event and subject), where it went, state (with when it was delivered),
// attempts, the last error, and the scan run it is about (linked to its result).
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { NOTIFICATION_EVENT_LABELS, formatDateTime, type DeliveryState, type NotificationDelivery } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import { DELIVERY_STATE_COLORS, deliveryStateText } from '../delivery-format.ts';

const dash = (
  <Text size="sm" c="dimmed">
    –
  </Text>
);

/** What both delivery logs (notifications and trackers) share of a delivery. */
interface Delivered {
  state: DeliveryState;
  attempts: number;
  delivered_at: string | null;
  last_error: string | null;
}

/** The state (Retrying for a pending one that failed before) with when it was delivered. */
export function deliveryStateColumn<T extends Delivered>(): DataColumn<T> {
  return {
    key: 'state',
    header: 'State',
    cell: (d) => (
      <Stack gap={2} align="flex-start">
        <Badge color={DELIVERY_STATE_COLORS[d.state]} variant="light" data-state={d.state}>
          {deliveryStateText(d)}
        </Badge>
        {d.delivered_at && (
          <Text size="xs" c="dimmed" component="time" dateTime={d.delivered_at}>
            {formatDateTime(d.delivered_at)}
          </Text>
        )}
      </Stack>
    ),
  };
}

/** The last error, dimmed once the delivery went through after all. */
export function lastErrorColumn<T extends Delivered>(): DataColumn<T> {
  return {
    key: 'error',
    header: 'Last error',
    cell: (d) =>
      d.last_error ? (
        <Text size="sm" c={d.state === 'sent' ? 'dimmed' : 'red'} style={{ wordBreak: 'break-word' }}>
          {d.last_error}
        </Text>
      ) : (
        dash
      ),
    cellProps: { maw: 360 },
  };
}

export const DELIVERY_COLUMNS: DataColumn<NotificationDelivery>[] = [
  {
    key: 'created',
    header: 'Queued',
    cell: (d) => (
      <Text size="sm" component="time" dateTime={d.created_at} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(d.created_at)}
      </Text>
    ),
  },
  {
    key: 'message',
    header: 'Message',
    cell: (d) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {NOTIFICATION_EVENT_LABELS[d.event]}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {d.subject}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'target',
    header: 'Sent to',
    hideable: true,
    cell: (d) => (
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {d.target}
      </Text>
    ),
  },
  deliveryStateColumn<NotificationDelivery>(),
  { key: 'attempts', header: 'Attempts', cell: (d) => <Text size="sm">{d.attempts}</Text> },
  lastErrorColumn<NotificationDelivery>(),
  {
    key: 'run',
    header: 'Scan',
    cell: (d) =>
      d.run !== null ? (
        <Anchor component={Link} to={`/scans/scans/view/nscan/${d.run}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
          Run {d.run}
        </Anchor>
      ) : d.schedule !== null ? (
        <Text size="sm" c="dimmed">
          Schedule {d.schedule}
        </Text>
      ) : (
        dash
      ),
  },
];
