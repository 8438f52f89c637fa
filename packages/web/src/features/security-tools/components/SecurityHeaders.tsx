// The security headers of a website's last answer: each header, its value (or "Missing") and the verdict with a sign.
import { Text } from '@mantine/core';
import type { WebsiteCheckResult } from '@bulwark/core';
import { DataTable } from '../../../components/data-table/index.ts';
import { CheckStatus } from './MonitorStatus.tsx';

type Header = WebsiteCheckResult['security_headers'][number];

export function SecurityHeaders({ headers }: { headers: readonly Header[] }) {
  return (
    <DataTable
      id="website-security-headers"
      caption="Security headers"
      columns={[
        {
          key: 'name',
          header: 'Header',
          cell: (h) => (
            <Text size="sm" ff="monospace">
              {h.name}
            </Text>
          ),
        },
        {
          key: 'value',
          header: 'Value',
          cell: (h) =>
            h.value === null ? (
              <Text size="sm" c="dimmed">
                Missing
              </Text>
            ) : (
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {h.value}
              </Text>
            ),
          cellProps: { maw: 480 },
        },
        { key: 'status', header: 'Result', cell: (h) => <CheckStatus status={h.status} /> },
      ]}
      rows={headers}
      rowKey={(h) => h.name}
      rowProps={(h) => ({ 'data-header': h.name })}
      empty={{ title: 'No answer to read headers from.' }}
    />
  );
}
