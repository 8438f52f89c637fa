// The details of one audit event in a side drawer: who, what, where, and the change summary as field / value pairs
// (secrets arrive masked and stay so).
import type { ReactNode } from 'react';
import { Code, Drawer, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AuditEvent } from '@bulwark/core';
import { actionLabel, eventTime, impersonationNote, resourceLabel, summaryEntries } from './audit-format.ts';

function Facts({ event }: { event: AuditEvent }) {
  const facts: [string, ReactNode][] = [
    ['Time', <time dateTime={event.created}>{eventTime(event)}</time>],
    ['Who', event.actor],
    ['Impersonation', impersonationNote(event) ?? 'No'],
    ['Action', actionLabel(event.action)],
    ['Resource', resourceLabel(event.resource)],
    ['Object', event.object_id ?? '–'],
    [
      'Route',
      <Code>
        {event.method} {event.route}
      </Code>,
    ],
    ['Status', event.status],
    ['Address', event.ip ?? '–'],
  ];
  return (
    <Table verticalSpacing={4} aria-label="Event">
      <Table.Tbody>
        {facts.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={140}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Summary({ event }: { event: AuditEvent }) {
  const entries = summaryEntries(event.summary);
  if (entries.length === 0) return <Text size="sm">No fields were recorded for this change.</Text>;
  return (
    <Table verticalSpacing={4} striped aria-label="Changed fields">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map(({ key, value, masked }) => (
          <Table.Tr key={key} data-field={key}>
            <Table.Th scope="row" fw={500}>
              <Code>{key}</Code>
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {masked ? (
                <>
                  <span aria-hidden>{value}</span>
                  <VisuallyHidden>Hidden value</VisuallyHidden>
                </>
              ) : (
                value
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function AuditEventDrawer({ event, onClose }: { event: AuditEvent | null; onClose(): void }) {
  return (
    <Drawer opened={event !== null} onClose={onClose} position="right" size="lg" title={event ? `Audit event ${event.id}` : 'Audit event'}>
      {event && (
        <Stack gap="md">
          <Facts event={event} />
          <Title order={2} size="h5">
            Change summary
          </Title>
          <Summary event={event} />
        </Stack>
      )}
    </Drawer>
  );
}
