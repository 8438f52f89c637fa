// The CVEs a lookup found: severity, CVSS, EPSS, exploitation in the wild, risk score and what matched.
import { Stack, Table, Text } from '@mantine/core';
import type { MatchKind, VulnerabilityMatch } from './intel-api.ts';
import { formatCount, matchKindNoun } from './intel-format.ts';
import { MatchRow } from './MatchRow.tsx';

const HEADINGS = ['CVE', 'Severity', 'CVSS', 'EPSS', 'Exploitation', 'Risk score', 'Matched by'];

export function MatchResultsTable({ kind, query, matches }: { kind: MatchKind; query: string; matches: VulnerabilityMatch[] }) {
  if (matches.length === 0) {
    return (
      <Text size="sm" role="status">
        No known vulnerabilities for this {matchKindNoun(kind)}.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {formatCount(matches.length)} known vulnerabilit{matches.length === 1 ? 'y' : 'ies'} for{' '}
        <Text span ff="monospace">
          {query}
        </Text>
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" striped aria-label={`Known vulnerabilities for ${query}`}>
          <Table.Thead>
            <Table.Tr>
              {HEADINGS.map((heading) => (
                <Table.Th key={heading} scope="col">
                  {heading}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matches.map((match, index) => (
              <MatchRow key={`${match.cve}:${index}`} match={match} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
