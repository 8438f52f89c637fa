// The customer's exposure above the vulnerability list (unified-assets/issues-summary/): the average asset risk, open
// vulnerabilities, findings, affected assets and known-exploited ones, and a bar of the open findings by severity whose
// legend filters the list to one severity.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SEVERITY_LABELS, type Severity } from '@bulwark/core';
import { severityColor } from '../../scans/result-format.ts';
import { HiddenBelowQodLink } from './qod.tsx';
import { RiskBadge } from './vulnerability-columns.tsx';
import { fetchSummary, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { LIST_PATH } from '../vulnerability-format.ts';

const SEVERITIES_DESC: Severity[] = [4, 3, 2, 1, 0];

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function ExposureSummary() {
  const { data } = useQuery({ queryKey: VULN_KEYS.summary, queryFn: ({ signal }) => fetchSummary(signal) });
  if (!data || data.open_findings === 0) return null;
  const total = data.open_findings;
  return (
    <Card withBorder padding="md" role="region" aria-label="Exposure">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
          <Figure label="Average asset risk">
            <Group gap={6}>
              <RiskBadge score={data.average_risk_score} />
              <Text size="xs" c="dimmed">
                over {data.assets_scored} {data.assets_scored === 1 ? 'asset' : 'assets'}
              </Text>
            </Group>
          </Figure>
          <Figure label="Open vulnerabilities">
            <Text fw={600}>{data.open_issues}</Text>
          </Figure>
          <Figure label="Open findings">
            <Text fw={600}>{data.open_findings}</Text>
          </Figure>
          <Figure label="Affected assets">
            <Text fw={600}>{data.affected_assets}</Text>
          </Figure>
          <Figure label="Known exploited">
            <Anchor component={Link} to={`${LIST_PATH}?exploit_known=true`} fw={600} c={data.exploit_known > 0 ? 'red' : undefined}>
              {data.exploit_known}
            </Anchor>
          </Figure>
        </SimpleGrid>
        <Progress.Root size="lg" role="group" aria-label="Open findings by severity">
          {SEVERITIES_DESC.filter((s) => data.by_severity[s]! > 0).map((s) => (
            <Tooltip key={s} label={`${SEVERITY_LABELS[s]}: ${data.by_severity[s]}`}>
              <Progress.Section
                value={(data.by_severity[s]! / total) * 100}
                color={severityColor(s)}
                aria-label={`${SEVERITY_LABELS[s]}: ${data.by_severity[s]}`}
              />
            </Tooltip>
          ))}
        </Progress.Root>
        <Group gap="md" wrap="wrap" role="group" aria-label="Open findings by severity, as a list">
          {SEVERITIES_DESC.map((s) => (
            <Anchor key={s} component={Link} to={`${LIST_PATH}?group=asset&severity=${s}`} size="sm" c={severityColor(s)}>
              {SEVERITY_LABELS[s]} {data.by_severity[s]}
            </Anchor>
          ))}
        </Group>
        <HiddenBelowQodLink />
      </Stack>
    </Card>
  );
}
