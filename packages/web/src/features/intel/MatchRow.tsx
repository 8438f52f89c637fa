// One CVE of a lookup: description, severity, CVSS, EPSS, KEV and ransomware flags, risk score, what matched.
import { Badge, Group, Table, Text } from '@mantine/core';
import { EXPLOIT_FLAG, EXPLOIT_FLAG_LABELS } from '@bulwark/core';
import type { VulnerabilityMatch } from './intel-api.ts';
import { formatEpss, riskColor } from './intel-format.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

export function MatchRow({ match }: { match: VulnerabilityMatch }) {
  return (
    <Table.Tr>
      <Table.Td maw={360}>
        <Text size="sm" fw={600} ff="monospace">
          {match.cve}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2} title={match.description}>
          {match.description}
        </Text>
      </Table.Td>
      <Table.Td>
        <SeverityBadge severity={match.severity} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{match.cvss ? `${match.cvss.score.toFixed(1)} (v${match.cvss.version})` : '–'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatEpss(match.epss)}</Text>
      </Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td>
        <Badge color={riskColor(match.risk_score)} variant="outline" miw="max-content">
          {Number(match.risk_score.toFixed(1))}
        </Badge>
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="xs" style={{ wordBreak: 'break-word' }}>
          {match.matched_by}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
