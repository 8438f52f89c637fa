// A policy report's compliance in its web view (scopes scan_policy and no_runs): the hosts checked, their average score
// and the rule results summed; each host's latest result (worst score first) linking to the policy run it came from;
// and the rules failing on most hosts. The HTML and PDF files print the same figures.
import { Link } from 'react-router';
import { Anchor, Stack, Table, Text, Title, type TitleOrder } from '@mantine/core';
import { POLICY_SCAN_KIND, scanResultPath, type ReportData } from '@bulwark/core';
import { Facts, SectionEmpty } from './ReportTables.tsx';

type Compliance = NonNullable<ReportData['policy_compliance']>;
const score = (v: number | null) => (v === null ? '–' : `${v}%`);
const right = { ta: 'right' } as const;

export function PolicyCompliance({ compliance: c, order }: { compliance: Compliance; order: TitleOrder }) {
  if (c.hosts === 0) return <SectionEmpty>No host in this report has a policy result yet.</SectionEmpty>;
  const sub = Math.min(order + 1, 6) as TitleOrder;
  return (
    <Stack gap="md">
      <Facts
        items={[
          { label: 'Hosts checked', value: c.hosts },
          { label: 'Average score', value: score(c.average_score) },
          { label: 'Rules passed', value: c.counts.pass },
          { label: 'Rules failed', value: c.counts.fail },
        ]}
      />
      <Title order={sub} size="h5">
        {c.hosts > c.host_results.length ? `Hosts (worst ${c.host_results.length} of ${c.hosts})` : 'Hosts'}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" aria-label="Hosts by policy score">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Asset</Table.Th>
              <Table.Th scope="col">Policy</Table.Th>
              <Table.Th scope="col" {...right}>
                Score
              </Table.Th>
              <Table.Th scope="col" {...right}>
                Passed
              </Table.Th>
              <Table.Th scope="col" {...right}>
                Failed
              </Table.Th>
              <Table.Th scope="col">Run</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.host_results.map((h) => (
              <Table.Tr key={`${h.run}-${h.address}-${h.policy_name}`}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {h.asset}
                    </Text>
                    {h.asset !== h.address && (
                      <Text size="xs" c="dimmed">
                        {h.address}
                      </Text>
                    )}
                    {h.error && (
                      <Text size="xs" c="red">
                        {h.error}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>{h.policy_name}</Table.Td>
                <Table.Td {...right}>{score(h.score)}</Table.Td>
                <Table.Td {...right}>{h.pass}</Table.Td>
                <Table.Td {...right}>{h.fail}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={scanResultPath(POLICY_SCAN_KIND, h.run)} size="sm" aria-label={`Policy run of ${h.asset}`}>
                    Result
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={sub} size="h5">
        Rules failing on most hosts
      </Title>
      {c.failed_rules.length === 0 ? (
        <SectionEmpty>No rule fails on any host in this report.</SectionEmpty>
      ) : (
        <Table striped verticalSpacing="xs" aria-label="Rules failing on most hosts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Rule</Table.Th>
              <Table.Th scope="col">Severity</Table.Th>
              <Table.Th scope="col" {...right}>
                Hosts
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.failed_rules.map((r) => (
              <Table.Tr key={r.rule_id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{r.title}</Text>
                    <Text size="xs" c="dimmed">
                      {r.rule_id}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{r.severity}</Table.Td>
                <Table.Td {...right}>{r.hosts}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
