// The columns of the audit log: time, who (and who impersonated them), action, resource, object, route, and a button
// that opens the event's details; status and address can be shown with the column chooser.
import { Button, Code, Stack, Text } from '@mantine/core';
import type { AuditEvent } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import { actionLabel, eventTime, impersonationNote, resourceLabel } from './audit-format.ts';

export function Who({ event }: { event: AuditEvent }) {
  const note = impersonationNote(event);
  return (
    <Stack gap={0}>
      <Text size="sm">{event.actor}</Text>
      {note && (
        <Text size="xs" c="orange">
          {note}
        </Text>
      )}
    </Stack>
  );
}

export function auditColumns(onDetails: (event: AuditEvent) => void): DataColumn<AuditEvent>[] {
  return [
    {
      key: 'created',
      header: 'Time',
      sortKey: 'created',
      descendingFirst: true,
      cellProps: { style: { whiteSpace: 'nowrap' } },
      cell: (event) => (
        <Text size="sm" component="time" dateTime={event.created}>
          {eventTime(event)}
        </Text>
      ),
    },
    { key: 'who', header: 'Who', cell: (event) => <Who event={event} /> },
    { key: 'action', header: 'Action', cell: (event) => <Text size="sm">{actionLabel(event.action)}</Text> },
    { key: 'resource', header: 'Resource', cell: (event) => <Text size="sm">{resourceLabel(event.resource)}</Text> },
    { key: 'object', header: 'Object', hideable: true, cell: (event) => <Text size="sm">{event.object_id ?? '–'}</Text> },
    {
      key: 'route',
      header: 'Route',
      hideable: true,
      cell: (event) => (
        <Code>
          {event.method} {event.route}
        </Code>
      ),
    },
    { key: 'status', header: 'Status', hiddenByDefault: true, cell: (event) => <Text size="sm">{event.status}</Text> },
    { key: 'ip', header: 'Address', hiddenByDefault: true, cell: (event) => <Text size="sm">{event.ip ?? '–'}</Text> },
    {
      key: 'details',
      header: 'Details',
      headerHidden: true,
      cell: (event) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onDetails(event)} aria-label={`Details of event ${event.id}`}>
          Details
        </Button>
      ),
    },
  ];
}
