// The columns and filters of the web test catalogue: the test (opening its details), its category, OWASP Top 10
// category, severity, whether it is active or passive, and its CWE.
import { Anchor, Badge, Text } from '@mantine/core';
import { OWASP_2021_IDS, OWASP_2021_LABELS, SEVERITY_LABELS, type Owasp2021 } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { FilterDef } from '../../../components/filter-bar/index.ts';
import { SeverityBadge } from '../../vulnerabilities/components/vulnerability-columns.tsx';
import type { WebCatalogTest } from '../api/catalog-api.ts';

/** 'A03:2021 Injection'. */
export const owaspText = (id: Owasp2021): string => `${id.slice(0, 3)} ${OWASP_2021_LABELS[id]}`;

export function OwaspBadge({ owasp }: { owasp: Owasp2021 | null }) {
  if (!owasp) return <Text size="sm">—</Text>;
  return (
    <Badge variant="light" color="indigo" title={`OWASP Top 10 (2021) ${owasp}: ${OWASP_2021_LABELS[owasp]}`}>
      {owaspText(owasp)}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: 'active' | 'passive' }) {
  return kind === 'active' ? (
    <Badge variant="outline" color="orange" title="Sends payloads to the application">
      Active
    </Badge>
  ) : (
    <Badge variant="outline" color="gray" title="Only reads what the crawl fetched">
      Passive
    </Badge>
  );
}

export function catalogColumns(onOpen: (test: WebCatalogTest) => void): DataColumn<WebCatalogTest>[] {
  return [
    {
      key: 'name',
      header: 'Test',
      sortKey: 'name',
      cell: (test) => (
        <>
          <Anchor component="button" type="button" size="sm" fw={500} onClick={() => onOpen(test)} aria-label={`Details of ${test.name}`}>
            {test.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {test.id}
          </Text>
        </>
      ),
    },
    {
      key: 'category',
      header: 'Category',
      sortKey: 'category',
      hideable: true,
      cell: (test) => <Text size="sm">{test.category || '—'}</Text>,
    },
    { key: 'owasp', header: 'OWASP Top 10', sortKey: 'owasp', cell: (test) => <OwaspBadge owasp={test.owasp} /> },
    {
      key: 'severity',
      header: 'Severity',
      sortKey: 'severity',
      descendingFirst: true,
      cell: (test) => <SeverityBadge severity={test.severity} />,
    },
    { key: 'kind', header: 'Kind', hideable: true, cell: (test) => <KindBadge kind={test.kind} /> },
    { key: 'cwe', header: 'CWE', hideable: true, cell: (test) => <Text size="sm">{test.cwe.join(', ') || '—'}</Text> },
  ];
}

export const OWASP_OPTIONS = OWASP_2021_IDS.map((id) => ({ value: id, label: owaspText(id) }));
const SEVERITY_OPTIONS = ([4, 3, 2, 1, 0] as const).map((s) => ({ value: String(s), label: SEVERITY_LABELS[s] }));

export const CATALOG_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Id, name or CWE', width: 240 },
  { kind: 'text', name: 'category', label: 'Category', placeholder: 'e.g. sql-injection', width: 180 },
  { kind: 'select', name: 'owasp', label: 'OWASP Top 10', options: OWASP_OPTIONS, width: 260 },
  { kind: 'select', name: 'severity', label: 'Severity', options: SEVERITY_OPTIONS },
  {
    kind: 'select',
    name: 'kind',
    label: 'Kind',
    options: [
      { value: 'active', label: 'Active' },
      { value: 'passive', label: 'Passive' },
    ],
  },
];
