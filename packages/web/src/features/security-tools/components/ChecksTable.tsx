// The checks of one run: each check's name (WEBSITE_CHECKS / MAIL_CHECKS), what it looked at, its verdict with a sign
// and a word, and the sentence saying what was found and what to fix.
import { Text } from '@mantine/core';
import type { MonitorCheck } from '@bulwark/core';
import { DataTable, type DataColumn } from '../../../components/data-table/index.ts';
import { checkLabel, type MonitorKindName } from '../monitor-format.ts';
import { CheckStatus } from './MonitorStatus.tsx';

interface ChecksTableProps {
  id: string;
  caption: string;
  kind: MonitorKindName;
  checks: readonly MonitorCheck[];
  /** Leave out the target column (all checks look at the same thing). */
  hideTarget?: boolean;
  empty?: string;
}

export function ChecksTable({ id, caption, kind, checks, hideTarget = false, empty = 'No checks in this run.' }: ChecksTableProps) {
  const columns: DataColumn<MonitorCheck>[] = [
    {
      key: 'check',
      header: 'Check',
      cell: (c) => (
        <Text size="sm" fw={500}>
          {checkLabel(kind, c.check)}
        </Text>
      ),
    },
    ...(hideTarget
      ? []
      : [
          {
            key: 'target',
            header: 'Looked at',
            cell: (c: MonitorCheck) => (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {c.target}
              </Text>
            ),
          },
        ]),
    { key: 'status', header: 'Result', cell: (c) => <CheckStatus status={c.status} /> },
    { key: 'detail', header: 'Detail', cell: (c) => <Text size="sm">{c.detail}</Text>, cellProps: { maw: 520 } },
  ];
  return (
    <DataTable
      id={id}
      caption={caption}
      columns={columns}
      rows={checks}
      rowKey={(c, i) => `${c.check}-${c.target}-${i}`}
      rowProps={(c) => ({ 'data-check': c.check, 'data-status': c.status })}
      empty={{ title: empty }}
    />
  );
}
