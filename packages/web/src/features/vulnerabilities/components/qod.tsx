// Quality of detection (QoD) on the vulnerability screens: its badge ("30 % · Low"), the list filter that shows findings
// below the customer's minimum (`qod_min`), the QoD column the lists add while it is set, and the lines that say how many
// findings the minimum hid (the list's, and the headline's on the exposure summary and the dashboard), showing them.
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QOD_LEVEL_LABELS, hiddenBelowQodMessage, qodLevel, type Issue, type QodHidden, type Vulnerability } from '@bulwark/core';
import type { DataColumn } from '../../../components/data-table/index.ts';
import type { FilterDef, FilterValue } from '../../../components/filter-bar/index.ts';
import { fetchSummary, VULN_KEYS } from '../api/vulnerabilities-api.ts';
import { LIST_PATH } from '../vulnerability-format.ts';

/** The list parameter, and its value that shows every finding. */
export const QOD_PARAM = 'qod_min';
export const SHOW_ALL_QOD = '0';

/** "Quality of detection": the customer's minimum (no parameter), everything, or only high-confidence findings. */
export const QOD_FILTER: FilterDef = {
  kind: 'select',
  name: QOD_PARAM,
  label: 'Quality of detection',
  placeholder: 'Your minimum (default)',
  options: [
    { value: SHOW_ALL_QOD, label: 'Show low-confidence findings' },
    { value: '70', label: 'At least 70 % (middling)' },
    { value: '90', label: 'At least 90 % (high)' },
  ],
  width: 240,
};

export const SHOW_ALL_QOD_VALUE: FilterValue = { kind: 'select', value: SHOW_ALL_QOD };

const LEVEL_COLOR = { high: 'teal', middling: 'yellow', low: 'red' } as const;

export function QodBadge({ qod }: { qod: number }) {
  const level = qodLevel(qod);
  return (
    <Badge color={LEVEL_COLOR[level]} variant="light" title={`Quality of detection ${qod} % (${QOD_LEVEL_LABELS[level]})`}>
      {`${qod} % · ${QOD_LEVEL_LABELS[level]}`}
    </Badge>
  );
}

export const ISSUE_QOD_COLUMN: DataColumn<Issue> = { key: 'qod', header: 'QoD', cell: (i) => <QodBadge qod={i.qod} /> };
export const FINDING_QOD_COLUMN: DataColumn<Vulnerability> = {
  key: 'qod',
  header: 'QoD',
  sortKey: 'qod',
  cell: (f) => <QodBadge qod={f.qod} />,
};

/** The columns with the QoD column before the last one, while the list shows findings by another minimum. */
export function withQodColumn<T>(columns: readonly DataColumn<T>[], column: DataColumn<T>, shown: boolean): readonly DataColumn<T>[] {
  return shown ? [...columns.slice(0, -1), column, ...columns.slice(-1)] : columns;
}

/** "3 findings below the minimum quality of detection (70 %) are hidden — Show them"; nothing when none are. */
export function HiddenBelowQod({ qod, onShow }: { qod: QodHidden | null | undefined; onShow: () => void }) {
  if (!qod || qod.hidden === 0) return null;
  return (
    <Alert color="gray" variant="light" p="xs" data-testid="qod-hidden">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{hiddenBelowQodMessage(qod.hidden, qod.min)} —</Text>
        <Button size="compact-sm" variant="subtle" onClick={onShow}>
          Show them
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The headline's line (exposure summary, dashboard): the open findings the customer's minimum hid, linking to the list
 * that shows them; nothing when none are, or when the caller cannot read vulnerabilities.
 */
export function HiddenBelowQodLink() {
  const { data } = useQuery({ queryKey: VULN_KEYS.summary, queryFn: ({ signal }) => fetchSummary(signal), retry: false });
  const qod = data?.qod;
  if (!qod || qod.hidden === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="qod-hidden-summary">
      {hiddenBelowQodMessage(qod.hidden, qod.min)} —{' '}
      <Anchor component={Link} to={`${LIST_PATH}?group=asset&${QOD_PARAM}=${SHOW_ALL_QOD}`} size="sm">
        Show them
      </Anchor>
    </Text>
  );
}
