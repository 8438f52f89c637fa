// The columns and filters of the catalogue screen: the tests (name, category, severity, source, ignored, and the action
// to ignore or un-ignore one) and the refused templates (file, id, reason).
import { Link } from 'react-router';
import { Anchor, Badge, Code, Text } from '@mantine/core';
import { SEVERITY_LABELS, type Severity } from '@bulwark/core';
import type { DataColumn } from '../../components/data-table/index.ts';
import type { FilterDef } from '../../components/filter-bar/index.ts';
import { testPagePath, type CatalogueTest, type RefusedTemplate } from './catalogue-api.ts';

const SOURCE_OPTIONS = [
  { value: 'shipped', label: 'Shipped' },
  { value: 'community', label: 'Community' },
] as const;

export function SourceBadge({ source, origin }: { source: 'shipped' | 'community'; origin?: string }) {
  return source === 'community' ? (
    <Badge variant="light" color="grape" title={origin}>
      Community
    </Badge>
  ) : (
    <Badge variant="light">Shipped</Badge>
  );
}

/** Says that a test stays off while a profile keeps safe checks on, and why. */
export function UnsafeBadge({ reason }: { reason: string | null }) {
  return reason ? (
    <Badge variant="light" color="orange" title={`Runs only in profiles with safe checks off: ${reason}`}>
      Not safe
    </Badge>
  ) : null;
}

export const TEST_COLUMNS: readonly DataColumn<CatalogueTest>[] = [
  {
    key: 'name',
    header: 'Test',
    sortKey: 'name',
    cell: (test) => (
      <>
        <Anchor component={Link} to={testPagePath(test.id)} size="sm" fw={500}>
          {test.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {test.id}
          {test.cve.length > 0 ? ` · ${test.cve.join(', ')}` : ''}
        </Text>
      </>
    ),
  },
  { key: 'category', header: 'Category', sortKey: 'category', hideable: true, cell: (test) => <Text size="sm">{test.category}</Text> },
  {
    key: 'severity',
    header: 'Severity',
    sortKey: 'severity',
    descendingFirst: true,
    cell: (test) => <Text size="sm">{SEVERITY_LABELS[test.severity as Severity]}</Text>,
  },
  {
    key: 'source',
    header: 'Source',
    hideable: true,
    cell: (test) => (
      <>
        <SourceBadge source={test.source} origin={test.origin} /> <UnsafeBadge reason={test.unsafe} />
        {test.source === 'community' && (
          <Text size="xs" c="dimmed">
            {test.origin}
          </Text>
        )}
      </>
    ),
  },
  {
    key: 'ignored',
    header: 'Ignored',
    cell: (test) =>
      test.ignored ? (
        <Badge variant="light" color="gray" title="Its findings do not count for your organisation">
          Ignored
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          No
        </Text>
      ),
  },
];

/** The test columns with the ignore / un-ignore action of each row. */
export function testColumns(onToggleIgnored: (test: CatalogueTest) => void): DataColumn<CatalogueTest>[] {
  return [
    ...TEST_COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (test) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => onToggleIgnored(test)}
          aria-label={`${test.ignored ? 'Un-ignore' : 'Ignore'} ${test.name}`}
        >
          {test.ignored ? 'Un-ignore' : 'Ignore'}
        </Anchor>
      ),
    },
  ];
}

export const TEST_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search', placeholder: 'Id, name or CVE', width: 260 },
  { kind: 'select', name: 'source', label: 'Source', options: SOURCE_OPTIONS },
  { kind: 'boolean', name: 'ignored', label: 'Ignored', trueLabel: 'Ignored', falseLabel: 'Not ignored' },
];

export const REFUSED_COLUMNS: readonly DataColumn<RefusedTemplate>[] = [
  {
    key: 'file',
    header: 'File',
    cell: (r) => (
      <>
        <Code>{r.file || r.folder}</Code>
        <Text size="xs" c="dimmed">
          {r.source === 'community' ? `Community folder ${r.folder}` : 'Shipped checks'}
        </Text>
      </>
    ),
  },
  { key: 'id', header: 'Template id', cell: (r) => <Text size="sm">{r.template_id ?? '—'}</Text> },
  { key: 'reason', header: 'Why it was refused', cell: (r) => <Text size="sm">{r.reason}</Text> },
];

export const REFUSED_FILTERS: readonly FilterDef[] = [
  { kind: 'text', name: 'search', label: 'Search refused templates', placeholder: 'File, id or reason', width: 260 },
];
