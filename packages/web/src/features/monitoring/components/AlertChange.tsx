// What an alert's change was, as a table of before → after with the fields of its kind named and their values in words;
// the rows whose value changed are marked (in words too, for screen readers).
import { Badge, Table, Text } from '@mantine/core';
import type { MonitoringAlert } from '@bulwark/core';
import { changeRows } from '../alert-format.ts';

export function AlertChange({ alert }: { alert: MonitoringAlert }) {
  const rows = changeRows(alert);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No details were recorded for this change.
      </Text>
    );
  return (
    <Table withTableBorder withColumnBorders striped aria-label="What changed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Before</Table.Th>
          <Table.Th scope="col">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key} data-changed={r.changed ? 'true' : undefined}>
            <Table.Th scope="row" fw={500}>
              {r.label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{r.before}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {r.changed ? (
                <>
                  {r.after}{' '}
                  <Badge size="xs" variant="light" color="orange" ml={4}>
                    Changed
                  </Badge>
                </>
              ) : (
                r.after
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
