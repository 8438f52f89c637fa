// The CVEs a lookup found: severity, CVSS, EPSS, exploitation in the wild, risk score and what matched.
import { Stack, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table/index.ts';
import type { MatchKind, VulnerabilityMatch } from '../api/intel-api.ts';
import { formatCount, matchKindNoun } from '../intel-format.ts';
import { MATCH_COLUMNS } from './match-columns.tsx';

export function MatchResultsTable({ kind, query, matches }: { kind: MatchKind; query: string; matches: VulnerabilityMatch[] }) {
  return (
    <Stack gap="xs">
      {matches.length > 0 && (
        <Text size="sm" role="status">
          {formatCount(matches.length)} known vulnerabilit{matches.length === 1 ? 'y' : 'ies'} for{' '}
          <Text span ff="monospace">
            {query}
          </Text>
        </Text>
      )}
      <DataTable
        id="vulnerability-matches"
        caption={`Known vulnerabilities for ${query}`}
        columns={MATCH_COLUMNS}
        rows={matches}
        // A CVE can match by more than one rule: the position keeps rows apart.
        rowKey={(match, index) => `${match.cve}:${index}`}
        empty={{ title: `No known vulnerabilities for this ${matchKindNoun(kind)}.` }}
        minWidth={900}
      />
    </Stack>
  );
}
