// The Errors tab of a run: errors grouped by message with their type and count; internal ones behind a switch (§4).
import { useState } from 'react';
import { Alert, Badge, Stack, Switch, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { HIDDEN_SCAN_ERROR_TYPES } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { runErrorsQuery } from './scan-queries.ts';

export function ErrorsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const [showHidden, setShowHidden] = useState(false);
  const { data, error } = useQuery(runErrorsQuery(runId, showHidden, polling));
  return (
    <Stack gap="md">
      <Switch
        label="Show internal errors"
        description="Internal and connection-reset errors are hidden by default."
        checked={showHidden}
        onChange={(e) => setShowHidden(e.currentTarget.checked)}
      />
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(error, 'The errors could not be loaded.')}
        </Alert>
      ) : !data ? (
        <PageLoader label="Loading errors…" />
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="errors-empty">
          No errors{showHidden ? '' : ' (internal errors hidden)'}.
        </Text>
      ) : (
        <Table verticalSpacing="sm" striped aria-label="Errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Message</Table.Th>
              <Table.Th scope="col">Type</Table.Th>
              <Table.Th scope="col">Count</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={`${row.type}-${row.message}`}>
                <Table.Td>
                  <Text size="sm">{row.message}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={(HIDDEN_SCAN_ERROR_TYPES as readonly number[]).includes(row.type) ? 'gray' : 'red'}>
                    {row.type_label}
                  </Badge>
                </Table.Td>
                <Table.Td>{row.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
