// The tables of a report's web view: issues (top issues, known exploited) linking to each issue's page, the most
// exposed assets linking to each asset, and the figures of a section as a labelled list of facts.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { issueRoute, type ReportData } from '@bulwark/core';
import { Fact } from '../../../components/Fact.tsx';
import { assetPath } from '../../assets/asset-format.ts';
import { KnownBadges, RiskBadge, SeverityBadge } from '../../vulnerabilities/components/vulnerability-columns.tsx';

type IssueRow = ReportData['top_issues'][number];
type AssetRow = ReportData['exposed_assets'][number];

/** A quiet sentence for a section with nothing to list. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {children}
    </Text>
  );
}

/** Figures of a section: a description list laid out as a grid. */
export function Facts({ items, cols = 4 }: { items: { label: string; value: ReactNode }[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: cols }} spacing="md" m={0}>
      {items.map((i) => (
        <Fact key={i.label} label={i.label}>
          <Text component="span" fw={600} size="lg">
            {i.value}
          </Text>
        </Fact>
      ))}
    </SimpleGrid>
  );
}

const right = { ta: 'right' } as const;

export function IssueTable({ rows, caption, empty }: { rows: readonly IssueRow[]; caption: string; empty: string }) {
  if (rows.length === 0) return <SectionEmpty>{empty}</SectionEmpty>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Vulnerability</Table.Th>
            <Table.Th scope="col">Severity</Table.Th>
            <Table.Th scope="col">Risk</Table.Th>
            <Table.Th scope="col" {...right}>
              Assets
            </Table.Th>
            <Table.Th scope="col">Known use</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((i) => (
            <Table.Tr key={i.hid}>
              <Table.Td maw={420}>
                <Stack gap={0}>
                  <Anchor component={Link} to={issueRoute(i.hid)} size="sm" fw={500}>
                    {i.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {i.hid}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <SeverityBadge severity={i.severity} />
              </Table.Td>
              <Table.Td>
                <RiskBadge score={i.risk_score} />
              </Table.Td>
              <Table.Td {...right}>{i.assets}</Table.Td>
              <Table.Td>
                <KnownBadges exploit={i.exploit_known} ransomware={i.ransomware_known} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AssetTable({ rows, caption }: { rows: readonly AssetRow[]; caption: string }) {
  if (rows.length === 0) return <SectionEmpty>No asset has open findings in this report.</SectionEmpty>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Asset</Table.Th>
            <Table.Th scope="col">Address</Table.Th>
            <Table.Th scope="col">Risk</Table.Th>
            <Table.Th scope="col" {...right}>
              Open findings
            </Table.Th>
            <Table.Th scope="col" {...right}>
              Critical
            </Table.Th>
            <Table.Th scope="col" {...right}>
              High
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td maw={320}>
                <Anchor component={Link} to={assetPath(a.id, true)} size="sm" fw={500}>
                  {a.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.address ?? '–'}</Table.Td>
              <Table.Td>
                <RiskBadge score={a.risk_score} />
              </Table.Td>
              <Table.Td {...right}>{a.findings}</Table.Td>
              <Table.Td {...right}>{a.critical}</Table.Td>
              <Table.Td {...right}>{a.high}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
