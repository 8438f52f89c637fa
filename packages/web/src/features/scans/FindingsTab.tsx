// The Findings tab of a run: severity filter and ordering, then a paged table of findings with their intelligence.
import { useState } from 'react';
import { Alert, Anchor, Badge, Group, MultiSelect, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FindingRow } from '@bulwark/core';
import { messageOf } from '../../api/errors.ts';
import { ListPager } from '../../components/ListPager.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { runFindingsQuery } from './scan-queries.ts';
import {
  cveUrl,
  findingCves,
  findingLocation,
  findingsQuery,
  findingStateColor,
  FINDING_ORDERINGS,
  formatCvss,
  formatEpssPercent,
  RESULT_PAGE_SIZE,
  riskScoreColor,
  severityColor,
  severityLabel,
  SEVERITIES_DESC,
} from './result-format.ts';

const HEADINGS = ['Severity', 'Name', 'CVE', 'Host', 'CVSS', 'EPSS', 'Known', 'Risk', 'State'];

function FindingRowView({ finding }: { finding: FindingRow }) {
  const cves = findingCves(finding);
  return (
    <Table.Tr data-finding-id={finding.id}>
      <Table.Td>
        <Badge color={severityColor(finding.severity)}>{finding.severity_label || severityLabel(finding.severity)}</Badge>
      </Table.Td>
      <Table.Td maw={320}>
        <Text size="sm" fw={500}>
          {finding.name}
        </Text>
        {finding.solution && (
          <Text size="xs" c="dimmed" lineClamp={2} title={finding.solution}>
            {finding.solution}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {cves.length === 0 ? (
          <Text size="sm" c="dimmed">
            –
          </Text>
        ) : (
          <Stack gap={0}>
            {cves.slice(0, 3).map((cve) => (
              <Anchor key={cve} href={cveUrl(cve)} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                {cve}
              </Anchor>
            ))}
            {cves.length > 3 && (
              <Text size="xs" c="dimmed">
                +{cves.length - 3} more
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {findingLocation(finding)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatCvss(finding.cvss)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatEpssPercent(finding.epss)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {finding.exploit_known && (
            <Badge color="red" variant="outline" size="sm" title="In the CISA Known Exploited Vulnerabilities catalog">
              KEV
            </Badge>
          )}
          {finding.ransomware_known && (
            <Badge color="grape" variant="outline" size="sm" title="Known to be used in ransomware campaigns">
              Ransomware
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge color={riskScoreColor(finding.risk_score)} variant="light">
          {Math.round(finding.risk_score)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Badge color={findingStateColor(finding.state_label)} variant="dot">
          {finding.state_label}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

export function FindingsTab({ runId, polling }: { runId: number; polling: number | false }) {
  const [severities, setSeverities] = useState<string[]>([]);
  const [ordering, setOrdering] = useState<string>('-risk_score');
  const [page, setPage] = useState(1);
  const query = findingsQuery(severities.map(Number), ordering, page);
  const { data, error } = useQuery(runFindingsQuery(runId, query, polling));

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <MultiSelect
          label="Severity"
          placeholder={severities.length === 0 ? 'Any severity' : undefined}
          data={SEVERITIES_DESC.map((s) => ({ value: String(s), label: severityLabel(s) }))}
          value={severities}
          onChange={(values) => {
            setSeverities(values);
            setPage(1);
          }}
          clearable
          w={260}
        />
        <Select
          label="Sort by"
          data={FINDING_ORDERINGS.map((o) => ({ value: o.value, label: o.label }))}
          value={ordering}
          onChange={(value) => {
            setOrdering(value ?? '-risk_score');
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {messageOf(error, 'The findings could not be loaded.')}
        </Alert>
      ) : !data ? (
        <PageLoader label="Loading findings…" />
      ) : data.count === 0 ? (
        <Text size="sm" c="dimmed" py="md" data-testid="findings-empty">
          {severities.length > 0 ? 'No finding of these severities.' : 'No findings in this run.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1000}>
            <Table verticalSpacing="sm" striped aria-label="Findings">
              <Table.Thead>
                <Table.Tr>
                  {HEADINGS.map((h) => (
                    <Table.Th key={h} scope="col">
                      {h}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.results.map((finding) => (
                  <FindingRowView key={finding.id} finding={finding} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPager count={data.count} page={page} pageSize={RESULT_PAGE_SIZE} onPageChange={setPage} noun="findings" singular="finding" />
        </>
      )}
    </Stack>
  );
}
