// The overview and references tabs of an issue's page: severity, risk, CVSS with its vector, EPSS with its percentile,
// KEV and ransomware, description and solution, counts by state, the products and versions it is open on, the issues
// that share its assets (linking to their pages), and the issue's references.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { VULNERABILITY_SOURCE_LABELS, issueRoute, type IssueDetails, type VulnerabilitySource } from '@bulwark/core';
import { CweLinks } from '../../../components/CweLinks.tsx';
import { Fact } from '../../../components/Fact.tsx';
import { ListError } from '../../../components/data-table/index.ts';
import { seenText } from '../../assets/asset-format.ts';
import { cveUrl, formatCvss } from '../../scans/result-format.ts';
import { RiskBadge, SeverityBadge } from './vulnerability-columns.tsx';
import { QodBadge } from './qod.tsx';
import { fetchCommonAppVersions, fetchRelatedIssues, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { epssText } from '../vulnerability-format.ts';
import { testPagePath } from '../../catalogue/catalogue-api.ts';

/** MITRE's page of a CWE id. */

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function LongText({ text, none }: { text: string | null; none: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={text ? undefined : 'dimmed'}>
      {text || none}
    </Text>
  );
}

function CommonVersions({ hid }: { hid: string }) {
  const { data, error } = useQuery({ queryKey: VULN_KEYS.versions(hid), queryFn: ({ signal }) => fetchCommonAppVersions(hid, signal) });
  if (error) return <ListError error={error} fallback="The affected versions could not be loaded." />;
  if (!data) return <Text size="sm">Loading…</Text>;
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No product version is known for it (an active check decided these findings).
      </Text>
    );
  return (
    <Table aria-label="Affected products and versions" withTableBorder={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Product</Table.Th>
          <Table.Th scope="col">Version</Table.Th>
          <Table.Th scope="col">Service</Table.Th>
          <Table.Th scope="col">Assets</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((v) => (
          <Table.Tr key={`${v.product}/${v.version ?? ''}/${v.service ?? ''}`}>
            <Table.Td>{v.product}</Table.Td>
            <Table.Td>{v.version ?? '–'}</Table.Td>
            <Table.Td>{v.service ?? '–'}</Table.Td>
            <Table.Td>{v.assets}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RelatedIssues({ hid }: { hid: string }) {
  const { data, error } = useQuery({ queryKey: VULN_KEYS.related(hid), queryFn: ({ signal }) => fetchRelatedIssues(hid, signal) });
  if (error) return <ListError error={error} fallback="The related vulnerabilities could not be loaded." />;
  if (!data) return <Text size="sm">Loading…</Text>;
  if (data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No other vulnerability is open on these assets.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Related vulnerabilities">
      {data.map((r) => (
        <Group key={r.hid} component="li" gap="sm" wrap="nowrap">
          <SeverityBadge severity={r.severity} />
          <RiskBadge score={r.risk_score} />
          <Anchor component={Link} to={issueRoute(r.hid)} size="sm">
            {r.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.hid} · also on {r.shared_assets} of these assets
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function IssueOverview({ issue }: { issue: IssueDetails }) {
  const c = issue.counts;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" component="dl" m={0}>
          <Fact label="Severity">
            <SeverityBadge severity={issue.severity} label={issue.severity_label} />
          </Fact>
          <Fact label="Risk score">
            <RiskBadge score={issue.risk_score} />
          </Fact>
          <Fact label="CVSS">
            {formatCvss(issue.cvss)}
            {issue.cvss_vector && (
              <Text component="span" size="xs" c="dimmed" ff="monospace" display="block">
                {issue.cvss_vector}
              </Text>
            )}
          </Fact>
          <Fact label="EPSS">
            {epssText(issue.epss)}
            {issue.epss_percentile !== null && ` (percentile ${Math.round(issue.epss_percentile * 100)})`}
          </Fact>
          <Fact label="Known exploited (KEV)">{issue.exploit_known ? 'Yes' : 'No'}</Fact>
          <Fact label="Used by ransomware">{issue.ransomware_known ? 'Yes' : 'No'}</Fact>
          <Fact label="Kind">{issue.kind_label}</Fact>
          <Fact label="Quality of detection">{issue.qod > 0 ? <QodBadge qod={issue.qod} /> : '–'}</Fact>
          <Fact label="Source">{VULNERABILITY_SOURCE_LABELS[issue.source as VulnerabilitySource] ?? issue.source}</Fact>
          <Fact label="Open">{c.open}</Fact>
          <Fact label="Closed">{c.closed}</Fact>
          <Fact label="Ignored or disabled">{c.ignored}</Fact>
          <Fact label="Assets">{c.assets}</Fact>
          <Fact label="First found">{seenText(issue.created)}</Fact>
          <Fact label="Last detected">{seenText(issue.last_detected)}</Fact>
          {issue.check_id && (
            <Fact label="Test">
              <Anchor component={Link} to={testPagePath(issue.check_id)}>
                {issue.check_id}
              </Anchor>
            </Fact>
          )}
          {issue.cves.length > 0 && <Fact label="CVEs">{issue.cves.join(', ')}</Fact>}
          {issue.cwes.length > 0 && (
            <Fact label="CWE">
              <CweLinks cwes={issue.cwes} />
            </Fact>
          )}
        </SimpleGrid>
        {issue.test_ignored && (
          <Badge color="gray" variant="outline" mt="md">
            The test behind it is ignored: its findings do not count
          </Badge>
        )}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Description">
          <LongText text={issue.description} none="No description." />
        </Section>
        <Section title="Solution">
          <LongText text={issue.solution} none="No solution is known yet." />
        </Section>
      </SimpleGrid>
      <Section title="Affected products and versions">
        <CommonVersions hid={issue.hid} />
      </Section>
      <Section title="Related vulnerabilities">
        <RelatedIssues hid={issue.hid} />
      </Section>
    </Stack>
  );
}

export function IssueReferences({ issue }: { issue: IssueDetails }) {
  const links = [...issue.references];
  for (const cve of issue.cves) {
    const url = cveUrl(cve);
    if (!links.some((l) => l.url === url)) links.push({ label: `${cve} at NVD`, url });
  }
  if (links.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No references for this vulnerability.
      </Text>
    );
  return (
    <List spacing="xs" aria-label="References">
      {links.map((l) => (
        <List.Item key={l.url}>
          <Anchor href={l.url} target="_blank" rel="noopener noreferrer" size="sm">
            {l.label}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            {l.url}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
