// "Fixes grouped": the upgrades and solutions that close a ticket's findings, the most risk first — one package upgrade
// that fixes twenty CVEs is one line with its twenty findings.
import { Badge, Group, Spoiler, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SEVERITY_LABELS, type Severity } from '@bulwark/core';
import { ListEmpty, ListError, ListLoading } from '../../../components/data-table/index.ts';
import { riskScoreColor } from '../../../components/risk-colors.ts';
import { fetchFixes, TICKET_KEYS } from '../api/tickets-api.ts';
import { plural } from '../ticket-format.ts';

export function FixesGrouped({ ticketRef }: { ticketRef: string }) {
  const { data, error, refetch } = useQuery({
    queryKey: TICKET_KEYS.fixes(ticketRef),
    queryFn: ({ signal }) => fetchFixes(ticketRef, signal),
  });
  if (error) return <ListError error={error} fallback="The fixes could not be loaded." onRetry={() => void refetch()} />;
  if (!data) return <ListLoading label="Loading fixes…" />;
  if (data.length === 0)
    return (
      <ListEmpty empty={{ title: 'No known fix for the open findings.', description: 'Their solutions say nothing to upgrade to.' }} />
    );
  return (
    <Table striped verticalSpacing="xs" aria-label="Fixes grouped">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fix</Table.Th>
          <Table.Th>Findings</Table.Th>
          <Table.Th>Worst severity</Table.Th>
          <Table.Th>Risk closed</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((fix) => (
          <Table.Tr key={`${fix.fix}|${fix.package ?? ''}|${fix.fixed_version ?? ''}`}>
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {fix.package && fix.fixed_version ? `Upgrade ${fix.package} to ${fix.fixed_version}` : fix.fix}
                </Text>
                {fix.cves.length > 0 && (
                  <Spoiler maxHeight={22} showLabel="All CVEs" hideLabel="Fewer">
                    <Group gap={4}>
                      {fix.cves.map((cve) => (
                        <Badge key={cve} size="xs" variant="outline">
                          {cve}
                        </Badge>
                      ))}
                    </Group>
                  </Spoiler>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{plural(fix.findings, 'finding', 'findings')}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{SEVERITY_LABELS[fix.max_severity as Severity] ?? fix.max_severity}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600} c={riskScoreColor(Math.min(100, fix.risk))}>
                {Math.round(fix.risk)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
