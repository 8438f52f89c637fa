// A mail domain's checks of one run, grouped as a mail administrator reads them: the domain's DNS (MX, SPF, DMARC, DKIM,
// MTA-STS, TLS-RPT, DNSSEC, block lists), then each MX host with its STARTTLS, certificate, open relay, banner and
// reverse DNS; and the MX records with their preferences and addresses.
import { Stack, Text } from '@mantine/core';
import type { MailCheckResult, MonitorCheck } from '@bulwark/core';
import { DataTable } from '../../../components/data-table/index.ts';
import { ChecksTable } from './ChecksTable.tsx';

/** The checks made once per MX address; every other check is the domain's. */
export const MX_CHECKS: readonly string[] = ['starttls', 'certificate', 'open_relay', 'banner', 'reverse_dns'];
const DOMAIN_ORDER = ['mx', 'spf', 'dmarc', 'dkim', 'mta_sts', 'tls_rpt', 'dnssec', 'blocklist'];

export interface CheckGroup {
  title: string;
  checks: MonitorCheck[];
}

/** The domain's checks in the usual order, then one group per MX target ('mx1.example.org (192.0.2.1)'). */
export function groupMailChecks(checks: readonly MonitorCheck[]): CheckGroup[] {
  const rank = (c: MonitorCheck) => {
    const i = DOMAIN_ORDER.indexOf(c.check);
    return i === -1 ? DOMAIN_ORDER.length : i;
  };
  const domain = checks.filter((c) => !MX_CHECKS.includes(c.check)).sort((a, b) => rank(a) - rank(b));
  const byTarget = new Map<string, MonitorCheck[]>();
  for (const c of checks.filter((x) => MX_CHECKS.includes(x.check))) byTarget.set(c.target, [...(byTarget.get(c.target) ?? []), c]);
  return [
    { title: 'Domain (DNS)', checks: domain },
    ...[...byTarget].map(([target, list]) => ({
      title: `MX ${target}`,
      checks: list.sort((a, b) => MX_CHECKS.indexOf(a.check) - MX_CHECKS.indexOf(b.check)),
    })),
  ];
}

export function MailChecks({ result }: { result: MailCheckResult }) {
  const groups = groupMailChecks(result.checks);
  return (
    <Stack gap="md">
      {result.error && (
        <Text size="sm" c="red" role="alert">
          {result.error}
        </Text>
      )}
      {groups.map((g, i) => (
        <Stack key={g.title} gap={4}>
          <Text size="sm" fw={600} component="h3" m={0}>
            {g.title}
          </Text>
          <ChecksTable
            id={`mail-checks-${i}`}
            caption={g.title}
            kind="mail"
            checks={g.checks}
            hideTarget={i > 0}
            empty={i === 0 ? 'No DNS checks in this run.' : 'No checks of this host.'}
          />
        </Stack>
      ))}
    </Stack>
  );
}

export function MxRecords({ mx }: { mx: MailCheckResult['mx'] }) {
  return (
    <DataTable
      id="mail-mx-records"
      caption="MX records"
      columns={[
        { key: 'preference', header: 'Preference', cell: (r) => <Text size="sm">{r.preference}</Text> },
        { key: 'host', header: 'Host', cell: (r) => <Text size="sm">{r.host}</Text> },
        {
          key: 'addresses',
          header: 'Addresses',
          cell: (r) => <Text size="sm">{r.addresses.length ? r.addresses.join(', ') : 'None (the name does not resolve)'}</Text>,
        },
      ]}
      rows={[...mx].sort((a, b) => a.preference - b.preference)}
      rowKey={(r) => `${r.preference}-${r.host}`}
      empty={{ title: 'No MX records: mail for the domain goes to its address (A/AAAA), if anywhere.' }}
    />
  );
}
