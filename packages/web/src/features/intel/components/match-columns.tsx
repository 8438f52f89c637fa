// The columns of a CVE lookup: the CVE and its description, severity, CVSS, EPSS, KEV and ransomware flags, risk, what matched.
import { Badge, Group, Text } from '@mantine/core';
import { EXPLOIT_FLAG, EXPLOIT_FLAG_LABELS } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { VulnerabilityMatch } from '../api/intel-api.ts';
import { formatEpss, riskColor } from '../intel-format.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

function Exploitation({ match }: { match: VulnerabilityMatch }) {
  return (
    <Group gap={4}>
      {match.kev && (
        <Badge
          color="red"
          variant="filled"
          miw="max-content"
          title={match.kev_date_added ? `In CISA KEV since ${match.kev_date_added}` : undefined}
        >
          {EXPLOIT_FLAG_LABELS[EXPLOIT_FLAG.exploit_known]}
        </Badge>
      )}
      {match.ransomware && (
        <Badge color="grape" variant="filled" miw="max-content">
          {EXPLOIT_FLAG_LABELS[EXPLOIT_FLAG.ransomware_known]}
        </Badge>
      )}
      {!match.kev && !match.ransomware && <Text size="sm">–</Text>}
    </Group>
  );
}

export const MATCH_COLUMNS: readonly DataColumn<VulnerabilityMatch>[] = [
  {
    key: 'cve',
    header: 'CVE',
    cellProps: { maw: 360 },
    cell: (match) => (
      <>
        <Text size="sm" fw={600} ff="monospace">
          {match.cve}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2} title={match.description}>
          {match.description}
        </Text>
      </>
    ),
  },
  { key: 'severity', header: 'Severity', cell: (match) => <SeverityBadge severity={match.severity} /> },
  {
    key: 'cvss',
    header: 'CVSS',
    cell: (match) => <Text size="sm">{match.cvss ? `${match.cvss.score.toFixed(1)} (v${match.cvss.version})` : '–'}</Text>,
  },
  { key: 'epss', header: 'EPSS', cell: (match) => <Text size="sm">{formatEpss(match.epss)}</Text> },
  { key: 'exploitation', header: 'Exploitation', cell: (match) => <Exploitation match={match} /> },
  {
    key: 'risk',
    header: 'Risk score',
    cell: (match) => (
      <Badge color={riskColor(match.risk_score)} variant="outline" miw="max-content">
        {Number(match.risk_score.toFixed(1))}
      </Badge>
    ),
  },
  {
    key: 'matched_by',
    header: 'Matched by',
    cellProps: { maw: 280 },
    cell: (match) => (
      <Text size="xs" style={{ wordBreak: 'break-word' }}>
        {match.matched_by}
      </Text>
    ),
  },
];
